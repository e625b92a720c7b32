/**
 * The framework-free session-stream store: owns the downlink, folds its frames with the pure reducers, and pulls
 * `session.history` tail baselines for every open session when it is opened and whenever the downlink
 * (re)connects (PROTOCOL.md "Reconnect", upstream spec §4.4). Listeners are notified after each change; the
 * React bindings read it through `useSyncExternalStore`.
 */
import { callMethod } from '../../lib/api-client.ts';
import { connectDownlink, type ConnectionState, type Downlink, type DownlinkHandlers } from '../../lib/downlink.ts';
import type { HostFrame, MuxFrame } from '../../core/protocol/frames.ts';
import type { SessionEvent } from '../../core/log/types.ts';
import {
  applyHistoryError,
  applyHistoryPage,
  applyHostFrame,
  applyMuxFrame,
  applyMuxOpen,
  initialStreamState,
  type HistoryPage,
  type StreamState,
} from './reducers.ts';

/** A page as the store's history fetcher returns it (the `session.history` value). */
export interface FetchedHistoryPage extends HistoryPage { hasMore: boolean }

/** Injectable seams of the store; production defaults talk to the host. */
export interface SessionStreamStoreOptions {
  /** Fetch one `session.history` page; `beforeSeq` undefined means the tail page. */
  fetchHistory?: (sessionId: string, beforeSeq: number | undefined) => Promise<FetchedHistoryPage>;
  /** Open the downlink; default `connectDownlink`. */
  connect?: (handlers: DownlinkHandlers) => Downlink;
  /** Called for every host frame after it is applied (the provider refreshes the session list on `host/session-added`). */
  onHostFrame?: (frame: HostFrame) => void;
  /** Called when the downlink has (re)connected (the provider refreshes host-level queries). */
  onConnected?: (reconnect: boolean) => void;
  /** Cap on history pages pulled per baseline (tail plus earlier pages); default 50. */
  maxPages?: number;
}

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
  /** Drop the downlink's sockets as lost and reopen them (a silently dead socket, issue 8 item 15); resyncs as any reconnect. */
  reconnect(): void;
  /**
   * Mark a session open and pull its baseline if it has none yet (or none in flight). Open sessions get a fresh
   * baseline on every reconnect.
   */
  openSession(sessionId: string): void;
  /** Pull a fresh baseline for a session now (e.g. after import). Resolves when applied; never rejects. */
  refreshSession(sessionId: string): Promise<void>;
  /** Apply a mux frame (used by the downlink; exposed for tests). */
  applyMux(frame: MuxFrame, rpcId: string): void;
  /** Apply a host frame (used by the downlink; exposed for tests). */
  applyHost(frame: HostFrame): void;
}

async function defaultFetchHistory(sessionId: string, beforeSeq: number | undefined): Promise<FetchedHistoryPage> {
  const value = await callMethod('session.history', beforeSeq === undefined ? { sessionId } : { sessionId, beforeSeq });
  return {
    events: value.events.map((e) => ({ event: e.event as SessionEvent, ...(e.view ? { view: e.view } : {}) })),
    hasMore: value.hasMore,
    ...(value.projections ? { projections: value.projections } : {}),
  };
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
  let state = initialStreamState();
  let connection: ConnectionState = 'connecting';
  let downlink: Downlink | undefined;
  const listeners = new Set<() => void>();
  const open = new Set<string>();
  const inFlight = new Map<string, Promise<void>>();

  const notify = () => {
    for (const l of [...listeners]) l();
  };
  const set = (next: StreamState) => {
    if (next === state) return;
    state = next;
    notify();
  };

  const pull = async (sessionId: string): Promise<void> => {
    try {
      let page = await fetchHistory(sessionId, undefined);
      set(applyHistoryPage(state, sessionId, page));
      let pages = 1;
      while (page.hasMore && pages < maxPages && page.events.length > 0) {
        page = await fetchHistory(sessionId, page.events[0]!.event.seq);
        set(applyHistoryPage(state, sessionId, { events: page.events }));
        pages += 1;
      }
    } catch (error) {
      set(applyHistoryError(state, sessionId, error instanceof Error ? error.message : String(error)));
    }
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

  const handlers: DownlinkHandlers = {
    onMuxFrame: (frame, rpcId) => set(applyMuxFrame(state, frame, rpcId)),
    onHostFrame: (frame) => {
      set(applyHostFrame(state, frame));
      options.onHostFrame?.(frame);
    },
    onConnectionState: (next) => {
      connection = next;
      notify();
    },
    onMuxOpen: () => set(applyMuxOpen(state)),
    onReconnected: (reconnect) => {
      for (const id of open) void refreshSession(id);
      options.onConnected?.(reconnect);
    },
  };

  return {
    getState: () => state,
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
      downlink?.close();
      downlink = undefined;
    },
    reconnect() {
      downlink?.reconnect?.();
    },
    openSession(sessionId) {
      if (open.has(sessionId)) return;
      open.add(sessionId);
      if (!inFlight.has(sessionId)) void refreshSession(sessionId);
    },
    refreshSession,
    applyMux: handlers.onMuxFrame,
    applyHost: (frame) => handlers.onHostFrame(frame, ''),
  };
}
