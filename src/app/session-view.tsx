/**
 * One open session: a header (title, connection state, plan-mode badge and picker — or, for a session with a `mode`
 * projection, the session-modes badge and picker), the transcript, and the dock. Changes of its projection and new
 * questions are announced in the app's live region.
 * All data comes from the session stream and the query cache.
 */
import { useCallback, type ReactNode } from 'react';
import { planReviewOf } from '../core/questions/plan-review.ts';
import { ModePicker } from '../features/plan-status/mode-picker.tsx';
import { ModeStatusBadge } from '../features/plan-status/mode-status-badge.tsx';
import { PlanModePicker } from '../features/plan-status/plan-mode-picker.tsx';
import { PlanStatusBadge } from '../features/plan-status/plan-status-badge.tsx';
import {
  useConnectionState,
  useHostInfo,
  useLivenessProbe,
  useSessionState,
  useSessionStreamStore,
  useSessionTranscript,
} from '../features/session-stream/session-stream.tsx';
import { Transcript } from '../features/transcript/transcript.tsx';
import { ConnectionStatus } from './connection-status.tsx';
import { Dock } from './dock.tsx';
import { useCopy } from '../lib/language.ts';
import { useSessionAnnouncements } from './live-announcer.tsx';
import { appLocales } from './locales.ts';

/**
 * @param sessionId the selected session
 * @param leading header content before the title (the shell's sessions toggle on narrow screens)
 */
export function SessionView({ sessionId, leading }: { sessionId: string; leading?: ReactNode }) {
  const t = useCopy(appLocales);
  const state = useSessionState(sessionId);
  const store = useSessionStreamStore();
  const { capabilities } = useHostInfo();
  const connection = useConnectionState();
  useLivenessProbe(sessionId);
  useSessionAnnouncements(state);
  const reviewPending = state.questions.some((q) => planReviewOf(q.questions) !== undefined);
  const waiting = reviewPending ? 'review' : state.questions.length > 0 ? 'answer' : undefined;
  // The transcript owns its scroll container and follows the bottom itself (virtualised, issue 9).
  const transcript = useSessionTranscript(sessionId);
  const loadOlder = useCallback(() => void store.loadOlder(sessionId), [store, sessionId]);
  const loadAll = useCallback(() => void store.loadAll(sessionId), [store, sessionId]);
  return (
    <div className="session-view">
      <header className="session-header">
        {leading}
        <h1 className="session-heading" title={state.title?.trim() || undefined}>
          {state.title?.trim() || t.untitled}
        </h1>
        <div className="session-header-controls">
          <ConnectionStatus />
          {state.mode !== undefined ? (
            <>
              <ModeStatusBadge mode={state.mode} />
              <ModePicker
                sessionId={sessionId}
                mode={state.mode}
                reviewPending={reviewPending}
                readOnly={state.readOnly}
                readOnlyReason={state.readOnlyReason}
                connection={connection}
                running={state.running}
              />
            </>
          ) : (
            <>
              <PlanStatusBadge plan={state.plan} />
              <PlanModePicker
                sessionId={sessionId}
                plan={state.plan}
                capabilities={capabilities}
                reviewPending={reviewPending}
                readOnly={state.readOnly}
                readOnlyReason={state.readOnlyReason}
                connection={connection}
                running={state.running}
              />
            </>
          )}
        </div>
      </header>
      <main className="session-main">
        {/* The outline under the session's h1: transcript cards carry h3 titles (axe heading-order). */}
        <h2 className="visually-hidden">{t.conversation}</h2>
        <Transcript
          key={sessionId}
          transcript={transcript}
          hasOlder={state.hasOlder}
          loadingOlder={state.loadingOlder}
          onLoadOlder={loadOlder}
          onLoadAll={loadAll}
          loaded={state.loaded}
          error={state.error}
          waiting={waiting}
          readOnly={state.readOnly}
          unreadable={state.unreadable}
          onRetry={() => void store.refreshSession(sessionId)}
        />
      </main>
      <Dock sessionId={sessionId} state={state} />
    </div>
  );
}
