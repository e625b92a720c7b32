/**
 * The delete confirmation of one session: an `alertdialog` naming the session, with "Delete session" and Cancel.
 * Focus moves to Cancel when it opens (a stray Enter keeps the session), Tab stays between its two buttons, and
 * Escape cancels. What a delete does is the host's (`session.delete` moves the log to the trash, so it can be undone).
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { sessionsLocales } from '../locales.ts';

/** Props of `DeleteDialog`. */
export interface DeleteDialogProps {
  /** The session's shown title. */
  title: string;
  /** What deleting stops besides the log (a running turn, a question waiting), said before the user confirms. */
  stops?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  /** The delete is on its way. */
  deleting: boolean;
}

/** The dialog (see `DeleteDialogProps`). */
export function DeleteDialog({ title, stops, onConfirm, onCancel, deleting }: DeleteDialogProps) {
  const t = useCopy(sessionsLocales);
  const headingId = useId();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Tab') {
      // Two buttons: Tab and Shift+Tab move between them and never leave the dialog.
      event.preventDefault();
      (document.activeElement === cancel.current ? confirm : cancel).current?.focus();
    }
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog keeps Tab inside and Escape cancels, for every control in it
    <div role="alertdialog" aria-modal="true" aria-labelledby={headingId} aria-describedby={bodyId} className="session-delete" onKeyDown={onKeyDown}>
      <p id={headingId} className="session-delete-title">
        {t.confirmDeleteTitle}
      </p>
      <p id={bodyId}>
        {t.confirmDeleteBody(title)}
        {stops ? ` ${stops}` : ''}
      </p>
      <div className="session-rename-actions">
        <button ref={confirm} type="button" className="button danger" onClick={onConfirm} disabled={deleting}>
          {t.confirmDelete}
        </button>
        <button ref={cancel} type="button" className="button" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
