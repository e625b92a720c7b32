/**
 * The Reviews tab of a session: reads the session's title, review history, load state, read-only flag and the host's
 * log capability from the session layer and shows them in `ReviewsView`. Loaded lazily by the app (it pulls in
 * jsdiff); read through `lazyModule().use()`, never a Suspense fallback (docs/style.md).
 */
import { useHostCapabilities, useSessionHistoryCommands, useSessionLoad, useSessionReadOnly, useSessionTitle } from '../../session/hooks.ts';
import { useSessionAudits } from '../../session/plan-progress.ts';
import { useSessionReviews } from '../../session/reviews.ts';
import { ReviewsView } from './reviews-view.tsx';

/**
 * @param sessionId the session shown
 * @param onShow show a revision's plan card in the transcript
 */
export default function SessionReviews({ sessionId, onShow }: { sessionId: string; onShow: (callId: string) => void }) {
  const title = useSessionTitle(sessionId);
  const reviews = useSessionReviews(sessionId);
  const readOnly = useSessionReadOnly(sessionId);
  const load = useSessionLoad(sessionId);
  const { loadAll } = useSessionHistoryCommands(sessionId);
  const capabilities = useHostCapabilities();
  const audits = useSessionAudits(sessionId);
  return (
    <ReviewsView
      sessionId={sessionId}
      title={title}
      history={reviews.history}
      complete={reviews.complete}
      ended={readOnly.readOnly}
      onLoadAll={loadAll}
      loadingAll={load.loadingOlder}
      onShow={onShow}
      canDownloadLog={capabilities?.sessionLog === true}
      audits={audits}
    />
  );
}
