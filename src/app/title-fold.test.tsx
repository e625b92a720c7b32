/**
 * The session-title fold's chunk (src/core/sessions/title.ts) is for a host that sends no `title` projection, once
 * there are events to fold: a page on a session of a host that sends it never loads the chunk.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { Downlink } from '../lib/downlink.ts';
import { createSessionStreamStore, type FetchedHistoryPage } from '../session/store.ts';
import { App } from './app.tsx';

const fold = vi.hoisted(() => ({ imported: false }));
vi.mock('../core/sessions/title.ts', async (importOriginal) => {
  fold.imported = true;
  return importOriginal();
});

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

it('does not load the title fold on a session whose host sends its title projection', async () => {
  const { callMethod } = await import('../lib/api-client.ts');
  const { sessionId } = await callMethod('session.create', {});
  history.replaceState(null, '', `/#/s/${sessionId}`);
  const fetched = vi.spyOn(globalThis, 'fetch');
  const historyReads = () => fetched.mock.results.filter((_, i) => String(fetched.mock.calls[i]![0]).endsWith('/api/session.history'));
  try {
    render(<App queryClient={fresh()} />);
    await screen.findByRole('region', { name: 'Transcript' });
    // The session's tail page (with its projections) has been read and answered.
    await waitFor(() => expect(historyReads()).toHaveLength(1));
    await historyReads()[0]!.value;
    await screen.findByRole('heading', { level: 1 });
    expect(fold.imported).toBe(false);
  } finally {
    fetched.mockRestore();
  }
});

it('titles a session from its events when the host sends no title projection (the fold loads then)', async () => {
  const connect = (): Downlink => ({ state: 'connecting', malformedCount: 0, close: () => undefined });
  const fetchHistory = async (): Promise<FetchedHistoryPage> => ({
    events: [{ event: { type: 'user/message', seq: 0, data: { content: [{ type: 'text', text: 'Add a greeting flag' }], source: { kind: 'user' } } } }],
    hasMore: false,
    projections: { asOfSeq: 0, values: {} },
  });
  history.replaceState(null, '', '/#/s/session-x');
  render(<App queryClient={fresh()} store={createSessionStreamStore({ connect, fetchHistory })} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Add a greeting flag' })).toBeInTheDocument();
  expect(fold.imported).toBe(true);
});
