/**
 * One draft comment: the quoted lines it anchors to (cut as it will be sent), its text, and Edit / Delete (named with
 * its lines). Edit swaps in the comment editor; nothing is lost on Cancel, and closing it (Save, Cancel or Escape) puts
 * focus back on Edit.
 */
import { useEffect, useRef, useState } from 'react';
import { ActionButton } from '../../../components/action-button.tsx';
import { cutQuote } from '../../../core/review/feedback-format.ts';
import { useCopy } from '../../../lib/language.ts';
import { useReviewCommentsStore, type DraftComment, type ReviewCommentsDraft } from '../comments-store.ts';
import { CommentEditor } from './comment-editor.tsx';
import { reviewCommentsLocales } from './locales.ts';

/**
 * Change the draft comments of a review with `change` (the store's own `update`, well-formed when empty); the rest of
 * the draft (the edit, the unsent comments) stays.
 */
export function updateComments(rpcId: string, change: (comments: DraftComment[]) => DraftComment[]): void {
  useReviewCommentsStore.getState().update(rpcId, (draft: ReviewCommentsDraft | undefined) => ({
    ...draft,
    comments: change(Array.isArray(draft?.comments) ? draft.comments : []),
    resolved: Array.isArray(draft?.resolved) ? draft.resolved : [],
  }));
}

/** Props of {@link CommentItem}. */
export interface CommentItemProps {
  rpcId: string;
  comment: DraftComment;
  /** An answer is on its way or was accepted: no edits. */
  readOnly: boolean;
  /** Show the quote (in the Comments list; beside its block the block itself is the quote). */
  quoted: boolean;
}

/** The comment (see {@link CommentItemProps}). */
export function CommentItem({ rpcId, comment, readOnly, quoted }: CommentItemProps) {
  const copy = useCopy(reviewCommentsLocales);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const lines = copy.lines(comment.start, comment.end);
  if (editing) {
    return (
      <CommentEditor
        initial={comment.text}
        submitLabel={copy.save}
        onCancel={() => setEditing(false)}
        onSubmit={(text) => {
          updateComments(rpcId, (comments) => comments.map((c) => (c.id === comment.id ? { ...c, text } : c)));
          setEditing(false);
        }}
      />
    );
  }
  return (
    <div className="review-comment">
      {quoted ? (
        <blockquote className="review-comment__quote">
          <pre>{cutQuote(comment.quote)}</pre>
        </blockquote>
      ) : null}
      <p className="review-comment__text">{comment.text}</p>
      {readOnly ? null : (
        <div className="review-comment__buttons">
          <ActionButton ref={editButton} variant="ghost" aria-label={copy.editOn(lines)} onClick={() => setEditing(true)}>
            {copy.edit}
          </ActionButton>
          <ActionButton
            variant="ghost"
            aria-label={copy.removeOn(lines)}
            onClick={() => updateComments(rpcId, (comments) => comments.filter((c) => c.id !== comment.id))}
          >
            {copy.remove}
          </ActionButton>
        </div>
      )}
    </div>
  );
}
