/**
 * A review feedback in the Reviews list: plain text as one quote, or, when it is in the review feedback format
 * (docs/review-comments.md, `parseReviewFeedback`), the edited plan it carried (its diff, the whole plan on demand),
 * its line comments one by one (lines, quoted plan lines, comment) and then its general text. Feedback from any other
 * client is shown as written.
 */
import { parseReviewFeedback } from '../../../core/review/feedback-format.ts';
import { useCopy } from '../../../lib/language.ts';
import { reviewsLocales } from '../locales.ts';

/**
 * @param lead the lead-in ("You asked:", "Feedback:")
 * @param text the feedback as logged
 */
export function FeedbackQuote({ lead, text }: { lead: string; text: string }) {
  const copy = useCopy(reviewsLocales);
  const { comments, general, edit } = parseReviewFeedback(text);
  if (comments.length === 0 && edit === undefined) {
    return (
      <blockquote className="reviews__quote">
        <strong>{lead}</strong> {text}
      </blockquote>
    );
  }
  return (
    <div className="reviews__quote">
      <strong>{lead}</strong>
      {edit !== undefined ? (
        <details className="reviews__edited-plan">
          <summary>{copy.editedPlan(edit.plan.split('\n').length)}</summary>
          <pre className="reviews__comment-quote">{edit.diff === '' ? edit.plan : edit.diff}</pre>
        </details>
      ) : null}
      {comments.length > 0 ? (
        <ol className="reviews__comments">
          {comments.map((comment, i) => (
            <li key={i} className="reviews__comment">
              <span className="reviews__comment-lines">{copy.commentOn(comment.start, comment.end)}</span>
              <blockquote className="reviews__comment-quote">{comment.quote}</blockquote>
              <span>{comment.text}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {general !== '' ? (
        <p className="reviews__comment-general">
          <strong>{copy.generalFeedback}</strong> {general}
        </p>
      ) : null}
    </div>
  );
}
