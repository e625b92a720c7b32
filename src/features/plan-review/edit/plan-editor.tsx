/**
 * The plan as a Markdown editor: a textbox named "Plan" holding the review's edit draft, and the rendered preview
 * beside it (wide) or under it (narrow). The textarea is the only part subscribed to the draft, so a keystroke
 * re-renders it alone; the preview follows the text once typing pauses, in a transition, so a long plan never slows
 * typing. Ctrl/Cmd+Enter sends the edits.
 */
import { startTransition, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { isSendShortcut } from '../../../lib/keys.ts';
import { Markdown } from '../../../components/markdown.tsx';
import { commentsDraftOf } from '../comments-store.ts';
import { ReviewField } from '../components/review-field.tsx';
import { readEdit, setEditText, useEdit } from './edit-draft.ts';
import { planEditLocales } from './locales.ts';

/** How long typing must pause before the preview follows it, in ms (`LONG_PREVIEW_DELAY_MS` for a long plan). */
export const PREVIEW_DELAY_MS = 250;
/** The pause before the preview of a plan over `LONG_PLAN_CHARS` follows: re-rendering it is a long task, so it waits for a real pause. */
export const LONG_PREVIEW_DELAY_MS = 1000;
/** From this length (UTF-16 units) a plan's preview waits `LONG_PREVIEW_DELAY_MS`. */
export const LONG_PLAN_CHARS = 20_000;

/** Props of {@link PlanEditor}. */
export interface PlanEditorProps {
  /** Id of the plan area (the Expand button controls it). */
  id: string;
  rpcId: string;
  /** The plan the agent sent. */
  plan: string;
  /** An answer is on its way or was accepted: the text stays, but cannot change. */
  readOnly: boolean;
  /** Focus the textbox when it mounts (after "Edit plan", not after a reload). */
  focusOnMount: boolean;
  onSend: () => void;
}

function EditField({ rpcId, plan, readOnly, focusOnMount, onSend }: Omit<PlanEditorProps, 'id'>) {
  const copy = useCopy(planEditLocales);
  const text = useEdit(rpcId)?.text ?? plan;
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnMount) field.current?.focus({ preventScroll: true });
  }, [focusOnMount]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendShortcut(event)) return;
    event.preventDefault();
    onSend();
  };
  return (
    <ReviewField
      label={copy.plan}
      hint={copy.hint}
      classes={{ field: 'plan-edit__source', input: 'plan-edit__input' }}
      textareaRef={field}
      value={text}
      spellCheck={false}
      readOnly={readOnly}
      onChange={(event) => setEditText(rpcId, plan, event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

/** The edit draft's text, following it once typing paused (`PREVIEW_DELAY_MS`, longer for a long plan), as a transition. */
function usePreviewText(rpcId: string, plan: string): string {
  const text = useEdit(rpcId)?.text ?? plan;
  const [shown, setShown] = useState(() => readEdit(commentsDraftOf(rpcId))?.text ?? plan);
  useEffect(() => {
    if (text === shown) return;
    const delay = text.length > LONG_PLAN_CHARS ? LONG_PREVIEW_DELAY_MS : PREVIEW_DELAY_MS;
    const timer = setTimeout(() => startTransition(() => setShown(text)), delay);
    return () => clearTimeout(timer);
  }, [text, shown]);
  return shown;
}

function Preview({ rpcId, plan }: { rpcId: string; plan: string }) {
  const copy = useCopy(planEditLocales);
  const text = usePreviewText(rpcId, plan);
  return (
    <div role="region" aria-label={copy.preview} tabIndex={0} className="plan-edit__preview">
      {text.trim() === '' ? <p className="plan-review__empty">{copy.emptyPreview}</p> : <Markdown text={text} titled />}
    </div>
  );
}

/** The editor (see {@link PlanEditorProps}) in the place of the plan. */
export function PlanEditor({ id, ...props }: PlanEditorProps) {
  return (
    <div id={id} className="plan-review__plan plan-edit">
      <EditField {...props} />
      <Preview rpcId={props.rpcId} plan={props.plan} />
    </div>
  );
}
