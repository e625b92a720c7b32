/**
 * The region named "Comments", shown once the review has draft comments or comments sent on the previous revision:
 * every draft comment in plan order with a count, each with a button to its block, and the earlier comments.
 */
import type { ReactNode } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { inPlanOrder, useReviewCommentsStore, type DraftComment } from '../comments-store.ts';
import { CommentItem } from './comment-item.tsx';
import { reviewCommentsLocales } from './locales.ts';
import { revealBlock } from './plan-dom.ts';

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
  const comments = useReviewCommentsStore((state) => ownEntry(state.entries, rpcId)?.comments ?? NONE);
  const plan = () => document.getElementById(planId);
  if (comments.length === 0 && earlier == null) return null;
  return (
    <section className="review-comments" aria-label={copy.region}>
      <div className="review-comments__head">
        <h3 className="review-comments__title">
          {copy.region} <span className="review-comments__count">({copy.count(comments.length)})</span>
        </h3>
      </div>
      {comments.length === 0 ? null : (
        <ol className="review-comments__list">
          {inPlanOrder(comments).map((comment) => {
            const lines = copy.lines(comment.start, comment.end);
            return (
              <li key={comment.id} className="review-comments__item">
                <button
                  type="button"
                  className="link-button review-comments__goto"
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
