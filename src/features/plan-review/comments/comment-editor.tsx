/**
 * The textbox of a comment: labelled "Comment", with "Add comment" (or Save) and Cancel; Ctrl/Cmd+Enter submits and
 * Escape cancels. Its text is local until submitted, so typing re-renders this box alone, never the plan.
 */
import { isComposing, isSendShortcut } from '../../../lib/keys.ts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionButton } from '../../../components/action-button.tsx';
import { useCopy } from '../../../lib/language.ts';
import { ReviewField } from '../components/review-field.tsx';
import { reviewCommentsLocales } from './locales.ts';

/** Props of {@link CommentEditor}. */
export interface CommentEditorProps {
  /** The text to start from (an edit), else empty. */
  initial?: string | undefined;
  /** The submit button's text: "Add comment" or "Save". */
  submitLabel: string;
  /** Called with the trimmed, non-blank text. */
  onSubmit: (text: string) => void;
  onCancel: () => void;
}

/** The editor (see {@link CommentEditorProps}); it takes focus when it opens. */
export function CommentEditor({ initial = '', submitLabel, onSubmit, onCancel }: CommentEditorProps) {
  const copy = useCopy(reviewCommentsLocales);
  const [text, setText] = useState(initial);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = () => {
    if (text.trim() !== '') onSubmit(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isComposing(event)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (isSendShortcut(event)) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <ReviewField
      label={copy.comment}
      classes={{ field: 'review-comment__editor', input: 'review-comment__input' }}
      textareaRef={field}
      rows={2}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
    >
      <div className="review-comment__buttons">
        <ActionButton variant="ghost" onClick={onCancel}>
          {copy.cancel}
        </ActionButton>
        <ActionButton variant="primary" disabled={text.trim() === ''} onClick={submit}>
          {submitLabel}
        </ActionButton>
      </div>
    </ReviewField>
  );
}
