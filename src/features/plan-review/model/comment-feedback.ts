/**
 * The Keep planning feedback of a review with an edited plan or line comments: the edit, its draft comments in plan
 * order, then the Feedback text, in the review feedback format (docs/review-comments.md "Feedback format"). Pure; the
 * dock loads it lazily (first-load budget) to move unsent comments and edits into the message box.
 */
import { formatReviewFeedback, type EditedPlan } from '../../../core/review/feedback-format.ts';
import { commentsToSend, inPlanOrder, type DraftComment, type ReviewCommentsDraft } from '../comments-store.ts';

/**
 * @param comments the review's draft comments (any order)
 * @param general the Feedback text
 * @param edit the edited plan and its diff, when the reviewer edited the plan
 * @returns the feedback text; the Feedback text verbatim when there are no comments and no edit
 */
export function feedbackWithComments(comments: readonly DraftComment[], general: string, edit?: EditedPlan): string {
  const sent = inPlanOrder(comments).map(({ start, end, quote, text }) => ({ start, end, quote, text }));
  return formatReviewFeedback(edit === undefined ? { comments: sent, general } : { edit, comments: sent, general });
}

/**
 * What of a review answered elsewhere moves to the message box: its draft comments (added and unsent), a changed edit of the plan (the
 * edited plan without its diff) and the unsent text, in the review feedback format, trimmed.
 * @param draft the review's comment drafts
 * @param general the unsent Feedback text
 */
export function draftFeedback(draft: ReviewCommentsDraft, general: string): string {
  return feedbackWithComments(commentsToSend(draft), general, draft.edit?.changed ? { plan: draft.edit.text, diff: '' } : undefined).trim();
}
