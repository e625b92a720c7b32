/**
 * One open session: a header (title, connection state, plan-mode badge and picker — or, for a session with a `mode`
 * projection, the session-modes badge and picker), the transcript, and the dock. Changes of its projection and new
 * questions are announced in the app's live region.
 * All data comes from the session stream and the query cache.
 */
import { lazy, Suspense, useCallback, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ModePicker } from '../features/plan-status/mode-picker.tsx';
import { ModeStatusBadge } from '../features/plan-status/mode-status-badge.tsx';
import { PlanModePicker } from '../features/plan-status/plan-mode-picker.tsx';
import { PlanStatusBadge } from '../features/plan-status/plan-status-badge.tsx';
import { useLivenessProbe, useSessionStreamStore } from '../session/provider.tsx';
import {
  useHostCapabilities,
  useOpenSession,
  useSessionConnection,
  useSessionHistoryCommands,
  useSessionLoad,
  useSessionMode,
  useSessionPlan,
  useSessionReadOnly,
  useSessionRunning,
  useSessionTitle,
  useSessionWaiting,
} from '../session/hooks.ts';
import { useSessionReviews } from '../session/reviews.ts';
import { sliceOf } from '../session/reducers.ts';
import { Transcript } from '../features/transcript/transcript.tsx';
import { ConnectionStatus } from './connection-status.tsx';
import { Dock } from './dock.tsx';
import { useCopy } from '../lib/language.ts';
import { useSessionAnnouncements } from './live-announcer.tsx';
import { appLocales } from './locales.ts';

// The Reviews view and jsdiff load on first use, outside the first-load bundle.
const ReviewsView = lazy(() => import('../features/reviews/reviews-view.tsx'));

/**
 * @param sessionId the selected session
 * @param leading header content before the title (the shell's sessions toggle on narrow screens)
 */
export function SessionView({ sessionId, leading }: { sessionId: string; leading?: ReactNode }) {
  const t = useCopy(appLocales);
  useOpenSession(sessionId);
  const store = useSessionStreamStore();
  const capabilities = useHostCapabilities();
  const connection = useSessionConnection();
  useLivenessProbe(sessionId);
  useSessionAnnouncements(sessionId);
  const title = useSessionTitle(sessionId);
  const plan = useSessionPlan(sessionId);
  const mode = useSessionMode(sessionId);
  const running = useSessionRunning(sessionId);
  const readOnly = useSessionReadOnly(sessionId);
  const load = useSessionLoad(sessionId);
  const waiting = useSessionWaiting(sessionId);
  const reviewPending = waiting === 'review';
  const { loadAll } = useSessionHistoryCommands(sessionId);
  const reviews = useSessionReviews(sessionId);
  const [tab, setTab] = useState<'transcript' | 'reviews'>('transcript');
  const [scrollTarget, setScrollTarget] = useState<{ callId: string; token: number } | undefined>(undefined);
  // A revision chosen in Reviews: back to the transcript, loading older pages until its card is there.
  const showRevision = useCallback(
    (callId: string) => {
      setTab('transcript');
      setScrollTarget((previous) => ({ callId, token: (previous?.token ?? 0) + 1 }));
      const revision = reviews.history.revisions.find((r) => r.callId === callId);
      const first = sliceOf(store.getState(), sessionId).events[0]?.seq;
      if (revision && load.hasOlder && (first === undefined || revision.seq < first)) void store.loadAll(sessionId);
    },
    [reviews.history, load.hasOlder, store, sessionId],
  );
  // The tab list's keys (WAI-ARIA tabs pattern): arrows, Home and End move to the other tab and select it.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = event.key === 'Home' ? 'transcript' : event.key === 'End' ? 'reviews' : tab === 'transcript' ? 'reviews' : 'transcript';
    setTab(next);
    document.getElementById(`tab-${next}-${sessionId}`)?.focus();
  };
  return (
    <div className="session-view">
      <header className="session-header">
        {leading}
        <h1 className="session-heading" title={title?.trim() || undefined}>
          {title?.trim() || t.untitled}
        </h1>
        <div className="session-header-controls">
          <ConnectionStatus />
          {mode !== undefined ? (
            <>
              <ModeStatusBadge mode={mode} />
              <ModePicker
                sessionId={sessionId}
                mode={mode}
                reviewPending={reviewPending}
                readOnly={readOnly.readOnly}
                readOnlyReason={readOnly.reason}
                connection={connection}
                running={running}
              />
            </>
          ) : (
            <>
              <PlanStatusBadge plan={plan} />
              <PlanModePicker
                sessionId={sessionId}
                plan={plan}
                capabilities={capabilities}
                reviewPending={reviewPending}
                readOnly={readOnly.readOnly}
                readOnlyReason={readOnly.reason}
                connection={connection}
                running={running}
              />
            </>
          )}
        </div>
      </header>
      <main className="session-body">
        <div className="session-tabs" role="tablist" aria-label={t.sessionViews}>
          <button
            type="button"
            role="tab"
            id={`tab-transcript-${sessionId}`}
            aria-selected={tab === 'transcript'}
            tabIndex={tab === 'transcript' ? 0 : -1}
            aria-controls={`panel-transcript-${sessionId}`}
            className="session-tab"
            onKeyDown={onTabKey}
            onClick={() => setTab('transcript')}
          >
            {t.transcriptTab}
          </button>
          <button
            type="button"
            role="tab"
            id={`tab-reviews-${sessionId}`}
            aria-selected={tab === 'reviews'}
            tabIndex={tab === 'reviews' ? 0 : -1}
            aria-controls={`panel-reviews-${sessionId}`}
            className="session-tab"
            onKeyDown={onTabKey}
            onClick={() => setTab('reviews')}
          >
            {t.reviewsTab(reviews.history.revisions.length)}
          </button>
        </div>
        {tab === 'reviews' ? (
          <div className="session-main" role="tabpanel" id={`panel-reviews-${sessionId}`} aria-labelledby={`tab-reviews-${sessionId}`}>
            <Suspense fallback={<p className="quiet">{t.loadingReviews}</p>}>
              <ReviewsView
                sessionId={sessionId}
                title={title}
                history={reviews.history}
                complete={reviews.complete}
                ended={readOnly.readOnly}
                onLoadAll={loadAll}
                loadingAll={load.loadingOlder}
                onShow={showRevision}
                canDownloadLog={capabilities?.sessionLog === true}
              />
            </Suspense>
          </div>
        ) : null}
        <div
          className="session-main"
          role="tabpanel"
          id={`panel-transcript-${sessionId}`}
          aria-labelledby={`tab-transcript-${sessionId}`}
          hidden={tab !== 'transcript'}
        >
          {/* The outline under the session's h1: transcript cards carry h3 titles (axe heading-order). */}
          <h2 className="visually-hidden">{t.conversation}</h2>
          <Transcript key={sessionId} sessionId={sessionId} scrollTarget={scrollTarget} pageOlder={tab === 'transcript'} />
        </div>
      </main>
      <Dock sessionId={sessionId} />
    </div>
  );
}
