/**
 * The whole app on events it cannot show: wrong-shaped payloads from a baseline or the
 * live downlink never replace the app with the error screen; the transcript shows every other event and a quiet
 * note counting the skipped ones; a session id that is an `Object.prototype` key is just an unknown session.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { PROTOTYPE_TYPES } from '../../fixtures/trust/event-shapes.ts';
import type { SessionEvent } from '../core/log/types.ts';
import { createSessionStreamStore, type FetchedHistoryPage } from '../session/store.ts';
import type { Downlink, DownlinkHandlers } from '../lib/downlink.ts';
import { App } from './app.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

beforeEach(() => {
  history.replaceState(null, '', '/');
});

function storeWith(events: SessionEvent[]) {
  const box: { handlers?: DownlinkHandlers } = {};
  const connect = (handlers: DownlinkHandlers): Downlink => {
    box.handlers = handlers;
    return { state: 'connecting', malformedCount: 0, close: () => undefined };
  };
  const fetchHistory = async (): Promise<FetchedHistoryPage> => ({
    events: events.map((event) => ({ event })),
    hasMore: false,
    projections: { asOfSeq: events.length - 1, values: {} },
  });
  const store = createSessionStreamStore({ connect, fetchHistory });
  // The double's first connection: an open session's tail page is pulled with the connection's baseline.
  const connected = () => {
    box.handlers!.onConnectionState?.('connected');
    box.handlers!.onReconnected?.(false);
  };
  return { store, box, connected };
}

const user = (seq: number, text: string): SessionEvent => ({
  type: 'user/message',
  seq,
  data: { content: [{ type: 'text', text }], source: { kind: 'user' } },
});

it('shows the good events and a quiet note for the two-line reproduction plus a bad live frame, never the error screen', async () => {
  const { store, box, connected } = storeWith([
    user(0, 'Add a greeting flag'),
    { type: 'user/message', seq: 1, data: null },
    { type: 'turn/start', seq: 2, data: 'x' },
  ]);
  history.replaceState(null, '', '/#/s/session-x');
  render(<App queryClient={fresh()} store={store} />);
  connected();
  const transcript = await screen.findByRole('region', { name: 'Transcript' });
  expect(await within(transcript).findByText('Add a greeting flag')).toBeInTheDocument();
  expect(within(transcript).getByText('2 events could not be shown')).toBeInTheDocument();
  box.handlers!.onMuxFrame({ type: 'session/event', sessionId: 'session-x', event: { type: 'plan/mode', seq: 3, data: [] } }, 'r1');
  box.handlers!.onMuxFrame({ type: 'session/event', sessionId: 'session-x', event: { ...user(4, 'Still here') } }, 'r2');
  expect(await within(transcript).findByText('Still here')).toBeInTheDocument();
  expect(within(transcript).getByText('3 events could not be shown')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  store.stop();
});

it.each(PROTOTYPE_TYPES)('opens the session id %s from the URL as an unknown session', async (id) => {
  const { store, connected } = storeWith([]);
  history.replaceState(null, '', `/#/s/${encodeURIComponent(id)}`);
  render(<App queryClient={fresh()} store={store} />);
  connected();
  expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('');
  store.stop();
});
