import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCall } from '../../testing/render.tsx';
import type { Downlink, DownlinkHandlers } from '../lib/downlink.ts';
import { useSessionRunning } from './hooks.ts';
import { resyncRunning, SessionStreamProvider } from './provider.tsx';
import { createSessionStreamStore } from './store.ts';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
const SESSION = 'session-a';
const summary = (running: boolean) => ({ sessionId: SESSION, updatedAt: 1, running, blank: false });

/** A store over a downlink double whose handlers the test drives, with `SESSION` marked running by a live frame. */
function runningStore() {
  const box: { handlers?: DownlinkHandlers } = {};
  const connect = (handlers: DownlinkHandlers): Downlink => {
    box.handlers = handlers;
    return { state: 'connecting', malformedCount: 0, close: () => undefined };
  };
  const store = createSessionStreamStore({ connect, fetchHistory: async () => ({ events: [], hasMore: false, projections: { asOfSeq: -1, values: {} } }) });
  store.start();
  store.applyHost({ type: 'host/session-status', sessionId: SESSION, running: true });
  return { store, handlers: () => box.handlers! };
}

describe('resyncRunning', () => {
  it('applies the running state of session.list that a lost host/session-status frame did not bring', async () => {
    answerCall('session.list', { ok: true, value: { items: [summary(false)] } });
    const { store } = runningStore();
    await resyncRunning(store, fresh());
    expect(store.getState().sessions[SESSION]?.running).toBe(false);
  });

  it('keeps a running state that a live frame changed while the list was on its way', async () => {
    const call = answerCall('session.list', { ok: true, value: { items: [summary(true)] } }, true);
    const { store } = runningStore();
    const done = resyncRunning(store, fresh());
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    store.applyHost({ type: 'host/session-status', sessionId: SESSION, running: false });
    call.release();
    await done;
    expect(store.getState().sessions[SESSION]?.running).toBe(false);
  });

  it('changes nothing when the list cannot be read', async () => {
    answerCall('session.list', { ok: false, error: { code: 'internal', message: 'x', details: {} } });
    const { store } = runningStore();
    await resyncRunning(store, fresh());
    expect(store.getState().sessions[SESSION]?.running).toBe(true);
  });
});

function RunningLine() {
  return <p>{useSessionRunning(SESSION) ? 'running' : 'idle'}</p>;
}

it('follows the host running state after a reconnect without a reload', async () => {
  answerCall('session.list', { ok: true, value: { items: [summary(true)] } });
  const { store, handlers } = runningStore();
  render(
    <QueryClientProvider client={fresh()}>
      <SessionStreamProvider store={store}>
        <RunningLine />
      </SessionStreamProvider>
    </QueryClientProvider>,
  );
  handlers().onConnectionState?.('connected');
  expect(await screen.findByText('running')).toBeInTheDocument();
  handlers().onConnectionState?.('reconnecting');
  // The turn ended while the sockets were down: its host/session-status frame is lost for good.
  answerCall('session.list', { ok: true, value: { items: [summary(false)] } });
  handlers().onConnectionState?.('connected');
  expect(await screen.findByText('idle')).toBeInTheDocument();
});
