/**
 * React bindings of the session-stream store: a provider that owns one store per app (started on mount, stopped
 * on unmount, refreshing the session-list query on `host/session-added`, `-removed` and `-updated` and after a
 * reconnect, failed reads once the first connection opens, and the running state from `session.list` after every reconnect), the liveness
 * probe of an open session (a silently dead socket is reconnected), and hooks that read
 * it through `useSyncExternalStore`. Server state stays here and in the query cache; nothing is mirrored into
 * component state.
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyModule } from '../../lib/lazy-module.ts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionEvent } from '../../core/log/types.ts';
import {
  modeProjectionSchema,
  planProjectionSchema,
  type Capabilities,
  type MethodValue,
  type ModeProjectionValue,
  type PlanProjectionValue,
  type SessionSummary,
  type ToolView,
} from '../../core/protocol/methods.ts';
import type { QuestionItem } from '../../core/questions/types.ts';
import { planReviewOf } from '../../core/questions/plan-review.ts';
import { REVIEWS_PROJECTION_KEY, type ReviewHistory } from '../../core/review/history.ts';
import type * as RevisionsModule from '../../core/review/revisions.ts';
import type { TranscriptView } from '../../core/transcript/fold.ts';
import { callMethod } from '../../lib/api-client.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { startLivenessProbe, type LivenessSample } from '../../lib/liveness-probe.ts';
import { hostDescribeQueryOptions, hostKeys, sessionListQueryOptions } from '../../lib/queries.ts';
import { EMPTY_SLICE, sliceOf, type SessionSlice } from './reducers.ts';
import { createSessionStreamStore, type SessionStreamStore } from './store.ts';

const StoreContext = createContext<SessionStreamStore | undefined>(undefined);

/** The session-title fold (src/core/sessions/title.ts), loaded when a host sends no `title` projection. */
const sessionTitleFold = lazyModule(() => import('../../core/sessions/title.ts'));
/**
 * Provide a session-stream store to the tree. Without `store`, one is created with production defaults and its
 * downlink started; a given `store` is used as is (and started, but not stopped on unmount — its owner stops it).
 */
export function SessionStreamProvider({ store, children }: { store?: SessionStreamStore; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [owned] = useState(() =>
    store
      ? undefined
      : createSessionStreamStore({
          onHostFrame: (frame) => {
            if (frame.type === 'host/session-added' || frame.type === 'host/session-removed' || frame.type === 'host/session-updated')
              void queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
          },
          onConnected: (reconnect) => {
            if (reconnect) void queryClient.invalidateQueries({ queryKey: hostKeys.all });
            // The host is reachable now: a read that failed while it was not (e.g. "Failed to fetch" at page load,
            // before the first connection) is tried again, so its error clears instead of staying on the page.
            else void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
          },
        }),
  );
  const active = store ?? owned!;
  useEffect(() => {
    active.start();
    return owned ? () => owned.stop() : undefined;
  }, [active, owned]);
  // After every reconnect the running state follows the host again: frames missed while the
  // sockets were down cannot be replayed, so `session.list` is read afresh and its `running` applied.
  useEffect(() => {
    let previous = active.getConnectionState();
    return active.subscribe(() => {
      const next = active.getConnectionState();
      if (next === previous) return;
      const cameBack = previous === 'reconnecting' && next === 'connected';
      previous = next;
      if (cameBack) void resyncRunning(active, queryClient);
    });
  }, [active, queryClient]);
  return <StoreContext.Provider value={active}>{children}</StoreContext.Provider>;
}

/**
 * Re-read `session.list` and apply each listed session's `running` to the stream state where it differs (a
 * `host/session-status` sent while the sockets were down is lost; the host does not replay it). A
 * session whose running flag changed while the list was on its way keeps the newer, live value. Sessions the
 * stream has no running flag for are left to the list itself. Never rejects (a failed read changes nothing).
 * @param store the stream store
 * @param queryClient the app's query client (the fresh list also refreshes the sidebar's cache)
 */
export async function resyncRunning(store: SessionStreamStore, queryClient: QueryClient): Promise<void> {
  const before = new Map(Object.entries(store.getState().sessions).map(([id, slice]) => [id, slice.running]));
  let items: readonly SessionSummary[];
  try {
    items = (await queryClient.fetchQuery({ ...sessionListQueryOptions(), staleTime: 0 })).items;
  } catch {
    return;
  }
  for (const item of items) {
    const held = sliceOf(store.getState(), item.sessionId).running;
    if (held === undefined || held !== before.get(item.sessionId) || held === item.running) continue;
    store.applyHost({ type: 'host/session-status', sessionId: item.sessionId, running: item.running });
  }
}

/** What the liveness probe samples of one session: the tail of `session.history` and its `session.list` row. */
async function sampleHost(sessionId: string): Promise<LivenessSample> {
  const [history, list] = await Promise.all([callMethod('session.history', { sessionId, maxMessages: 1 }), callMethod('session.list', {})]);
  let lastSeq: number | undefined;
  for (const entry of history.events) if (lastSeq === undefined || entry.event.seq > lastSeq) lastSeq = entry.event.seq;
  return { lastSeq, running: list.items.find((item) => item.sessionId === sessionId)?.running };
}

/**
 * While `sessionId` is open, probe the host every ~12 s and reconnect the downlink when the host is ahead of what the
 * sockets delivered (a silently dead socket, see `liveness-probe.ts`). The reconnect shows
 * "Reconnecting…" and resyncs like any other.
 * @param sessionId the open session; undefined probes nothing
 */
export function useLivenessProbe(sessionId: string | undefined): void {
  const store = useSessionStreamStore();
  useEffect(() => {
    if (!sessionId) return undefined;
    const probe = startLivenessProbe({
      probe: () => sampleHost(sessionId),
      held: () => {
        const slice = sliceOf(store.getState(), sessionId);
        return { lastSeq: slice.events[slice.events.length - 1]?.seq, running: slice.running };
      },
      isConnected: () => store.getConnectionState() === 'connected',
      onDead: (reason) => {
        console.warn(`[downlink] the host is ahead of the sockets (${reason}); reconnecting`);
        store.reconnect();
      },
    });
    return () => probe.stop();
  }, [store, sessionId]);
}

/**
 * The store of the nearest `SessionStreamProvider`.
 * @throws Error when used outside a provider
 */
export function useSessionStreamStore(): SessionStreamStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useSessionStreamStore needs a <SessionStreamProvider>');
  return store;
}

/** Connection state of the downlink: `connecting`, `connected` or `reconnecting`. */
export function useConnectionState(): ConnectionState {
  const store = useSessionStreamStore();
  return useSyncExternalStore(store.subscribe, store.getConnectionState, store.getConnectionState);
}

/** A pending question batch as the dock shows it. */
export interface PendingQuestionView {
  rpcId: string;
  questions: QuestionItem[];
}

/** What the UI reads about one session (see `useSessionState`). */
export interface SessionState {
  /** A tail baseline has been applied. */
  loaded: boolean;
  /** Message of a failed baseline fetch, else undefined. */
  error: string | undefined;
  /** Events sorted by seq, de-duplicated, including streaming chunks. */
  events: readonly SessionEvent[];
  /** Tool cards by seq. */
  views: Readonly<Record<number, ToolView>>;
  /** The `plan` projection (docs/upstream-spec.md §1.11); undefined when the host has none or no baseline arrived yet. */
  plan: PlanProjectionValue | undefined;
  /** The `mode` projection of the session-modes variant (seed 002); undefined on a plan-mode host or before a baseline. */
  mode: ModeProjectionValue | undefined;
  /** Pending question batches, oldest first. */
  questions: readonly PendingQuestionView[];
  /** A turn is running (host/session-status, else the session list). */
  running: boolean;
  /**
   * Session title: the person's own (`customTitle` of the list), else the `title` projection, else — on a plain dsh host,
   * which has no such projection — the title derived from the loaded events (src/core/sessions/title.ts), else the list's.
   */
  title: string | undefined;
  /** An imported recording, or a log of the other plan-mode variant: no composer, no mode changes. */
  readOnly: boolean;
  /** Why the session is read-only, when the host says (e.g. a log of the other variant); undefined otherwise. */
  readOnlyReason: string | undefined;
  /** Why the host stopped writing to the session (`writeStopped` of its list item); undefined while it writes. */
  writeStopped: string | undefined;
  /** How many events arrived with a payload of the wrong shape and are not shown (the transcript says so). */
  unreadable: number;
  /**
   * Why the last turn stopped, while the log does not say it yet (a `host/agent-error` whose turn has no logged
   * `turn/end`, e.g. the log could not be written); undefined otherwise. Once the `turn/end` is
   * logged the transcript says "Turn failed" and this clears.
   */
  stoppedReason: string | undefined;
  /** Older history exists that is not loaded yet (the history loads from the tail in pages). */
  hasOlder: boolean;
  /** An older page is on its way. */
  loadingOlder: boolean;
}

/**
 * The agent error still to be shown: the slice's `agentError` unless a `turn/end` of its turn (or a later turn) is
 * in the events. Scans from the end and stops at the first `turn/start`/`turn/end`, so the cost is the last turn's length.
 * @param slice the session's slice
 * @returns the host's message, or undefined
 */
export function stoppedReasonOf(slice: SessionSlice): string | undefined {
  const error = slice.agentError;
  if (!error) return undefined;
  for (let i = slice.events.length - 1; i >= 0; i -= 1) {
    const event = slice.events[i]!;
    if (event.type !== 'turn/end' && event.type !== 'turn/start') continue;
    const turn = (event.data as { turn?: unknown }).turn;
    if (typeof turn !== 'number' || error.turn === undefined) return event.type === 'turn/end' ? undefined : error.message;
    if (event.type === 'turn/end' && turn >= error.turn) return undefined;
    if (event.type === 'turn/start' && turn > error.turn) return undefined;
    return error.message;
  }
  return error.message;
}

function planOf(slice: SessionSlice): PlanProjectionValue | undefined {
  const row = slice.projections.plan;
  if (!row) return undefined;
  const parsed = planProjectionSchema.safeParse(row.value);
  return parsed.success ? parsed.data : undefined;
}

function modeOf(slice: SessionSlice): ModeProjectionValue | undefined {
  const row = slice.projections.mode;
  if (!row) return undefined;
  const parsed = modeProjectionSchema.safeParse(row.value);
  return parsed.success ? parsed.data : undefined;
}

function useSlice(sessionId: string | undefined): SessionSlice {
  const store = useSessionStreamStore();
  const get = () => (sessionId ? sliceOf(store.getState(), sessionId) : EMPTY_SLICE);
  return useSyncExternalStore(store.subscribe, get, get);
}

function useSummary(sessionId: string | undefined): SessionSummary | undefined {
  const list = useQuery(sessionListQueryOptions());
  return sessionId ? list.data?.items.find((s) => s.sessionId === sessionId) : undefined;
}

/**
 * The state of one session, opening it (its baseline is pulled now and on every reconnect).
 * @param sessionId the session; undefined gives an empty, unloaded state
 */
export function useSessionState(sessionId: string | undefined): SessionState {
  const store = useSessionStreamStore();
  useEffect(() => {
    if (sessionId) store.openSession(sessionId);
  }, [store, sessionId]);
  const slice = useSlice(sessionId);
  const summary = useSummary(sessionId);
  const projected = slice.projections.title?.value;
  const hasProjected = typeof projected === 'string' && projected.trim() !== '';
  // Only a host without the `title` projection (plain dsh) needs the fold, so it loads then (off the first load).
  const titleFold = sessionTitleFold.use(!hasProjected);
  const title = useMemo(
    () => (hasProjected ? projected : (titleFold?.foldSessionTitle(slice.events) ?? undefined)),
    [hasProjected, projected, titleFold, slice.events],
  );
  const questions = useMemo(() => slice.questions.map((q) => ({ rpcId: q.rpcId, questions: q.questions })), [slice.questions]);
  const plan = useMemo(() => planOf(slice), [slice]);
  const mode = useMemo(() => modeOf(slice), [slice]);
  const stoppedReason = useMemo(() => stoppedReasonOf(slice), [slice]);
  return {
    stoppedReason,
    loaded: slice.loaded,
    error: slice.error,
    events: slice.events,
    views: slice.views,
    plan,
    mode,
    questions,
    running: slice.running ?? summary?.running ?? false,
    title: summary?.customTitle ?? title ?? summary?.title,
    readOnly: summary?.readOnly ?? false,
    readOnlyReason: summary?.readOnlyReason,
    writeStopped: summary?.writeStopped,
    unreadable: slice.unreadable.length,
    hasOlder: slice.olderBefore !== undefined,
    loadingOlder: slice.loadingOlder,
  };
}

/**
 * The folded transcript of one session: folded incrementally by the store as events arrive and kept
 * across session switches, so switching back to a long session refolds nothing.
 * @param sessionId the session; undefined gives an empty transcript
 * @returns the same object while the session's events did not change
 */
export function useSessionTranscript(sessionId: string | undefined): TranscriptView {
  const store = useSessionStreamStore();
  const get = () => (sessionId ? store.transcriptOf(sessionId) : EMPTY_TRANSCRIPT);
  return useSyncExternalStore(store.subscribe, get, get);
}

/**
 * The review history of a session: `complete` when it covers the whole log — the host's `reviews`
 * projection, or the client's own fold once every page is loaded; otherwise (a plain dsh host has no such projection)
 * the fold of the loaded part of the log.
 */
export interface SessionReviews {
  history: ReviewHistory;
  /** The history covers the whole log. */
  complete: boolean;
  /** Where it comes from: the host's projection, or the client's fold of the events it holds. */
  source: 'projection' | 'loaded';
}

type ReviewsModule = typeof RevisionsModule;
let reviewsModule: ReviewsModule | undefined;
let reviewsModuleLoading: Promise<ReviewsModule> | undefined;

/** The review fold and its wire schema, loaded on first use (off the first-load bundle). */
function useReviewsModule(): ReviewsModule | undefined {
  const [loaded, setLoaded] = useState(reviewsModule);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    reviewsModuleLoading ??= import('../../core/review/revisions.ts').then((module) => (reviewsModule = module));
    void reviewsModuleLoading.then((module) => live && setLoaded(module));
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

const NO_REVIEWS: ReviewHistory = Object.freeze({ revisions: Object.freeze([]) as readonly never[] });

/**
 * The review history of one session: the host's `reviews` projection when it sends one (it folds the whole log),
 * else `foldReviewHistory` over the loaded events, refolded only when they change. Empty (and complete) for the
 * moment the fold's module takes to load.
 * @param sessionId the session; undefined gives an empty, complete history
 */
export function useSessionReviews(sessionId: string | undefined): SessionReviews {
  const slice = useSlice(sessionId);
  const reviews = useReviewsModule();
  const row = slice.projections[REVIEWS_PROJECTION_KEY];
  const projected = useMemo(() => {
    if (!row || !reviews) return undefined;
    const parsed = reviews.reviewHistorySchema.safeParse(row.value);
    return parsed.success ? parsed.data : undefined;
  }, [row, reviews]);
  const folded = useMemo(() => (projected || !reviews ? undefined : reviews.foldReviewHistory(slice.events)), [projected, reviews, slice.events]);
  return useMemo(() => {
    if (projected) return { history: projected, complete: true, source: 'projection' };
    if (!folded) return { history: NO_REVIEWS, complete: true, source: 'loaded' };
    return { history: folded, complete: slice.olderBefore === undefined, source: 'loaded' };
  }, [projected, folded, slice.olderBefore]);
}

const EMPTY_TRANSCRIPT: TranscriptView = Object.freeze({ items: [], openTurn: undefined });

/**
 * Badges of a session in the list: running, plan projection, whether a plan review awaits a decision, and the
 * live title (`title` projection) when the stream has one.
 */
export interface SessionBadges {
  running: boolean;
  plan: PlanProjectionValue | undefined;
  reviewPending: boolean;
  /** Any question (plan review or other) waits for the user. */
  questionPending: boolean;
  title: string | undefined;
  /** The `mode` projection (session-modes variant, seed 002); undefined on a plan-mode host. */
  mode: ModeProjectionValue | undefined;
}

/**
 * Badges for every session the stream has mentioned, merged over the session list's own snapshot (`running`,
 * `projections.plan`, `projections.mode`) for sessions the stream has said nothing about yet.
 * @returns a function from sessionId to its badges
 */
export function useSessionBadges(): (summary: SessionSummary) => SessionBadges {
  const store = useSessionStreamStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(
    () => (summary: SessionSummary) => {
      const slice = sliceOf(state, summary.sessionId);
      const listed = planProjectionSchema.safeParse(summary.projections?.values.plan);
      const listedMode = modeProjectionSchema.safeParse(summary.projections?.values.mode);
      return {
        running: slice.running ?? summary.running,
        plan: planOf(slice) ?? (listed.success ? listed.data : undefined),
        reviewPending: slice.questions.some((q) => planReviewOf(q.questions) !== undefined),
        questionPending: slice.questions.length > 0,
        title: typeof slice.projections.title?.value === 'string' ? slice.projections.title.value : undefined,
        mode: modeOf(slice) ?? (listedMode.success ? listedMode.data : undefined),
      };
    },
    [state],
  );
}

/** Host info from `host.describe` (TanStack Query), with its capabilities (undefined on a plain dsh host). */
export interface HostInfo {
  info: MethodValue<'host.describe'> | undefined;
  capabilities: Capabilities | undefined;
  isLoading: boolean;
  error: Error | null;
}

/** Read `host.describe` through the query cache (fetched once per page life). */
export function useHostInfo(): HostInfo {
  const query = useQuery(hostDescribeQueryOptions());
  return { info: query.data, capabilities: query.data?.capabilities, isLoading: query.isLoading, error: query.error };
}
