/**
 * React bindings of the session-stream store: a provider that owns one store per app (started right after the page's
 * first paint, stopped on unmount, refreshing the session-list query once per burst of `host/session-added`, `-removed` and `-updated`
 * (list-refresh.ts) and after a reconnect, failed reads once the first connection opens, and the running state from
 * `session.list` after every reconnect) and the liveness probe of an open session (a silently dead socket is reconnected). Features read the
 * store through the selector hooks of `hooks.ts`; nothing is mirrored into component state.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionSummary } from '../core/protocol/methods.ts';
import { afterNextPaint } from '../lib/after-paint.ts';
import { callMethod } from '../lib/api-client.ts';
import { startLivenessProbe, type LivenessSample } from '../lib/liveness-probe.ts';
import { hostKeys, sessionListQueryOptions } from '../lib/queries.ts';
import { sliceOf } from './reducers.ts';
import { createListRefresh, refreshForHostFrame } from './list-refresh.ts';
import { nextTask } from '../lib/slices.ts';
import { createSessionStreamStore, type SessionStreamStore } from './store.ts';

const StoreContext = createContext<SessionStreamStore | undefined>(undefined);
/**
 * Provide a session-stream store to the tree. Without `store`, one is created with production defaults and its
 * downlink started; a given `store` is used as is (and started, but not stopped on unmount — its owner stops it).
 */
export function SessionStreamProvider({ store, children }: { store?: SessionStreamStore; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [owned] = useState(() => {
    if (store) return undefined;
    // `exact`: the deleted sessions' key sits under the list's (deleted-sessions.ts); only an add or a remove changes them.
    const list = createListRefresh((deletedToo) => queryClient.invalidateQueries({ queryKey: hostKeys.sessions(), exact: !deletedToo }), nextTask);
    return createSessionStreamStore({
      // A burst of events costs one render per task the page gets to, never a held question (store.ts).
      scheduleBurst: nextTask,
      onHostFrame: (frame) => {
        refreshForHostFrame(list, frame.type);
      },
      onConnected: (reconnect) => {
        if (reconnect) void queryClient.invalidateQueries({ queryKey: hostKeys.all });
        // The host is reachable now: a read that failed while it was not (e.g. "Failed to fetch" at page load,
        // before the first connection) is tried again, so its error clears instead of staying on the page.
        else void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
      },
    });
  });
  const active = store ?? owned!;
  // The app's own store opens its sockets right after the page's first paint: opening them in the first commit's
  // effects put their setup between the composer's commit and its paint (docs/style.md "The composer first"). A given
  // store starts at once (its owner drives its connection).
  useEffect(() => {
    if (!owned) {
      active.start();
      return undefined;
    }
    const cancel = afterNextPaint(() => owned.start());
    return () => {
      cancel();
      owned.stop();
    };
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
