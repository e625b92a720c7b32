/**
 * What the review card's plan shows after each block (`Markdown` block controls): the block's "Comment" button,
 * "Comment on selected lines" when a text selection's last block is this one, the open "Add comment" box when it ends here, and the draft comments whose anchor ends with this block. Each instance
 * subscribes to its own comments only (shallow-compared), so adding a comment re-renders the blocks it touches.
 */
import { useShallow } from 'zustand/react/shallow';
import { ActionButton } from '../../../components/action-button.tsx';
import type { RenderedBlock } from '../../../components/markdown-block-controls.ts';
import { anchorOf } from '../../../core/review/anchors.ts';
import { useCopy } from '../../../lib/language.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { useReviewCommentsStore, type DraftComment } from '../comments-store.ts';
import { CommentEditor } from './comment-editor.tsx';
import { CommentItem, updateComments } from './comment-item.tsx';
import { useComposerTarget } from './composer-target.ts';
import { reviewCommentsLocales } from './locales.ts';

/** Props of {@link BlockComments}. */
export interface BlockCommentsProps {
  rpcId: string;
  /** The plan's markdown (the quote is cut from it). */
  plan: string;
  block: RenderedBlock;
  readOnly: boolean;
}

const NONE: DraftComment[] = [];

/** A new comment's id: unique within the review's drafts. */
function newId(comments: readonly DraftComment[]): string {
  let n = comments.length + 1;
  while (comments.some((c) => c.id === `c${n}`)) n += 1;
  return `c${n}`;
}

/**
 * Add a comment on lines `start`..`end` of `plan` to a review's drafts.
 * @param carriedFrom the key of the earlier comment it carries forward, if it does
 */
export function addComment(rpcId: string, plan: string, start: number, end: number, text: string, carriedFrom?: string): void {
  const anchor = anchorOf(plan, start, end);
  updateComments(rpcId, (comments) => [...comments, { id: newId(comments), ...anchor, text, ...(carriedFrom !== undefined ? { carriedFrom } : {}) }]);
}

/** The block's control and comments (see {@link BlockCommentsProps}). */
export function BlockComments({ rpcId, plan, block, readOnly }: BlockCommentsProps) {
  const copy = useCopy(reviewCommentsLocales);
  const here = useReviewCommentsStore(useShallow((state) => ownEntry(state.entries, rpcId)?.comments?.filter((c) => c.end === block.end) ?? NONE));
  const target = useComposerTarget((state) => (state.target?.rpcId === rpcId && state.target.end === block.end ? state.target : undefined));
  const selection = useComposerTarget((state) => (state.selection?.rpcId === rpcId && state.selection.end === block.end ? state.selection : undefined));
  const { open, close } = useComposerTarget.getState();
  const lines = copy.lines(block.start, block.end);
  return (
    <div className="block-comments" data-lines={`${block.start}-${block.end}`}>
      {readOnly ? null : (
        <ActionButton
          variant="ghost"
          className="block-comments__button"
          title={copy.commentOn(lines)}
          aria-expanded={target !== undefined}
          onClick={() => open({ rpcId, start: block.start, end: block.end })}
        >
          {copy.comment}
        </ActionButton>
      )}
      {selection && !target && !readOnly ? (
        <ActionButton variant="outline" className="block-comments__selection" onMouseDown={(event) => event.preventDefault()} onClick={() => open(selection)}>
          {copy.commentOnSelection}
        </ActionButton>
      ) : null}
      {target && !readOnly ? (
        <CommentEditor
          submitLabel={copy.addComment}
          onCancel={close}
          onSubmit={(text) => {
            addComment(rpcId, plan, target.start, target.end, text);
            close();
          }}
        />
      ) : null}
      {here.map((comment) => (
        <CommentItem key={comment.id} rpcId={rpcId} comment={comment} readOnly={readOnly} quoted={comment.start < block.start} />
      ))}
    </div>
  );
}
