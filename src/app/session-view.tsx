/**
 * One open session: a header (title, connection state, the collaboration badge and picker), the transcript and the
 * Reviews tab, and the dock. Changes of its projection and new questions are announced in the app's live region.
 * It only composes: every feature reads the session from src/session/ itself. On a page's first commit only the header's
 * title and the dock (the composer) render, and nothing else runs an effect: the controls, opening the session, the
 * tabs, the transcript and Plan progress come right after its paint (`composer-first.tsx`).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { CollaborationStatus } from '../features/plan-status/collaboration-status.tsx';
import { useLivenessProbe } from '../session/provider.tsx';
import { useOpenSession, useSessionQuestions, useSessionReadOnly, useSessionTitle } from '../session/hooks.ts';
import { useStreamSelector } from '../session/select.ts';
import { sliceOf } from '../session/reducers.ts';
import { componentsLocales } from '../components/locales.ts';
import { withPlaceholdersWorded } from '../core/transcript/placeholders.ts';
import { useLoadRevision, useSessionReviews } from '../session/reviews.ts';
import { reviewCountOf } from '../core/review/history.ts';
import { Transcript } from '../features/transcript/transcript.tsx';
import { ConnectionStatus } from './connection-status.tsx';
import { Dock } from './dock.tsx';
import { useCopy } from '../lib/language.ts';
import { LazyFallback } from '../components/lazy-fallback.tsx';
import { lazyModule } from '../lib/lazy-module.ts';
import { useSessionAnnouncements } from './live-announcer.tsx';
import { appLocales } from './locales.ts';
import { SessionTabs, type SessionTab } from './session-tabs.tsx';
import { AfterComposer } from './composer-first.tsx';

// The Reviews view and jsdiff are a chunk outside the first load, prefetched at idle and read through
// `lazyModule().use()` (docs/style.md "Lazy views render at once").
const reviewsView = lazyModule(() => import('../features/reviews/session-reviews.tsx'));
// "What the model sees" is a chunk of its own, loaded the same way.
const modelView = lazyModule(() => import('../features/model-view/session-model-view.tsx'));
// Plan progress (its fold and the step-matching rule) too; never wanted while a question waits, so it is not
// loaded on the frame that opens a review card.
const planProgress = lazyModule(() => import('../features/plan-progress/plan-progress.tsx'));

/**
 * Load the Reviews view's, the model view's and Plan progress's chunks, all at once (or join the loads under way): a
 * chain of them kept a chunk loading when the page's first review came (app/prefetch.ts).
 * @returns resolves when all three were tried; never rejects
 */
export async function loadSessionViews(): Promise<void> {
  await Promise.all([reviewsView.load(), modelView.load(), planProgress.load()]);
}

/**
 * The Plan progress region, once the session has something to show: an approved revision, a `todos` projection
 * that is not `null`, or a `progress` projection with a view. Stays mounted for the session from then on; not shown while a question waits in the dock (the
 * review card keeps the room, docs/style.md "The plan keeps the room").
 */
function PlanProgressSlot({ sessionId, approved, onShow }: { sessionId: string; approved: boolean; onShow: (callId: string) => void }) {
  const todos = useStreamSelector((state) => {
    const { todos, progress } = sliceOf(state, sessionId).projections;
    // The host's `progress` value is checked by the region; here only whether it has something to show.
    const kind = (progress?.value as { view?: { kind?: unknown } } | null | undefined)?.view?.kind;
    return (todos?.value !== undefined && todos.value !== null) || kind === 'plan' || kind === 'todos';
  });
  const waiting = useSessionQuestions(sessionId).length > 0;
  const [seen, setSeen] = useState(false);
  if ((approved || todos) && !seen) setSeen(true);
  const Region = planProgress.use(seen && !waiting)?.default;
  return Region && !waiting && seen ? <Region sessionId={sessionId} onShow={onShow} /> : null;
}

/** The session's title for its header; in a recording (read-only), the recorder's `{{name}}` placeholders are worded as left out. */
function useRecordedTitle(sessionId: string): string | undefined {
  const title = useSessionTitle(sessionId)?.trim();
  const { readOnly } = useSessionReadOnly(sessionId);
  const words = useCopy(componentsLocales);
  return title && readOnly ? withPlaceholdersWorded(title, (name) => `⟨${words.leftOut(name)}⟩`) : title;
}

/**
 * Everything of an open session but its header's title and its dock, rendered once the composer has painted
 * (`AfterComposer`): opening the session (its tail page is taken and applied), the liveness probe, the announcements,
 * the review history, the tabs and their panels, and Plan progress. Their effects (the tail page's check, the chunks
 * they load, the probe's timers) run after that paint, never between the composer's commit and its paint.
 */
function SessionRest({
  sessionId,
  tab,
  onSelect,
  scrollTarget,
  onShow,
  loadRevisionRef,
}: {
  sessionId: string;
  tab: SessionTab;
  onSelect: (tab: SessionTab) => void;
  scrollTarget: { callId: string; token: number } | undefined;
  onShow: (callId: string) => void;
  loadRevisionRef: RefObject<(callId: string) => void>;
}) {
  const t = useCopy(appLocales);
  useOpenSession(sessionId);
  useLivenessProbe(sessionId);
  useSessionAnnouncements(sessionId);
  const reviewHistory = useSessionReviews(sessionId).history;
  const reviews = reviewCountOf(reviewHistory);
  const approved = reviewHistory.revisions.some((r) => r.outcome.kind === 'approved');
  const loadRevision = useLoadRevision(sessionId);
  useEffect(() => {
    loadRevisionRef.current = loadRevision;
  }, [loadRevisionRef, loadRevision]);
  const SessionReviews = reviewsView.use(tab === 'reviews')?.default;
  const SessionModelView = modelView.use(tab === 'model')?.default;
  const reviewsFailed = reviewsView.useFailed();
  const modelFailed = modelView.useFailed();
  return (
    <>
      <main className="session-body">
        <SessionTabs sessionId={sessionId} tab={tab} reviews={reviews} onSelect={onSelect} />
        {tab === 'reviews' ? (
          <div className="session-main" role="tabpanel" id={`panel-reviews-${sessionId}`} aria-labelledby={`tab-reviews-${sessionId}`}>
            {SessionReviews ? (
              <SessionReviews sessionId={sessionId} onShow={onShow} />
            ) : (
              <LazyFallback
                failed={reviewsFailed}
                loading={t.loadingReviews}
                failure={t.viewLoadError}
                retry={t.retryCard}
                onRetry={() => void reviewsView.load()}
              />
            )}
          </div>
        ) : null}
        {tab === 'model' ? (
          <div className="session-main" role="tabpanel" id={`panel-model-${sessionId}`} aria-labelledby={`tab-model-${sessionId}`}>
            {SessionModelView ? (
              <SessionModelView sessionId={sessionId} />
            ) : (
              <LazyFallback
                failed={modelFailed}
                loading={t.loadingModelView}
                failure={t.viewLoadError}
                retry={t.retryCard}
                onRetry={() => void modelView.load()}
              />
            )}
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
      <PlanProgressSlot key={sessionId} sessionId={sessionId} approved={approved} onShow={onShow} />
    </>
  );
}

/**
 * @param sessionId the selected session
 * @param leading header content before the title (the shell's sessions toggle on narrow screens)
 */
export function SessionView({ sessionId, leading }: { sessionId: string; leading?: ReactNode }) {
  const t = useCopy(appLocales);
  const title = useRecordedTitle(sessionId);
  const [tab, setTab] = useState<SessionTab>('transcript');
  const [scrollTarget, setScrollTarget] = useState<{ callId: string; token: number } | undefined>(undefined);
  // The rest's `useLoadRevision`, once it is rendered (a revision can be chosen only from what the rest shows).
  const loadRevision = useRef<(callId: string) => void>(() => undefined);
  // A revision chosen in Reviews: back to the transcript, loading older pages until its card is there.
  const showRevision = useCallback((callId: string) => {
    setTab('transcript');
    setScrollTarget((previous) => ({ callId, token: (previous?.token ?? 0) + 1 }));
    loadRevision.current(callId);
  }, []);
  return (
    <div className="session-view" data-tab={tab}>
      <header className="session-header">
        {leading}
        <h1 className="session-heading" title={title || undefined}>
          {title || t.untitled}
        </h1>
        <AfterComposer>
          <div className="session-header-controls">
            <ConnectionStatus />
            <CollaborationStatus sessionId={sessionId} />
          </div>
        </AfterComposer>
      </header>
      <AfterComposer placeholder={<main className="session-body" />}>
        <SessionRest sessionId={sessionId} tab={tab} onSelect={setTab} scrollTarget={scrollTarget} onShow={showRevision} loadRevisionRef={loadRevision} />
      </AfterComposer>
      <Dock sessionId={sessionId} onShowCall={showRevision} />
    </div>
  );
}
