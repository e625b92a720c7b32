/**
 * The inline rename form of one session row: a text field named "Session title" holding the current title, Save
 * (Enter) and Cancel (Escape). The title is kept beside the log by the host (`session.rename`), never in it. The note
 * under the field says as the person types what Save will do: an empty title goes back to the automatic one; near the
 * host's limit of 200 characters it counts them, and past it (a paste) it says so and Save waits (`model/rename.ts`).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { sessionsLocales } from '../locales.ts';
import { renameFieldStateOf } from '../model/rename.ts';

/** Props of `RenameForm`. */
export interface RenameFormProps {
  /** The title the field starts with (the custom title, else the shown one). */
  initial: string;
  /** Save the typed title (trimmed by the host). */
  onSave: (title: string) => void;
  onCancel: () => void;
  /** A save is on its way (the buttons wait). */
  saving: boolean;
  /** Why the last save failed, already worded; undefined when it did not. */
  error: string | undefined;
}

/** The form (see `RenameFormProps`). */
export function RenameForm({ initial, onSave, onCancel, saving, error }: RenameFormProps) {
  const t = useCopy(sessionsLocales);
  const [title, setTitle] = useState(initial);
  const hintId = useId();
  const field = useRef<HTMLInputElement>(null);
  // The form opens on the person's own Rename press, so the field takes focus with its text selected.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const state = renameFieldStateOf(title);
  const note =
    state.kind === 'reset'
      ? t.titleResets
      : state.kind === 'tooLong'
        ? t.titleTooLong(state.count, state.limit)
        : state.count !== undefined
          ? t.titleCount(state.count, state.limit)
          : t.titleHint;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.kind !== 'tooLong') onSave(title);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the form cancels the rename
    <form className="session-rename" onSubmit={submit} onKeyDown={onKeyDown}>
      <label>
        <span className="visually-hidden">{t.titleField}</span>
        <input
          type="text"
          value={title}
          aria-describedby={hintId}
          aria-invalid={state.kind === 'tooLong' || undefined}
          ref={field}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
      </label>
      <p id={hintId} className={`session-rename-hint${state.kind === 'tooLong' ? ' sessions-error' : ' quiet'}`} aria-live="polite">
        {note}
      </p>
      {error ? (
        <p role="alert" className="sessions-error">
          {error}
        </p>
      ) : null}
      <div className="session-rename-actions">
        <button type="submit" className="button primary" disabled={saving || state.kind === 'tooLong'}>
          {t.save}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
