/**
 * The framework-free session-stream store: owns the downlink, folds its frames with the pure reducers, and pulls
 * `session.history` from the tail in pages (one tail page as soon as a session opens, without waiting for the sockets,
 * again when the first mux's `session/subscribed.lastSeq` is beyond it, and on every reconnect; merged by seq, a long
 * gap filled page by page; older pages only on demand: `loadOlder`, `loadAll`).
 * It keeps each session's transcript fold across session switches (`transcriptOf`). Listeners are notified after
 * each change; React reads it through `useSyncExternalStore`.
 */
import { callMethod, valueOfAnswer } from '../lib/api-client.ts';
import { HISTORY_PAGE_MESSAGES, takeEarlyTail } from '../lib/early-tail.ts';
import { now, SLICE_MS, yieldTask as yieldNextTask } from '../lib/slices.ts';
import { connectDownlink, type ConnectionState, type Downlink, type DownlinkHandlers } from '../lib/downlink.ts';
import type { HostFrame, MuxFrame } from '../core/protocol/frames.ts';
import type { SessionEvent } from '../core/log/types.ts';
import { createTranscriptFolder, type TranscriptFolder, type TranscriptView } from '../core/transcript/fold.ts';
import {
  applyFrames,
  applyHistoryError,
  applyHistoryPage,
  applyLoadingOlder,
  applyOlderPage,
  applyMuxOpen,
  applyStalePrune,
  initialStreamState,
  sliceOf,
  type HistoryPage,
  type LiveFrame,
  type StreamState,
} from './reducers.ts';

/** A page as the store's history fetcher returns it (the `session.history` value). */
export interface FetchedHistoryPage extends HistoryPage {
  hasMore: boolean;
}

/** Messages per `session.history` page (see `early-tail.ts`, whose read of the URL's session uses the same size). */
export { HISTORY_PAGE_MESSAGES };

/**
 * Messages per page when the whole history is asked for (the find box's "Load all"): large pages, each checked and
 * applied in slices bounded by time (one page of a whole 16 MB log would block the main thread for ~200 ms).
 */
export const LOAD_ALL_PAGE_MESSAGES = 1000;

/**
 * Fetch one `session.history` page.
 * @param beforeSeq undefined for the tail page; else the exclusive end of an older page
 * @param maxMessages messages per page; undefined for everything before `beforeSeq` (or the whole log)
 */
export type HistoryFetcher = (sessionId: string, beforeSeq: number | undefined, maxMessages: number | undefined) => Promise<FetchedHistoryPage>;

/** Injectable seams of the store; production defaults talk to the host. */
export interface SessionStreamStoreOptions {
  /** Fetch one `session.history` page (see `HistoryFetcher`); default `callMethod('session.history', …)`. */
  fetchHistory?: HistoryFetcher;
  /** Open the downlink; default `connectDownlink`. */
  connect?: (handlers: DownlinkHandlers) => Downlink;
  /** Called for every host frame after it is applied (the provider refreshes the session list on `host/session-added`). */
  onHostFrame?: (frame: HostFrame) => void;
  /** Called when the downlink has (re)connected (the provider refreshes host-level queries). */
  onConnected?: (reconnect: boolean) => void;
  /** Cap on the pages pulled to fill the gap a long disconnect left behind the reconnect's tail page; default 50. */
  maxPages?: number;
  /** Messages per page (`maxMessages`); default `HISTORY_PAGE_MESSAGES`. */
  pageMessages?: number;
  /** The state to start from (built with the reducers, e.g. a component test's session); default empty. */
  initialState?: StreamState;
  /**
   * How long after a mux socket reopened its re-sent questions and prompts are taken as complete, so those not re-sent
   * are dropped in every session (`applyStalePrune`); default `GREETING_SETTLE_MS`.
   */
  greetingSettleMs?: number;
  /**
   * Runs `run` once the frames already queued on the page have been read (the app passes `nextTask` of
   * `src/lib/slices.ts`). With it, `session/event` frames and `session/projection` frames of keys nothing waits on are queued and applied as one
   * burst (`applyFrames`) with one notification, when `run` runs or when the state is read, whichever comes first; any
   * other frame (a question, a prompt, the plan state, the queue, host frames) is applied with everything queued before
   * it and told at once. Default none: every frame is applied and told at once.
   */
  scheduleBurst?: (run: () => void) => void;
  /**
   * Time per slice of a history page applied in slices, ms (render included); default `SLICE_MS` (`src/lib/slices.ts`):
   * a page never costs one long task.
   */
  sliceMs?: number;
  /** Yield the main thread between slices of a history page; default a `nextTask` task (`src/lib/slices.ts`). */
  yieldTask?: () => Promise<void>;
}

/**
 * Events in the first slice of a history page; later slices are sized by the time the last one took. Small: an event
 * can be large (an assistant message of 100 tool calls, 140 KB, whose check is most of its apply), and its cost is
 * known only once a slice has run.
 */
const FIRST_SLICE_EVENTS = 50;

/** `session/projection` keys whose frames may wait in a burst: what the review and the question flow never wait on. */
const BURST_PROJECTION_KEYS: ReadonlySet<string> = new Set(['todos', 'progress', 'title', 'reviews']);

/** Whether a live frame may be queued in a burst (else it is told at once, with everything queued before it). */
function burstable(live: LiveFrame): boolean {
  if (live.kind !== 'mux') return false;
  const frame = live.frame;
  return frame.type === 'session/event' || (frame.type === 'session/projection' && BURST_PROJECTION_KEYS.has(frame.key));
}

/**
 * Both hosts send every pending question and prompt as the first frames of a new mux socket, in one burst
 * (docs/protocol.md "Downlink"); this leaves it ample time before what was not re-sent is dropped (ms).
 */
export const GREETING_SETTLE_MS = 2000;

/** The store. All methods are safe to call before `start()` and after `stop()`. */
export interface SessionStreamStore {
  getState(): StreamState;
  getConnectionState(): ConnectionState;
  /** Subscribe to any change (state or connection); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Open the downlink. Idempotent; after `stop()` it opens a new one (React StrictMode re-runs effects). */
  start(): void;
  /** Close the downlink. State is kept. */
  stop(): void;
  /** Drop the downlink's sockets as lost and reopen them (a silently dead socket); resyncs as any reconnect. */
  reconnect(): void;
  /**
   * Mark a session open. Its tail page is pulled now when the session has none, whether or not the downlink is up
   * yet. When the first mux socket then says `session/subscribed {lastSeq}` beyond that page's last seq (events were
   * appended between the page and the subscription), the tail is pulled again and merged by seq (docs/protocol.md
   * "session/subscribed"). Open sessions get a tail page on every reconnect, merged by seq.
   */
  openSession(sessionId: string): void;
  /** Pull a tail page for a session now (e.g. after import, or "Try again"). Resolves when applied; never rejects. */
  refreshSession(sessionId: string): Promise<void>;
  /**
   * Pull the next older page of a loaded session (`olderBefore`), one at a time. No-op when none is left or one
   * is on its way. Resolves when applied; never rejects (a failure leaves `olderBefore` for another try).
   */
  loadOlder(sessionId: string): Promise<void>;
  /**
   * Pull everything older than what is loaded, in pages of `LOAD_ALL_PAGE_MESSAGES` (the find box's "Load all").
   * Resolves when the start of the log is loaded or a page failed; never rejects.
   */
  loadAll(sessionId: string): Promise<void>;
  /**
   * The transcript of a session, folded incrementally and kept while the session's events do not change (switching
   * back to a session costs nothing). Same object while nothing changed, so it is a valid external-store snapshot.
   */
  transcriptOf(sessionId: string): TranscriptView;
  /** Apply a mux frame (used by the downlink; exposed for tests). */
  applyMux(frame: MuxFrame, rpcId: string): void;
  /** Apply a host frame (used by the downlink; exposed for tests). */
  applyHost(frame: HostFrame): void;
}

async function defaultFetchHistory(sessionId: string, beforeSeq: number | undefined, maxMessages: number | undefined): Promise<FetchedHistoryPage> {
  // The page's first tail read of the session in the URL was sent by the entry already (early-tail.ts).
  const early = beforeSeq === undefined ? takeEarlyTail(sessionId, maxMessages) : undefined;
  const value = early
    ? await valueOfAnswer('session.history', early)
    : await callMethod('session.history', {
        sessionId,
        ...(beforeSeq === undefined ? {} : { beforeSeq }),
        ...(maxMessages === undefined ? {} : { maxMessages }),
      });
  return {
    events: value.events.map((e) => ({ event: e.event as SessionEvent, ...(e.view ? { view: e.view } : {}) })),
    hasMore: value.hasMore,
    ...(value.projections ? { projections: value.projections } : {}),
  };
}

/**
 * The store's state and its intake of live frames: without `scheduleBurst` each frame is applied and told at once;
 * with it, burstable frames are queued and applied as one burst (`applyFrames`) when the state is read (`current`) or
 * when the scheduled task runs, which tells the listeners once; any other frame is applied after the queue and told
 * at once.
 */
function frameIntake(cell: { state: StreamState; queued: LiveFrame[] }, notify: () => void, scheduleBurst: ((run: () => void) => void) | undefined) {
  /** The state the listeners were last told of. */
  let told = cell.state;
  const current = (): StreamState => {
    if (cell.queued.length === 0) return cell.state;
    const burst = cell.queued;
    cell.queued = [];
    cell.state = applyFrames(cell.state, burst);
    return cell.state;
  };
  const tell = (): void => {
    if (told === cell.state) return;
    told = cell.state;
    notify();
  };
  return {
    current,
    /** Put a new state and tell the listeners (nothing when it is the same). */
    set(next: StreamState): void {
      cell.state = next;
      tell();
    },
    receive(live: LiveFrame): void {
      if (scheduleBurst && burstable(live)) {
        if (cell.queued.push(live) === 1)
          scheduleBurst(() => {
            current();
            tell();
          });
        return;
      }
      cell.state = applyFrames(current(), [live]);
      tell();
    },
  };
}

/**
 * Run `apply(from, to)` over the index ranges of `count` events in slices of about `sliceMs` each (the render of a
 * slice included), yielding a task between slices: oldest first (`from` rising), or newest first. The first slice has
 * `FIRST_SLICE_EVENTS` events (at least `minEvents`); each later one is sized by the time the last one took, never
 * under `minEvents`.
 * @param count - events in the page
 * @param newestFirst - whether the slices run from the end of the page to its start
 * @param apply - applies events `[from, to)` and tells the listeners
 * @param sliceMs - time per slice, ms
 * @param yieldTask - yields the main thread
 * @param minEvents - the smallest slice after the first
 */
async function runSlices(
  count: number,
  newestFirst: boolean,
  apply: (from: number, to: number) => void,
  sliceMs: number,
  yieldTask: () => Promise<void>,
  minEvents = 1,
): Promise<void> {
  let size = Math.min(count, Math.max(FIRST_SLICE_EVENTS, minEvents));
  for (let done = 0; ;) {
    const started = now();
    if (newestFirst) apply(count - done - size, count - done);
    else apply(done, done + size);
    done += size;
    if (done >= count) return;
    // React renders a store change in a microtask: let it run, so the slice's time includes its render.
    await Promise.resolve();
    const spent = Math.max(now() - started, 0.5);
    size = Math.min(count - done, Math.max(minEvents, Math.floor((size * sliceMs) / spent)));
    await yieldTask();
  }
}

/**
 * Apply a tail or gap page oldest events first, in slices of about `sliceMs` each (the render of a slice included),
 * yielding a task between slices; the first slice carries the page's projections and `hasMore`, so the session is
 * loaded and knows where older pages start from the first slice on. Merged by seq, so frames between slices are safe.
 * @param page - the page
 * @param apply - applies one part of it (a page of its own) and tells the listeners
 * @param sliceMs - time per slice, ms
 * @param yieldTask - yields the main thread
 */
function applyPageInSlices(page: HistoryPage, apply: (part: HistoryPage) => void, sliceMs: number, yieldTask: () => Promise<void>): Promise<void> {
  const { events } = page;
  return runSlices(
    events.length,
    false,
    (from, to) => apply(from === 0 ? { ...page, events: events.slice(from, to) } : { events: events.slice(from, to) }),
    sliceMs,
    yieldTask,
  );
}

/**
 * Events of an older page's slices after the first, at least: each prepended slice refolds the session's transcript
 * (a prepend is not an extension of the folded list), so slices of a few events would cost that refold many times.
 */
const OLDER_SLICE_MIN_EVENTS = 200;

/**
 * Apply an older page (one fetched with `beforeSeq`) newest events first, in slices as {@link applyPageInSlices}, so
 * the loaded events stay one run up to the tail between slices; the last slice (the page's oldest events) is applied
 * as the older page (`applyOlderPage`: `hasMore` moves where the next older page starts and ends the "loading older"
 * state). The state after the last slice equals one `applyOlderPage` of the whole page.
 * @param store - reads the state and puts a new one, telling the listeners
 * @param sessionId - the session the page is of
 * @param page - the page
 * @param sliceMs - time per slice, ms
 * @param yieldTask - yields the main thread
 */
function applyOlderPageInSlices(
  store: { current(): StreamState; set(next: StreamState): void },
  sessionId: string,
  page: FetchedHistoryPage,
  sliceMs: number,
  yieldTask: () => Promise<void>,
): Promise<void> {
  const { events } = page;
  const apply = (from: number, to: number): void => {
    const part = { ...page, events: events.slice(from, to) };
    store.set(from === 0 ? applyOlderPage(store.current(), sessionId, part) : applyHistoryPage(store.current(), sessionId, { events: part.events }));
  };
  if (events.length === 0) {
    apply(0, 0);
    return Promise.resolve();
  }
  return runSlices(events.length, true, apply, sliceMs, yieldTask, OLDER_SLICE_MIN_EVENTS);
}

/**
 * Create a session-stream store.
 * @param options injectable history fetcher, downlink and hooks (see `SessionStreamStoreOptions`)
 * @returns a stopped store; call `start()` to connect
 */
export function createSessionStreamStore(options: SessionStreamStoreOptions = {}): SessionStreamStore {
  const fetchHistory = options.fetchHistory ?? defaultFetchHistory;
  const connect = options.connect ?? ((h: DownlinkHandlers) => connectDownlink(h));
  const maxPages = options.maxPages ?? 50;
  const pageMessages = options.pageMessages ?? HISTORY_PAGE_MESSAGES;
  const greetingSettleMs = options.greetingSettleMs ?? GREETING_SETTLE_MS;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const yieldTask = options.yieldTask ?? yieldNextTask;
  let pruneTimer: ReturnType<typeof setTimeout> | undefined;
  let connection: ConnectionState = 'connecting';
  let downlink: Downlink | undefined;
  /** The mux socket open now is the page's first: its `session/subscribed` frames close the gap behind early pulls. */
  let firstMux = false;
  /** The last seq of the newest tail page pulled for each session (-1 for an empty page). */
  const tailPageLast = new Map<string, number>();
  const listeners = new Set<() => void>();
  const open = new Set<string>();
  const inFlight = new Map<string, Promise<void>>();
  const older = new Map<string, Promise<void>>();
  const folders = new Map<string, TranscriptFolder>();

  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const cell = { state: options.initialState ?? initialStreamState(), queued: [] as LiveFrame[] };
  const intake = frameIntake(cell, notify, options.scheduleBurst);
  const current = intake.current;
  const set = intake.set;
  const receive = intake.receive;
  const applyInSlices = (sessionId: string, page: HistoryPage): Promise<void> =>
    applyPageInSlices(page, (part) => set(applyHistoryPage(current(), sessionId, part)), sliceMs, yieldTask);

  const pull = async (sessionId: string): Promise<void> => {
    try {
      const held = sliceOf(current(), sessionId);
      const heldLast = held.loaded ? held.events[held.events.length - 1]?.seq : undefined;
      const page = await fetchHistory(sessionId, undefined, pageMessages);
      await applyInSlices(sessionId, page);
      tailPageLast.set(sessionId, page.events[page.events.length - 1]?.event.seq ?? -1);
      if (heldLast === undefined) return;
      // A long disconnect: the tail page does not reach back to what was held. Fill the gap page by page, so the
      // loaded events stay one run up to the tail (a tool call loaded means its result is loaded too).
      let first = page.events[0]?.event.seq;
      let more = page.hasMore;
      for (let pages = 0; more && first !== undefined && first > heldLast + 1 && pages < maxPages; pages += 1) {
        const gap = await fetchHistory(sessionId, first, pageMessages);
        await applyInSlices(sessionId, { events: gap.events });
        first = gap.events[0]?.event.seq;
        more = gap.hasMore;
      }
    } catch (error) {
      set(applyHistoryError(current(), sessionId, error instanceof Error ? error.message : String(error)));
    }
  };

  const pullOlder = (sessionId: string, maxMessages: number | undefined): Promise<void> => {
    const running = older.get(sessionId);
    if (running) return running;
    const before = sliceOf(current(), sessionId).olderBefore;
    if (before === undefined) return Promise.resolve();
    set(applyLoadingOlder(current(), sessionId, true));
    const next = fetchHistory(sessionId, before, maxMessages)
      .then((page) => applyOlderPageInSlices(intake, sessionId, page, sliceMs, yieldTask))
      .catch(() => set(applyLoadingOlder(current(), sessionId, false)))
      .finally(() => older.delete(sessionId));
    older.set(sessionId, next);
    return next;
  };

  const refreshSession = (sessionId: string): Promise<void> => {
    const running = inFlight.get(sessionId);
    // A reconnect during a pull must still pull again afterwards: the first may predate the new socket.
    const next = (running ?? Promise.resolve()).then(() => pull(sessionId));
    const tracked = next.finally(() => {
      if (inFlight.get(sessionId) === tracked) inFlight.delete(sessionId);
    });
    inFlight.set(sessionId, tracked);
    return tracked;
  };

  /**
   * The first mux subscribed to a session at `lastSeq`: frames after it stream in, so only events between the tail
   * page pulled before the subscription and `lastSeq` can be missing. Pull the tail again when there are any (once
   * the pull under way, if any, has landed).
   */
  const catchUp = (sessionId: string, lastSeq: number) => {
    if (!open.has(sessionId)) return;
    void (inFlight.get(sessionId) ?? Promise.resolve()).then(() => {
      const last = tailPageLast.get(sessionId);
      if (last !== undefined && lastSeq > last) void refreshSession(sessionId);
    });
  };

  const handlers: DownlinkHandlers = {
    onMuxFrame: (frame, rpcId) => {
      receive({ kind: 'mux', frame, rpcId });
      if (frame.type === 'session/subscribed' && firstMux) catchUp(frame.sessionId, frame.lastSeq);
    },
    onHostFrame: (frame) => {
      receive({ kind: 'host', frame });
      options.onHostFrame?.(frame);
    },
    onConnectionState: (next) => {
      connection = next;
      notify();
    },
    onMuxOpen: (reconnect) => {
      firstMux = !reconnect;
      set(applyMuxOpen(current()));
      // Questions settled while the socket was down are not re-sent: drop them once the greeting burst is in.
      clearTimeout(pruneTimer);
      if (reconnect) pruneTimer = setTimeout(() => set(applyStalePrune(current())), greetingSettleMs);
    },
    onReconnected: (reconnect) => {
      // The first connection pulls only what no early pull covers (one that failed): `catchUp` closes the gap behind
      // the others. A reconnect pulls every open session (what happened while it was down).
      for (const id of open) if (reconnect || (!inFlight.has(id) && !sliceOf(current(), id).loaded)) void refreshSession(id);
      options.onConnected?.(reconnect);
    },
  };

  return {
    getState: current,
    getConnectionState: () => connection,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (downlink) return;
      downlink = connect(handlers);
    },
    stop() {
      clearTimeout(pruneTimer);
      downlink?.close();
      downlink = undefined;
    },
    reconnect() {
      downlink?.reconnect?.();
    },
    openSession(sessionId) {
      if (open.has(sessionId)) return;
      open.add(sessionId);
      // Not waiting for the sockets: the first rows of a big session come from this page.
      if (!inFlight.has(sessionId) && !sliceOf(current(), sessionId).loaded) void refreshSession(sessionId);
    },
    refreshSession,
    loadOlder: (sessionId) => pullOlder(sessionId, pageMessages),
    loadAll: async (sessionId) => {
      await older.get(sessionId);
      for (let before = sliceOf(current(), sessionId).olderBefore; before !== undefined;) {
        await pullOlder(sessionId, LOAD_ALL_PAGE_MESSAGES);
        const next = sliceOf(current(), sessionId).olderBefore;
        if (next === before) return; // the page failed: stop, "Load all" stays offered
        before = next;
      }
    },
    transcriptOf(sessionId) {
      let folder = folders.get(sessionId);
      if (!folder) {
        folder = createTranscriptFolder();
        folders.set(sessionId, folder);
      }
      const slice = sliceOf(current(), sessionId);
      return folder.fold(slice.events, slice.views);
    },
    applyMux: handlers.onMuxFrame,
    applyHost: (frame) => handlers.onHostFrame(frame, ''),
  };
}
