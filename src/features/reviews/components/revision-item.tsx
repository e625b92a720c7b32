/**
 * One revision of the Reviews list: a button that shows its plan card in the transcript, its outcome, who answered
 * and when, its `+N −M` line summary, what led to it (the feedback on the revision before is named, not quoted again;
 * messages are quoted) and the feedback its own decision sent (line comments shown as comments).
 */
import { useCopy, useLanguage } from '../../../lib/language.ts';
import { feedbackSentOf, promptShownOf, reviewTimeOf, type ExportedRevision } from '../model/chains.ts';
import { reviewsLocales } from '../locales.ts';
import { FeedbackQuote } from './feedback-quote.tsx';

/**
 * @param revision the exported revision
 * @param previous the revision before it (whose line shows the feedback that led to this one)
 * @param ended the log will not go on: a pending review reads "unanswered"
 * @param onShow show the revision's plan card in the transcript
 */
export function RevisionItem({
  revision,
  previous,
  ended,
  onShow,
}: {
  revision: ExportedRevision;
  previous: ExportedRevision | undefined;
  ended: boolean;
  onShow: (callId: string) => void;
}) {
  const copy = useCopy(reviewsLocales);
  const language = useLanguage();
  const proposed = reviewTimeOf(revision.proposedAt, language);
  const answered = reviewTimeOf(revision.answeredAt, language);
  const prompt = promptShownOf(revision, previous);
  const feedback = feedbackSentOf(revision);
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
      {prompt?.kind === 'revised-after' ? <p className="reviews__after">{copy.revisedAfter(prompt.version)}</p> : null}
      {prompt !== undefined && prompt.kind !== 'revised-after' ? (
        <FeedbackQuote lead={prompt.kind === 'feedback' ? copy.feedbackBefore : copy.youSaid} text={prompt.text} />
      ) : null}
      {feedback ? <FeedbackQuote lead={copy.feedback} text={feedback} /> : null}
    </li>
  );
}
