/**
 * The textbox of a comment: labelled "Comment", with "Add comment" (or Save) and Cancel; Ctrl/Cmd+Enter submits and
 * Escape cancels. Its text is local until submitted, so typing re-renders this box alone, never the plan; a caller that
 * keeps what is typed (a new comment's unsent draft) hears every change through `onChange`. When it opens it takes
 * focus and brings the whole box, textbox and buttons, into view (`block: 'nearest'`: the plan scrolls as little as it
 * must, so the box sits above the card's footer rather than under it).
 */
import { isComposing, isSendShortcut } from '../../../lib/keys.ts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionButton } from '../../../components/action-button.tsx';
import { useCopy } from '../../../lib/language.ts';
import { ReviewField } from '../components/review-field.tsx';
import { reviewCommentsLocales } from './locales.ts';

/** Props of {@link CommentEditor}. */
export interface CommentEditorProps {
  /** The text to start from (an edit, or the block's unsent draft), else empty. */
  initial?: string | undefined;
  /** The submit button's text: "Add comment" or "Save". */
  submitLabel: string;
  /** Called with the trimmed, non-blank text. */
  onSubmit: (text: string) => void;
  /** Cancel or Escape: the caller closes the box (and keeps or drops what was typed). */
  onCancel: () => void;
  /** Called with the text as typed on every change (an unsent draft to keep), if given. */
  onChange?: ((text: string) => void) | undefined;
}

/** The editor (see {@link CommentEditorProps}); it takes focus and scrolls into view when it opens. */
export function CommentEditor({ initial = '', submitLabel, onSubmit, onCancel, onChange }: CommentEditorProps) {
  const copy = useCopy(reviewCommentsLocales);
  const [text, setText] = useState(initial);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const input = field.current;
    if (input === null) return;
    input.focus({ preventScroll: true });
    // The caret at the end of a kept draft, as after typing it.
    input.setSelectionRange(input.value.length, input.value.length);
    const box = input.closest('.review-comment__editor') ?? input;
    // jsdom has no scrollIntoView.
    if (typeof box.scrollIntoView === 'function') box.scrollIntoView({ block: 'nearest' });
  }, []);
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
      onChange={(event) => {
        setText(event.target.value);
        onChange?.(event.target.value);
      }}
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
