/**
 * The comments sent with Keep planning on the previous revision, as the card of the next revision lists them: read
 * back from that revision's logged feedback (`parseReviewFeedback`), each with its key for the per-tab marks. Pure;
 * feedback not in the review feedback format has no comments.
 */
import { parseReviewFeedback, type FeedbackComment } from '../../../core/review/feedback-format.ts';
import type { PlanRevision } from '../../../core/review/history.ts';
import { commentsToSend, earlierCommentKey, type ReviewCommentsDraft } from '../comments-store.ts';

/** A comment sent on the previous revision and its key. */
export interface EarlierComment {
  key: string;
  comment: FeedbackComment;
}

/**
 * @param previous the revision before the one under review, if any
 * @returns its Keep planning feedback's comments, in the order sent (empty without them)
 */
export function earlierCommentsOf(previous: PlanRevision | undefined): EarlierComment[] {
  if (previous?.outcome.kind !== 'kept-planning' || previous.outcome.feedback === undefined) return [];
  return parseReviewFeedback(previous.outcome.feedback).comments.map((comment, i) => ({ key: earlierCommentKey(previous.callId, i), comment }));
}

/**
 * How many comments Approve would leave behind: draft comments (not sent, added or only typed) and earlier comments neither resolved nor
 * carried forward (docs/review-comments.md "Approve").
 * @param draft the review's comment drafts
 * @param earlier the comments sent on the previous revision
 */
export function unsettledCommentCount(draft: ReviewCommentsDraft, earlier: readonly EarlierComment[]): number {
  const carried = new Set(draft.comments.map((c) => c.carriedFrom).filter((key) => key !== undefined));
  const resolved = new Set(draft.resolved);
  return commentsToSend(draft).length + earlier.filter(({ key }) => !carried.has(key) && !resolved.has(key)).length;
}
