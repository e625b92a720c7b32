/**
 * Selector hooks over the session-stream store and the query cache: each reads one thing about a session (its plan
 * projection, whether a turn runs, its transcript, …) and re-renders its component only when that thing changes.
 * Every value comes from the stream or the host's own reads (`session.list`, `host.describe`), never from a guess;
 * selectors return values the store keeps (or memoise on them), so a snapshot is stable while nothing changed.
 */
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Capabilities, MethodValue, ModeProjectionValue, PlanProjectionValue, SessionSummary } from '../core/protocol/methods.ts';
import type { TranscriptView } from '../core/transcript/fold.ts';
import type { ConnectionState } from '../lib/downlink.ts';
import { useCopy } from '../lib/language.ts';
import { lazyModule } from '../lib/lazy-module.ts';
import { hostDescribeQueryOptions, sessionListQueryOptions } from '../lib/queries.ts';
import {
  badgesOf,
  modeOfRow,
  planOfRow,
  questionViewsOf,
  readOnlyReasonOf,
  stoppedReasonOf,
  titleOfRow,
  waitingOf,
  type PendingQuestionView,
  type SessionBadges,
  type SessionWaiting,
} from './derive.ts';
import { readOnlyLocales } from './locales.ts';
import { EMPTY_SLICE, sliceOf, type StreamState } from './reducers.ts';
import { useSessionStreamStore } from './provider.tsx';
import { useSlice, useStreamSelector, useStreamSelectorAfterPaint } from './select.ts';

/** The session-title fold (src/core/sessions/title.ts), used when a host sends no `title` projection. */
const sessionTitleFold = lazyModule(() => import('../core/sessions/title.ts'));

/**
 * Load the session-title fold now (or join the load under way). In the idle prefetch list (`src/app/prefetch.ts`):
 * loaded on first use, it was asked for by a session's first events, which come in the burst of the first turn, so its
 * request, its evaluation (it builds two `Intl.Segmenter`s) and the title's render fell between the first question's
 * frame and its paint (`npm run bench:browser`'s first question flow, 4 pages looked at: the request started 3 to 44 ms
 * before the frame, and in 2 of them was still loading at the frame).
 * @returns resolves when it was tried; never rejects
 */
export async function loadSessionTitleFold(): Promise<void> {
  await sessionTitleFold.load();
}

/** Connection state of the downlink: `connecting`, `connected` or `reconnecting` (one for every session). */
export function useSessionConnection(): ConnectionState {
  const store = useSessionStreamStore();
  return useSyncExternalStore(store.subscribe, store.getConnectionState, store.getConnectionState);
}

/**
 * Open a session while the calling component is mounted: its tail page is pulled now and on every reconnect.
 * @param sessionId the session; undefined opens nothing
 */
export function useOpenSession(sessionId: string | undefined): void {
  const store = useSessionStreamStore();
  useEffect(() => {
    if (sessionId) store.openSession(sessionId);
  }, [store, sessionId]);
}

/**
 * The `session.list` row of a session (the query cache; structurally shared, so the same object while it is unchanged).
 * @param sessionId the session; undefined gives undefined
 */
export function useSessionSummary(sessionId: string | undefined): SessionSummary | undefined {
  const select = useCallback((list: MethodValue<'session.list'>) => list.items.find((item) => item.sessionId === sessionId), [sessionId]);
  const { data } = useQuery({ ...sessionListQueryOptions(), select });
  return sessionId ? data : undefined;
}

/** The `plan` projection of a session (docs/upstream-spec.md §1.11); undefined when the host has none or no baseline arrived yet. */
export function useSessionPlan(sessionId: string | undefined): PlanProjectionValue | undefined {
  const row = useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId).projections.plan : undefined));
  return useMemo(() => planOfRow(row), [row]);
}

/** The `mode` projection of the session-modes variant (seed 002); undefined on a plan-mode host or before a baseline. */
export function useSessionMode(sessionId: string | undefined): ModeProjectionValue | undefined {
  const row = useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId).projections.mode : undefined));
  return useMemo(() => modeOfRow(row), [row]);
}

/** A turn is running: `host/session-status` of the stream, else the session list's `running`, else false. */
export function useSessionRunning(sessionId: string | undefined): boolean {
  const live = useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId).running : undefined));
  const summary = useSessionSummary(sessionId);
  return live ?? summary?.running ?? false;
}

/** Whether a session is read-only (an imported recording, a log of the other variant, a log the server stopped writing) and why. */
export interface SessionReadOnly {
  readOnly: boolean;
  /** Why, as the page says it (see `readOnlyReasonOf`); undefined when the host gave no reason. */
  reason: string | undefined;
}

/** Whether a session is read-only and why, from its `session.list` row; not read-only while the row is unknown. */
export function useSessionReadOnly(sessionId: string | undefined): SessionReadOnly {
  const summary = useSessionSummary(sessionId);
  const copy = useCopy(readOnlyLocales);
  const readOnly = summary?.readOnly ?? false;
  const reason = readOnlyReasonOf(summary, copy);
  return useMemo(() => ({ readOnly, reason }), [readOnly, reason]);
}

/** The pending question batches of a session, oldest first (the same array while they do not change). */
export function useSessionQuestions(sessionId: string | undefined): readonly PendingQuestionView[] {
  const questions = useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId).questions : EMPTY_SLICE.questions));
  return useMemo(() => questionViewsOf(questions), [questions]);
}

/** What a session waits for: `review`, `answer`, or undefined (see `waitingOf`). */
export function useSessionWaiting(sessionId: string | undefined): SessionWaiting {
  const questions = useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId).questions : EMPTY_SLICE.questions));
  return useMemo(() => waitingOf(questions), [questions]);
}

/** How far a session's history is loaded (the transcript's notes and paging). */
export interface SessionLoad {
  /** A tail baseline has been applied. */
  loaded: boolean;
  /** Message of a failed baseline fetch, else undefined. */
  error: string | undefined;
  /** Older history exists that is not loaded yet (the history loads from the tail in pages). */
  hasOlder: boolean;
  /** An older page is on its way. */
  loadingOlder: boolean;
  /** How many events arrived with a payload of the wrong shape and are not shown. */
  unreadable: number;
}

/** How far a session's history is loaded (see `SessionLoad`); the same object while none of it changes. */
export function useSessionLoad(sessionId: string | undefined): SessionLoad {
  const slice = useSlice(sessionId);
  const { loaded, error, loadingOlder } = slice;
  const hasOlder = slice.olderBefore !== undefined;
  const unreadable = slice.unreadable.length;
  return useMemo(() => ({ loaded, error, hasOlder, loadingOlder, unreadable }), [loaded, error, hasOlder, loadingOlder, unreadable]);
}

/**
 * The title of a session: the person's own (`customTitle` of the list), else the `title` projection, else — on a plain
 * dsh host, which has no such projection — the title derived from the loaded events (src/core/sessions/title.ts),
 * else the list's.
 */
export function useSessionTitle(sessionId: string | undefined): string | undefined {
  const projected = useStreamSelector((state) => (sessionId ? titleOfRow(sliceOf(state, sessionId).projections.title) : undefined));
  // Only a host without the `title` projection (plain dsh) needs the fold, and only once there are events to fold:
  // it loads then (off the first load, and not from the first commit, which has no events yet).
  const hasEvents = useStreamSelector((state) => sessionId !== undefined && sliceOf(state, sessionId).events.length > 0);
  const titleFold = sessionTitleFold.use(projected === undefined && hasEvents);
  const events = useStreamSelector((state) => (sessionId && titleFold && projected === undefined ? sliceOf(state, sessionId).events : undefined));
  const folded = useMemo(() => (events && titleFold ? (titleFold.foldSessionTitle(events) ?? undefined) : undefined), [events, titleFold]);
  const summary = useSessionSummary(sessionId);
  return summary?.customTitle ?? projected ?? folded ?? summary?.title;
}

/**
 * Why the last turn stopped, while the log does not say it yet (a `host/agent-error` whose turn has no logged
 * `turn/end`, e.g. the log could not be written; see `stoppedReasonOf`); undefined otherwise.
 */
export function useSessionStoppedReason(sessionId: string | undefined): string | undefined {
  const agentError = useStreamSelector((state) => (sessionId ? sliceOf(state, sessionId).agentError : undefined));
  const events = useStreamSelector((state) => (sessionId && agentError ? sliceOf(state, sessionId).events : EMPTY_SLICE.events));
  return useMemo(() => stoppedReasonOf({ agentError, events }), [agentError, events]);
}

const EMPTY_TRANSCRIPT: TranscriptView = Object.freeze({ items: [], openTurn: undefined });

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

/** What a session's history can be asked for: stable callbacks over the store. */
export interface SessionHistoryCommands {
  /** Pull the next older page (no-op while one is on its way or none is left). */
  loadOlder: () => void;
  /** Pull everything older than what is loaded. */
  loadAll: () => void;
  /** Pull the tail page again (after a failed load). */
  refresh: () => void;
}

/** Commands over a session's history (see `SessionHistoryCommands`); the same object for the same session. */
export function useSessionHistoryCommands(sessionId: string): SessionHistoryCommands {
  const store = useSessionStreamStore();
  return useMemo(
    () => ({
      loadOlder: () => void store.loadOlder(sessionId),
      loadAll: () => void store.loadAll(sessionId),
      refresh: () => void store.refreshSession(sessionId),
    }),
    [store, sessionId],
  );
}

/** What the badges read of one slice; the same object while those fields are unchanged. */
type BadgeInputs = Parameters<typeof badgesOf>[0];
const badgeInputs = new WeakMap<StreamState, ReadonlyMap<string, BadgeInputs>>();

/**
 * The badge inputs of every session in `state`, reusing `last` (and its entries) while no session's inputs changed,
 * so a frame that only appends an event or changes another projection gives the same snapshot.
 */
function badgeInputsOf(state: StreamState, last: ReadonlyMap<string, BadgeInputs> | undefined): ReadonlyMap<string, BadgeInputs> {
  const known = badgeInputs.get(state);
  if (known) return known;
  const next = new Map<string, BadgeInputs>();
  let same = last !== undefined && last.size === Object.keys(state.sessions).length;
  for (const [id, slice] of Object.entries(state.sessions)) {
    const { running, questions, projections } = slice;
    const before = last?.get(id);
    const unchanged =
      before !== undefined &&
      before.running === running &&
      before.questions === questions &&
      before.projections.plan === projections.plan &&
      before.projections.title === projections.title &&
      before.projections.mode === projections.mode;
    if (!unchanged) same = false;
    next.set(id, unchanged ? before : { running, questions, projections: { plan: projections.plan, title: projections.title, mode: projections.mode } });
  }
  const value = same ? last! : next;
  badgeInputs.set(state, value);
  return value;
}

/**
 * Badges for every session the stream has mentioned, merged over the session list's own snapshot (see `badgesOf`).
 * @returns a function from a list row to its badges; a new function only when a session's running state, questions
 * or `plan`/`title`/`mode` projection changed (not on every streamed event)
 */
export function useSessionBadges(): (summary: SessionSummary) => SessionBadges {
  const last = useRef<ReadonlyMap<string, BadgeInputs>>(undefined);
  // The rows' badges follow a frame's paint: a question's card paints without the sidebar in its commit.
  const inputs = useStreamSelectorAfterPaint((s) => (last.current = badgeInputsOf(s, last.current)));
  return useMemo(() => (summary: SessionSummary) => badgesOf(inputs.get(summary.sessionId) ?? EMPTY_SLICE, summary), [inputs]);
}

/** The capabilities of the host answering (`host.describe`); undefined on a plain dsh host or before it answered. */
export function useHostCapabilities(): Capabilities | undefined {
  const { data } = useQuery(hostDescribeQueryOptions());
  return data?.capabilities;
}
