/**
 * The Reviews view of a session: every plan put up for review, by review chain, with its times,
 * outcome, feedback and `+N −M` line summary; choosing one shows it in the transcript. Exports the history as
 * Markdown and JSON and, when the host serves it, the session log `.jsonl` byte for byte. When the history comes
 * from only the loaded part of the log (a plain dsh host has no `reviews` projection) it says so and offers Load all.
 * Loaded lazily by the app (it pulls in jsdiff). Server data arrives as props; it holds only the download status.
 */
import { useMemo, useState } from 'react';
import { fileNameOf, saveFile } from '../../components/download.ts';
import { buildReviewHistoryExport } from '../../core/review/export.ts';
import type { ReviewHistory } from '../../core/review/history.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { fetchSessionLog } from '../../lib/session-log.ts';
import { useCopy } from '../../lib/language.ts';
import { reviewsLocales } from './locales.ts';
import { reviewHistoryExports } from './review-markdown.ts';
import './reviews-view.css';

/** Props of {@link ReviewsView}. */
export interface ReviewsViewProps {
  sessionId: string;
  /** The session title, undefined when none. */
  title: string | undefined;
  /** The review history (`useSessionReviews`). */
  history: ReviewHistory;
  /** Whether `history` covers the whole log; false shows the partial note and Load all. */
  complete: boolean;
  /** A read-only log that will not go on: a pending review reads "unanswered". */
  ended?: boolean;
  /** Load the whole log (the client then folds all of it). */
  onLoadAll?: (() => void) | undefined;
  /** An older page is on its way. */
  loadingAll?: boolean;
  /** Show a revision's plan card in the transcript. */
  onShow: (callId: string) => void;
  /** The host serves `GET /api/sessions/<id>/log.jsonl` (`capabilities.sessionLog`); else the log download is hidden. */
  canDownloadLog: boolean;
  /** Clock for the export time, epoch ms (tests pass a fixed one). Default `Date.now`. */
  now?: () => number;
}

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string | null) => (iso === null ? undefined : timeFormat.format(new Date(iso)));

/** Render the Reviews view (see {@link ReviewsViewProps}); the default export is what `React.lazy` loads. */
export default function ReviewsView({
  sessionId,
  title,
  history,
  complete,
  ended = false,
  onLoadAll,
  loadingAll = false,
  onShow,
  canDownloadLog,
  now = Date.now,
}: ReviewsViewProps) {
  const copy = useCopy(reviewsLocales);
  const [logFailure, setLogFailure] = useState<string | undefined>(undefined);
  const shown = useMemo(() => buildReviewHistoryExport({ sessionId, title, history, complete, exportedAt: 0 }), [sessionId, title, history, complete]);
  const chains = useMemo(() => {
    const out: { chain: number; revisions: typeof shown.revisions }[] = [];
    for (const revision of shown.revisions) {
      const last = out[out.length - 1];
      if (last && last.chain === revision.chain) last.revisions.push(revision);
      else out.push({ chain: revision.chain, revisions: [revision] });
    }
    return out;
  }, [shown]);
  const base = fileNameOf(title ?? '', sessionId);
  const exports = () => reviewHistoryExports({ sessionId, title, history, complete, exportedAt: now(), ended });
  const downloadLog = async () => {
    setLogFailure(undefined);
    try {
      saveFile(`${sessionId}.jsonl`, await fetchSessionLog(sessionId), 'application/jsonl');
    } catch (error) {
      setLogFailure(copy.downloadFailed(error instanceof Error ? describeApiError(error) : String(error)));
    }
  };

  return (
    <section className="reviews" aria-label={copy.region}>
      <div className="reviews__exports" role="group" aria-label={copy.exports}>
        <button type="button" className="button" onClick={() => saveFile(`${base}-reviews.md`, exports().markdown, 'text/markdown;charset=utf-8')}>
          {copy.downloadMarkdown}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => saveFile(`${base}-reviews.json`, `${JSON.stringify(exports().json, null, 2)}\n`, 'application/json')}
        >
          {copy.downloadJson}
        </button>
        {canDownloadLog ? (
          <button type="button" className="button" onClick={() => void downloadLog()}>
            {copy.downloadLog}
          </button>
        ) : null}
        <span role="status" className="reviews__status">
          {logFailure ?? ''}
        </span>
      </div>
      {!complete ? (
        <p className="reviews__partial" role="note">
          {copy.partial}{' '}
          {onLoadAll ? (
            <button type="button" className="button" onClick={onLoadAll}>
              {copy.loadAll}
            </button>
          ) : null}
          {loadingAll ? <span role="status"> {copy.loadingAll}</span> : null}
        </p>
      ) : null}
      {chains.length === 0 ? <p className="quiet">{copy.empty}</p> : null}
      {chains.map(({ chain, revisions }) => (
        <section key={chain} className="reviews__chain" aria-label={copy.chainHeading(chain, revisions.length)}>
          <h2 className="reviews__chain-heading">{copy.chainHeading(chain, revisions.length)}</h2>
          <ol className="reviews__list">
            {revisions.map((revision) => {
              const proposed = formatTime(revision.proposedAt);
              const answered = formatTime(revision.answeredAt);
              const feedback = revision.outcome.kind === 'kept-planning' ? revision.outcome.feedback : undefined;
              return (
                <li key={revision.callId} className={`reviews__item outcome-${revision.outcome.kind}`}>
                  <button type="button" className="reviews__open" onClick={() => onShow(revision.callId)}>
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
                  {revision.prompt ? (
                    <blockquote className="reviews__quote">
                      <strong>{revision.prompt.kind === 'feedback' ? copy.youAsked : copy.youSaid}</strong> {revision.prompt.text}
                    </blockquote>
                  ) : null}
                  {feedback ? (
                    <blockquote className="reviews__quote">
                      <strong>{copy.feedback}</strong> {feedback}
                    </blockquote>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </section>
  );
}
