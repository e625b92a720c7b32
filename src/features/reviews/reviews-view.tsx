/**
 * The Reviews view of a session: every plan put up for review, by review chain, with its times,
 * outcome, feedback and `+N −M` line summary; choosing one shows it in the transcript. Exports the history as
 * Markdown and JSON and, when the host serves it, the session log `.jsonl` byte for byte. When the history comes
 * from only the loaded part of the log (a plain dsh host has no `reviews` projection) it says so and offers Load all.
 * The session's data arrives as props (from `SessionReviews`, which reads the session layer); the log download is
 * `useLogDownload`.
 */
import type { PlanAudit } from '../../core/plan/progress.ts';
import { useMemo } from 'react';
import { fileNameOf, saveFile } from '../../components/download.ts';
import { PartialNote } from '../../components/partial-note.tsx';
import { buildReviewHistoryExport } from '../../core/review/export.ts';
import type { ReviewHistory } from '../../core/review/history.ts';
import { useCopy } from '../../lib/language.ts';
import { useLogDownload } from './api/download-log.ts';
import { ReviewExports } from './components/review-exports.tsx';
import { RevisionItem } from './components/revision-item.tsx';
import { chainsOf } from './model/chains.ts';
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
  /** The audits of approved revisions, by call id (docs/plan-progress.md); absent: none shown or exported. */
  audits?: ReadonlyMap<string, PlanAudit> | undefined;
  /** Clock for the export time, epoch ms (tests pass a fixed one). Default `Date.now`. */
  now?: () => number;
}

/** Render the Reviews view (see {@link ReviewsViewProps}). */
export function ReviewsView({
  sessionId,
  title,
  history,
  complete,
  ended = false,
  onLoadAll,
  loadingAll = false,
  onShow,
  canDownloadLog,
  audits,
  now = Date.now,
}: ReviewsViewProps) {
  const copy = useCopy(reviewsLocales);
  const base = fileNameOf(title ?? '', sessionId);
  const log = useLogDownload(sessionId, `${base}.jsonl`);
  const shown = useMemo(
    () => buildReviewHistoryExport({ sessionId, title, history, complete, exportedAt: 0, audits }),
    [sessionId, title, history, complete, audits],
  );
  const chains = useMemo(() => chainsOf(shown.revisions), [shown]);
  const exports = () => reviewHistoryExports({ sessionId, title, history, complete, exportedAt: now(), ended, audits });

  return (
    <section className="reviews" aria-label={copy.region}>
      <ReviewExports
        onMarkdown={() => saveFile(`${base}-reviews.md`, exports().markdown, 'text/markdown;charset=utf-8')}
        onJson={() => saveFile(`${base}-reviews.json`, `${JSON.stringify(exports().json, null, 2)}\n`, 'application/json')}
        onLog={canDownloadLog ? log.download : undefined}
        failure={log.failure}
      />
      {!complete ? (
        <PartialNote
          className="reviews__partial"
          text={copy.partial}
          loadAllLabel={copy.loadAll}
          loadingLabel={copy.loadingAll}
          onLoadAll={onLoadAll}
          loading={loadingAll}
        />
      ) : null}
      {chains.length === 0 ? <p className="quiet">{copy.empty}</p> : null}
      {chains.map(({ chain, revisions }) => (
        <section key={chain} className="reviews__chain" aria-label={copy.chainHeading(chain, revisions.length)}>
          <h2 className="reviews__chain-heading">{copy.chainHeading(chain, revisions.length)}</h2>
          <ol className="reviews__list">
            {revisions.map((revision, i) => (
              <RevisionItem key={revision.callId} revision={revision} previous={revisions[i - 1]} ended={ended} onShow={onShow} />
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}
