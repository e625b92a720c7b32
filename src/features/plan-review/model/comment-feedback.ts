/**
 * The Keep planning feedback of a review with line comments: its draft comments in plan order, then the Feedback
 * text, in the review feedback format (docs/review-comments.md "Feedback format"). Pure; the dock loads it lazily
 * (first-load budget) to move unsent comments into the message box.
 */
import { formatReviewFeedback } from '../../../core/review/feedback-format.ts';
import { inPlanOrder, type DraftComment } from '../comments-store.ts';

/**
 * @param comments the review's draft comments (any order)
 * @param general the Feedback text
 * @returns the feedback text; the Feedback text verbatim when there are no comments
 */
export function feedbackWithComments(comments: readonly DraftComment[], general: string): string {
  return formatReviewFeedback({ comments: inPlanOrder(comments).map(({ start, end, quote, text }) => ({ start, end, quote, text })), general });
}
