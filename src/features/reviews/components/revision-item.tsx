/**
 * One revision of the Reviews list: a button that shows its plan card in the transcript, its outcome, who answered
 * and when, its `+N −M` line summary, and what the user asked or said (line comments shown as comments).
 */
import { useCopy, useLanguage } from '../../../lib/language.ts';
import { ownFeedbackOf, reviewTimeOf, type ExportedRevision } from '../model/chains.ts';
import { reviewsLocales } from '../locales.ts';
import { FeedbackQuote } from './feedback-quote.tsx';

/**
 * @param revision the exported revision
 * @param next the revision after it (its "You asked" may already quote this one's feedback)
 * @param ended the log will not go on: a pending review reads "unanswered"
 * @param onShow show the revision's plan card in the transcript
 */
export function RevisionItem({
  revision,
  next,
  ended,
  onShow,
}: {
  revision: ExportedRevision;
  next: ExportedRevision | undefined;
  ended: boolean;
  onShow: (callId: string) => void;
}) {
  const copy = useCopy(reviewsLocales);
  const language = useLanguage();
  const proposed = reviewTimeOf(revision.proposedAt, language);
  const answered = reviewTimeOf(revision.answeredAt, language);
  const feedback = ownFeedbackOf(revision, next);
  return (
    <li className={`reviews__item outcome-${revision.outcome.kind}`}>
      <button type="button" className="link-button reviews__open" onClick={() => onShow(revision.callId)}>
        <span className="reviews__version">{copy.revision(revision.version)}</span> {revision.title}
      </button>
      <p className="reviews__meta">
        <strong className="reviews__outcome">{copy.outcome(revision.outcome, ended)}</strong>
        {answered ? ` · ${copy.answeredAt(answered)}` : ''}
        {revision.answeredBy ? ` ${copy.answeredBy(revision.answeredBy)}` : ''}
        {proposed ? ` · ${copy.proposedAt(proposed)}` : ''}
        {' · '}
        {revision.changes === null
          ? copy.firstRevision
          : revision.changes.identical
            ? copy.identical(revision.changes.against)
            : copy.changes(revision.changes.added, revision.changes.removed, revision.changes.against)}
      </p>
      {revision.audit ? <p className="reviews__audit">{copy.audit(revision.audit)}</p> : null}
      {revision.prompt ? <FeedbackQuote lead={revision.prompt.kind === 'feedback' ? copy.youAsked : copy.youSaid} text={revision.prompt.text} /> : null}
      {feedback ? <FeedbackQuote lead={copy.feedback} text={feedback} /> : null}
    </li>
  );
}
