/**
 * The region named "Comments": every draft comment of the review in plan order with a count, each with a button to
 * its block, plus "Comment on selected lines" (a text selection in the plan, expanded to the whole blocks it
 * touches) and the comments sent on the previous revision.
 */
import { useState, type ReactNode } from 'react';
import { ActionButton } from '../../../components/action-button.tsx';
import { useCopy } from '../../../lib/language.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { inPlanOrder, useReviewCommentsStore, type DraftComment } from '../comments-store.ts';
import { CommentItem } from './comment-item.tsx';
import { useComposerTarget } from './composer-target.ts';
import { reviewCommentsLocales } from './locales.ts';
import { revealBlock, selectedLines } from './plan-dom.ts';

/** Props of {@link CommentsRegion}. */
export interface CommentsRegionProps {
  rpcId: string;
  /** Id of the card's plan region (where selections and blocks are). */
  planId: string;
  readOnly: boolean;
  /** The comments sent on the previous revision (`EarlierComments`), when there were any. */
  earlier?: ReactNode;
}

const NONE: DraftComment[] = [];

/** The region (see {@link CommentsRegionProps}). */
export function CommentsRegion({ rpcId, planId, readOnly, earlier }: CommentsRegionProps) {
  const copy = useCopy(reviewCommentsLocales);
  const [note, setNote] = useState('');
  const comments = useReviewCommentsStore((state) => ownEntry(state.entries, rpcId)?.comments ?? NONE);
  const plan = () => document.getElementById(planId);
  const commentOnSelection = () => {
    const region = plan();
    const lines = region ? selectedLines(region, document.getSelection()) : undefined;
    if (lines === undefined) return setNote(copy.noSelection);
    setNote('');
    useComposerTarget.getState().open({ rpcId, ...lines });
    revealBlock(region!, lines.end);
  };
  return (
    <section className="review-comments" aria-label={copy.region}>
      <div className="review-comments__head">
        <h3 className="review-comments__title">
          {copy.region} <span className="review-comments__count">({copy.count(comments.length)})</span>
        </h3>
        {readOnly ? null : (
          // Pressing the button must not take the selection away before it is read.
          <ActionButton variant="ghost" onMouseDown={(event) => event.preventDefault()} onClick={commentOnSelection}>
            {copy.commentOnSelection}
          </ActionButton>
        )}
      </div>
      <p aria-live="polite" className="review-comments__note">
        {note}
      </p>
      {comments.length === 0 ? (
        <p className="review-comments__empty">{copy.empty}</p>
      ) : (
        <ol className="review-comments__list">
          {inPlanOrder(comments).map((comment) => {
            const lines = copy.lines(comment.start, comment.end);
            return (
              <li key={comment.id} className="review-comments__item">
                <button
                  type="button"
                  className="review-comments__goto"
                  aria-label={copy.goTo(lines)}
                  onClick={() => plan() && revealBlock(plan()!, comment.end)}
                >
                  {lines}
                </button>
                <CommentItem rpcId={rpcId} comment={comment} readOnly={readOnly} quoted />
              </li>
            );
          })}
        </ol>
      )}
      {earlier}
    </section>
  );
}
