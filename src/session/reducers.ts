/**
 * Pure reducers of the client-side session state: a fold of the downlink plus `session.history` baselines
 * (docs/protocol.md "Downlink", docs/upstream-spec.md §4.4). Invariants: events by seq are de-duplicated and sorted;
 * projection rows are higher-seq-wins; an unchanged state keeps its identity and other sessions keep theirs; an event
 * that fails the core check (`eventIssue`) is never stored, only its seq is counted in `unreadable`; keys off the
 * wire are looked up as own properties only, never through `Object.prototype`.
 */
import { eventIssue } from '../core/log/schemas.ts';
import type { SessionEvent } from '../core/log/types.ts';
import type { HostFrame, MuxFrame } from '../core/protocol/frames.ts';
import type { Projections, ToolView } from '../core/protocol/methods.ts';
import type { QuestionItem } from '../core/questions/types.ts';

/** One projection row: the value and the seq of the event that produced it. */
export interface ProjectionRow {
  value: unknown;
  seq: number;
}

/** A pending question batch; `epoch` is the connection epoch of its last (re)send. */
export interface PendingQuestion {
  rpcId: string;
  questions: QuestionItem[];
  epoch: number;
}

/**
 * A pending tool-permission prompt of a real dsh host (`approval/requested`), answered in the dsh client; `epoch` as
 * for questions.
 */
export interface PendingApproval {
  rpcId: string;
  approvalId: string;
  toolName: string;
  reason: string | undefined;
  epoch: number;
}

/** Everything the client knows about one session from the stream. */
export interface SessionSlice {
  /** Events sorted by seq, without duplicates. Streaming `assistant/chunk` rows are kept. */
  events: readonly SessionEvent[];
  /** Tool cards attached by the host to `tool/call`/`tool/result` rows, by seq. */
  views: Readonly<Record<number, ToolView>>;
  /** Projection rows by key (e.g. `plan`, `title`). */
  projections: Readonly<Record<string, ProjectionRow>>;
  /** Pending question batches in arrival order. */
  questions: readonly PendingQuestion[];
  /** Pending tool-permission prompts (a real dsh host) in arrival order. */
  approvals: readonly PendingApproval[];
  /** From `host/session-status`; `undefined` until the host said. */
  running: boolean | undefined;
  /** A tail baseline has been applied at least once. */
  loaded: boolean;
  /** Message of the last failed baseline fetch; cleared by a successful one. */
  error: string | undefined;
  /**
   * Seqs of the events that arrived but could not be shown (a payload of the wrong shape), ascending and without
   * duplicates; `-1` stands for events that had no readable seq at all. The transcript says how many.
   */
  unreadable: readonly number[];
  /**
   * The last `host/agent-error` of this session (a turn stopped by a model, loop or log-write failure): the
   * host's `message` and, when it said, the `turn`; undefined when none arrived.
   */
  agentError: AgentError | undefined;
  /**
   * `beforeSeq` of the next older `session.history` page (history is loaded from the tail in pages, older
   * pages on demand); undefined when the loaded events reach the start of the log or no tail page arrived yet.
   */
  olderBefore: number | undefined;
  /** An older page is on its way. */
  loadingOlder: boolean;
}

/** A turn the host stopped with an error (`host/agent-error {sessionId, turn?, message}`). */
export interface AgentError {
  turn: number | undefined;
  message: string;
}

/** The whole stream state. `epoch` counts mux (re)connections (starts at 0, 1 after the first open). */
export interface StreamState {
  sessions: Readonly<Record<string, SessionSlice>>;
  epoch: number;
}

/** The empty slice of a session the stream has not mentioned yet. */
export const EMPTY_SLICE: SessionSlice = Object.freeze({
  events: [],
  views: {},
  projections: {},
  questions: [],
  approvals: [],
  running: undefined,
  loaded: false,
  error: undefined,
  unreadable: [],
  agentError: undefined,
  olderBefore: undefined,
  loadingOlder: false,
}) as SessionSlice;

/** A fresh, empty stream state. */
export function initialStreamState(): StreamState {
  return { sessions: {}, epoch: 0 };
}

/** A history entry as `session.history` returns it. */
export interface HistoryEntry {
  event: SessionEvent;
  view?: ToolView;
}

/**
 * One page of `session.history`; `projections` only on the tail page (docs/upstream-spec.md §4.4). `hasMore` (older events
 * exist before the page) is read on a first tail page only; undefined counts as false.
 */
export interface HistoryPage {
  events: readonly HistoryEntry[];
  projections?: Projections;
  hasMore?: boolean;
}

/**
 * The slice of one session, read as an own property only (a session id such as `constructor` or `__proto__` is
 * just an id the stream has not mentioned).
 * @param state the stream state
 * @param sessionId any string
 * @returns the session's slice, or `EMPTY_SLICE`
 */
export function sliceOf(state: StreamState, sessionId: string): SessionSlice {
  return Object.hasOwn(state.sessions, sessionId) ? (state.sessions[sessionId] as SessionSlice) : EMPTY_SLICE;
}

const slice = sliceOf;

function heldSlice(state: StreamState, sessionId: string): SessionSlice | undefined {
  return Object.hasOwn(state.sessions, sessionId) ? state.sessions[sessionId] : undefined;
}

function withSlice(state: StreamState, sessionId: string, next: SessionSlice): StreamState {
  if (heldSlice(state, sessionId) === next) return state;
  return { ...state, sessions: { ...state.sessions, [sessionId]: next } };
}

/** The seq an unreadable event is counted under: its own when readable, else -1. */
function unreadableSeqOf(value: unknown): number {
  const seq = typeof value === 'object' && value !== null ? (value as { seq?: unknown }).seq : undefined;
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0 ? seq : -1;
}

/** Add seqs to a sorted, de-duplicated list; the same array when all were held. */
function withUnreadable(current: readonly number[], seqs: readonly number[]): readonly number[] {
  const fresh = seqs.filter((seq, i) => !current.includes(seq) && seqs.indexOf(seq) === i);
  return fresh.length === 0 ? current : [...current, ...fresh].sort((a, b) => a - b);
}

/**
 * Merge events into a sorted, de-duplicated list. An event whose seq is already held is ignored (the log is
 * append-only, so the same seq is the same event). Appending newer events or prepending an older page costs one
 * copy; anything else one linear merge (no map, no sort of the held list).
 * @returns the same array when nothing new was added
 */
export function mergeEvents(current: readonly SessionEvent[], incoming: readonly SessionEvent[]): readonly SessionEvent[] {
  if (incoming.length === 0) return current;
  const sortedIn = incoming.every((e, i) => i === 0 || e.seq > incoming[i - 1]!.seq);
  const sorted = sortedIn ? incoming : [...incoming].sort((a, b) => a.seq - b.seq);
  if (current.length === 0) return sortedIn ? [...sorted] : dedupe(sorted);
  const first = current[0]!.seq;
  const last = current[current.length - 1]!.seq;
  if (sortedIn && sorted[0]!.seq > last) return [...current, ...sorted];
  if (sortedIn && sorted[sorted.length - 1]!.seq < first) return [...sorted, ...current];
  const merged: SessionEvent[] = [];
  let i = 0;
  let j = 0;
  let added = false;
  while (i < current.length || j < sorted.length) {
    const held = current[i];
    const fresh = sorted[j];
    if (fresh === undefined || (held !== undefined && held.seq < fresh.seq)) {
      merged.push(held!);
      i += 1;
    } else if (held !== undefined && held.seq === fresh.seq) {
      merged.push(held);
      i += 1;
      j += 1;
    } else {
      if (merged.length === 0 || merged[merged.length - 1]!.seq !== fresh.seq) {
        merged.push(fresh);
        added = true;
      }
      j += 1;
    }
  }
  return added ? merged : current;
}

/** A sorted list without repeated seqs (the first of each kept). */
function dedupe(sorted: readonly SessionEvent[]): SessionEvent[] {
  return sorted.filter((e, i) => i === 0 || e.seq !== sorted[i - 1]!.seq);
}

function applyProjectionRow(rows: SessionSlice['projections'], key: string, value: unknown, seq: number): SessionSlice['projections'] {
  const held = Object.hasOwn(rows, key) ? rows[key] : undefined;
  if (held && held.seq >= seq) return rows;
  return { ...rows, [key]: { value, seq } };
}

/**
 * Apply one mux frame (docs/protocol.md "Downlink"):
 * - `session/event`: the event (and its `view`) is merged by seq; an event that fails `eventIssue` is not stored,
 *   its seq is added to `unreadable`;
 * - `session/projection`: applied only if its seq is higher than the held row's (higher seq wins);
 * - `session/subscribed`: rows with `seq > lastSeq` are dropped (a restarted host, docs/upstream-spec.md §4.4);
 * - `question/requested`: added, or replaced in place under the same rpcId (drafts live elsewhere, keyed by rpcId);
 * - `question/resolved`: removed;
 * - `approval/requested`: added, or replaced in place under the same `approvalId`; `approval/resolved`: removed;
 * - other frames: no change.
 * @param rpcId the frame envelope's rpcId (the question id for `question/requested`)
 */
export function applyMuxFrame(state: StreamState, frame: MuxFrame, rpcId: string): StreamState {
  switch (frame.type) {
    case 'session/event': {
      const s = slice(state, frame.sessionId);
      if (eventIssue(frame.event) !== undefined) {
        const unreadable = withUnreadable(s.unreadable, [unreadableSeqOf(frame.event)]);
        return unreadable === s.unreadable ? state : withSlice(state, frame.sessionId, { ...s, unreadable });
      }
      const event = frame.event as SessionEvent;
      const events = mergeEvents(s.events, [event]);
      const views = frame.view && !Object.hasOwn(s.views, event.seq) ? { ...s.views, [event.seq]: frame.view } : s.views;
      if (events === s.events && views === s.views) return state;
      return withSlice(state, frame.sessionId, { ...s, events, views });
    }
    case 'session/projection': {
      const s = slice(state, frame.sessionId);
      const projections = applyProjectionRow(s.projections, frame.key, frame.value, frame.seq);
      return projections === s.projections ? state : withSlice(state, frame.sessionId, { ...s, projections });
    }
    case 'session/subscribed': {
      const s = heldSlice(state, frame.sessionId);
      if (!s) return state;
      const stale = Object.entries(s.projections).filter(([, row]) => row.seq > frame.lastSeq);
      if (stale.length === 0) return state;
      const projections = { ...s.projections };
      for (const [key] of stale) delete projections[key];
      return withSlice(state, frame.sessionId, { ...s, projections });
    }
    case 'question/requested': {
      const s = slice(state, frame.sessionId);
      const entry: PendingQuestion = { rpcId, questions: frame.questions as QuestionItem[], epoch: state.epoch };
      const index = s.questions.findIndex((q) => q.rpcId === rpcId);
      const questions = index === -1 ? [...s.questions, entry] : s.questions.map((q, i) => (i === index ? entry : q));
      return withSlice(state, frame.sessionId, { ...s, questions });
    }
    case 'question/resolved': {
      const s = heldSlice(state, frame.sessionId);
      if (!s || !s.questions.some((q) => q.rpcId === frame.questionRpcId)) return state;
      return withSlice(state, frame.sessionId, { ...s, questions: s.questions.filter((q) => q.rpcId !== frame.questionRpcId) });
    }
    case 'approval/requested': {
      const s = slice(state, frame.sessionId);
      const entry: PendingApproval = { rpcId, approvalId: frame.approvalId, toolName: frame.toolName, reason: frame.reason, epoch: state.epoch };
      const index = s.approvals.findIndex((a) => a.approvalId === frame.approvalId);
      const approvals = index === -1 ? [...s.approvals, entry] : s.approvals.map((a, i) => (i === index ? entry : a));
      return withSlice(state, frame.sessionId, { ...s, approvals });
    }
    case 'approval/resolved': {
      const s = heldSlice(state, frame.sessionId);
      if (!s || !s.approvals.some((a) => a.approvalId === frame.approvalId)) return state;
      return withSlice(state, frame.sessionId, { ...s, approvals: s.approvals.filter((a) => a.approvalId !== frame.approvalId) });
    }
    case 'session/queue':
    case 'stream/error':
      return state;
    default: {
      const never: never = frame;
      return never;
    }
  }
}

/** A live frame as the downlink delivered it, for {@link applyFrames}. */
export type LiveFrame = { kind: 'mux'; frame: MuxFrame; rpcId: string } | { kind: 'host'; frame: HostFrame };

/**
 * Apply a burst of live frames in arrival order: the same state as applying each with `applyMuxFrame` /
 * `applyHostFrame`, but a session's events are merged once for the burst (one copy of its event list and views,
 * not one per frame), so a burst of k events on a log of n costs O(n + k), not O(n·k). Only `session/event` frames
 * touch a slice's events, views and unreadable seqs, so gathering them does not reorder anything another frame reads.
 * @param frames the burst, oldest first
 */
export function applyFrames(state: StreamState, frames: readonly LiveFrame[]): StreamState {
  const gathered = new Map<string, { events: SessionEvent[]; views: Record<number, ToolView>; unreadable: number[] }>();
  let next = state;
  for (const live of frames) {
    if (live.kind === 'host') {
      next = applyHostFrame(next, live.frame);
      continue;
    }
    const frame = live.frame;
    if (frame.type !== 'session/event') {
      next = applyMuxFrame(next, frame, live.rpcId);
      continue;
    }
    let acc = gathered.get(frame.sessionId);
    if (!acc) gathered.set(frame.sessionId, (acc = { events: [], views: {}, unreadable: [] }));
    if (eventIssue(frame.event) !== undefined) {
      acc.unreadable.push(unreadableSeqOf(frame.event));
      continue;
    }
    const event = frame.event as SessionEvent;
    acc.events.push(event);
    if (frame.view && !Object.hasOwn(acc.views, event.seq)) acc.views[event.seq] = frame.view;
  }
  for (const [sessionId, acc] of gathered) {
    const s = slice(next, sessionId);
    const events = mergeEvents(s.events, acc.events);
    const fresh = Object.keys(acc.views).filter((seq) => !Object.hasOwn(s.views, seq));
    const views = fresh.length === 0 ? s.views : { ...s.views, ...Object.fromEntries(fresh.map((seq) => [seq, acc.views[Number(seq)]!])) };
    const unreadable = withUnreadable(s.unreadable, acc.unreadable);
    if (events === s.events && views === s.views && unreadable === s.unreadable) continue;
    next = withSlice(next, sessionId, { ...s, events, views, unreadable });
  }
  return next;
}

/**
 * Apply one host frame: `host/session-status` sets the running flag; `host/agent-error` with a string `sessionId`
 * and `message` (its payload varies by host; others are ignored) becomes the session's `agentError`; the others
 * change no session state (`host/session-added` refreshes the session list, which is the query cache's job).
 */
export function applyHostFrame(state: StreamState, frame: HostFrame): StreamState {
  if (frame.type === 'host/agent-error') {
    const { sessionId, message, turn } = frame as { sessionId?: unknown; message?: unknown; turn?: unknown };
    if (typeof sessionId !== 'string' || typeof message !== 'string') return state;
    const agentError: AgentError = { turn: typeof turn === 'number' && Number.isSafeInteger(turn) ? turn : undefined, message };
    return withSlice(state, sessionId, { ...slice(state, sessionId), agentError });
  }
  if (frame.type !== 'host/session-status') return state;
  const s = slice(state, frame.sessionId);
  if (s.running === frame.running) return state;
  return withSlice(state, frame.sessionId, { ...s, running: frame.running });
}

/**
 * Apply a `session.history` page as a baseline (docs/upstream-spec.md §4.4): its events merge by seq (an entry whose event
 * fails `eventIssue` is not stored; its seq is added to `unreadable`); on a tail page
 * (one with `projections`) each key applies at `asOfSeq` under higher-seq-wins, a held key missing from the
 * baseline is cleared unless its seq is greater than `asOfSeq`, the session is marked loaded, and questions not
 * re-sent since the last reconnect (epoch older than the current) are dropped — the host re-sends every pending
 * question when a mux socket opens, so one that was not re-sent was resolved while we were away.
 */
export function applyHistoryPage(state: StreamState, sessionId: string, page: HistoryPage): StreamState {
  const s = slice(state, sessionId);
  const readable: HistoryEntry[] = [];
  const bad: number[] = [];
  for (const entry of page.events) {
    const event: unknown = typeof entry === 'object' && entry !== null ? entry.event : undefined;
    if (eventIssue(event) === undefined) readable.push(entry);
    else bad.push(unreadableSeqOf(event));
  }
  const unreadable = withUnreadable(s.unreadable, bad);
  const events = mergeEvents(
    s.events,
    readable.map((e) => e.event),
  );
  let views = s.views;
  for (const entry of readable) {
    if (entry.view && !Object.hasOwn(views, entry.event.seq)) {
      if (views === s.views) views = { ...views };
      (views as Record<number, ToolView>)[entry.event.seq] = entry.view;
    }
  }
  let projections = s.projections;
  let questions = s.questions;
  let approvals = s.approvals;
  let loaded = s.loaded;
  let olderBefore = s.olderBefore;
  if (page.projections) {
    const { asOfSeq, values } = page.projections;
    for (const [key, value] of Object.entries(values)) projections = applyProjectionRow(projections, key, value, asOfSeq);
    const missing = Object.entries(projections).filter(([key, row]) => !Object.hasOwn(values, key) && row.seq <= asOfSeq);
    if (missing.length > 0) {
      projections = { ...projections };
      for (const [key] of missing) delete (projections as Record<string, ProjectionRow>)[key];
    }
    if (questions.some((q) => q.epoch < state.epoch)) questions = questions.filter((q) => q.epoch >= state.epoch);
    if (approvals.some((a) => a.epoch < state.epoch)) approvals = approvals.filter((a) => a.epoch >= state.epoch);
    // The first tail page sets where older pages start; a later one (reconnect, refresh) only merges by seq.
    if (!loaded) olderBefore = page.hasMore === true ? firstSeqOf(page) : undefined;
    loaded = true;
  }
  if (
    events === s.events &&
    views === s.views &&
    projections === s.projections &&
    questions === s.questions &&
    approvals === s.approvals &&
    loaded === s.loaded &&
    unreadable === s.unreadable &&
    s.error === undefined &&
    olderBefore === s.olderBefore
  ) {
    return state;
  }
  return withSlice(state, sessionId, {
    ...s,
    events,
    views,
    projections,
    questions,
    approvals,
    loaded,
    unreadable,
    olderBefore,
    error: page.projections ? undefined : s.error,
  });
}

/** The seq of a page's first entry (readable or not), or undefined for an empty page. */
function firstSeqOf(page: HistoryPage): number | undefined {
  const seq = page.events.length > 0 ? unreadableSeqOf(page.events[0]!.event) : -1;
  return seq >= 0 ? seq : undefined;
}

/**
 * Apply an older `session.history` page (one fetched with `beforeSeq`): its events merge by seq as any
 * page's, and the next older page starts before its first entry while `hasMore` says there is one.
 * @param page the page and whether older events exist before it
 */
export function applyOlderPage(state: StreamState, sessionId: string, page: HistoryPage & { hasMore: boolean }): StreamState {
  const merged = applyHistoryPage(state, sessionId, { events: page.events });
  const s = slice(merged, sessionId);
  const olderBefore = page.hasMore ? firstSeqOf(page) : undefined;
  if (s.olderBefore === olderBefore && !s.loadingOlder) return merged;
  return withSlice(merged, sessionId, { ...s, olderBefore, loadingOlder: false });
}

/** Mark an older page of a session as on its way (`true`) or settled without a page (`false`, e.g. it failed). */
export function applyLoadingOlder(state: StreamState, sessionId: string, loading: boolean): StreamState {
  const s = slice(state, sessionId);
  return s.loadingOlder === loading ? state : withSlice(state, sessionId, { ...s, loadingOlder: loading });
}

/** Record a failed baseline fetch for a session (shown by the transcript as an error state). */
export function applyHistoryError(state: StreamState, sessionId: string, message: string): StreamState {
  const s = slice(state, sessionId);
  if (s.error === message) return state;
  return withSlice(state, sessionId, { ...s, error: message });
}

/** A mux socket (re)opened: the connection epoch advances, so baselines can tell re-sent questions from stale ones. */
export function applyMuxOpen(state: StreamState): StreamState {
  return { ...state, epoch: state.epoch + 1 };
}

/**
 * Drop every pending question and tool-permission prompt not (re)sent on the mux socket open now (epoch older than the
 * current): both hosts re-send every pending one when a mux socket opens (docs/protocol.md "Downlink"), so one not
 * re-sent was settled while the socket was down. The store applies it once the socket's greeting frames are in; open
 * sessions get the same rule from their tail page (`applyHistoryPage`), this reaches the sessions not open.
 * @returns the same state when nothing was stale
 */
export function applyStalePrune(state: StreamState): StreamState {
  let next = state;
  for (const [sessionId, s] of Object.entries(state.sessions)) {
    const questions = s.questions.some((q) => q.epoch < state.epoch) ? s.questions.filter((q) => q.epoch >= state.epoch) : s.questions;
    const approvals = s.approvals.some((a) => a.epoch < state.epoch) ? s.approvals.filter((a) => a.epoch >= state.epoch) : s.approvals;
    if (questions !== s.questions || approvals !== s.approvals) next = withSlice(next, sessionId, { ...s, questions, approvals });
  }
  return next;
}
