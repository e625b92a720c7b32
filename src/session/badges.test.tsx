import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SessionSummary } from '../core/protocol/methods.ts';
import { useSessionBadges } from './hooks.ts';
import { SessionStreamProvider } from './provider.tsx';
import { createSessionStreamStore } from './store.ts';

const SUMMARY: SessionSummary = { sessionId: 's', updatedAt: 1, running: false, blank: false };

/** Let the after-paint notifications of the badges' subscription run (jsdom paints nothing: a 0 ms timeout). */
const afterPaint = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

it('re-renders the sessions list on a badge change, after its paint, not on every streamed event or other projection', async () => {
  const store = createSessionStreamStore({ connect: () => ({ state: 'connecting', malformedCount: 0, close: () => undefined }) });
  let renders = 0;
  function Badges() {
    renders += 1;
    const badges = useSessionBadges()(SUMMARY);
    return <p>{`${badges.running ? 'running' : 'idle'} ${badges.plan?.active ? 'planning' : 'not planning'}`}</p>;
  }
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <SessionStreamProvider store={store}>
        <Badges />
      </SessionStreamProvider>
    </QueryClientProvider>,
  );
  act(() => store.applyHost({ type: 'host/session-status', sessionId: 's', running: true }));
  expect(screen.getByText('idle not planning')).toBeInTheDocument();
  await afterPaint();
  expect(screen.getByText('running not planning')).toBeInTheDocument();
  const before = renders;
  act(() => {
    for (let seq = 1; seq <= 20; seq += 1) {
      store.applyMux({ type: 'session/event', sessionId: 's', event: { type: 'step/start', seq, data: { turn: 1, step: seq } } } as never, 'r');
      store.applyMux({ type: 'session/projection', sessionId: 's', key: 'progress', value: { n: seq }, seq }, 'r');
    }
  });
  await afterPaint();
  expect(renders).toBe(before);
  act(() => store.applyMux({ type: 'session/projection', sessionId: 's', key: 'plan', value: { active: true, pending: false }, seq: 21 }, 'r'));
  await afterPaint();
  expect(screen.getByText('running planning')).toBeInTheDocument();
  expect(renders).toBe(before + 1);
});
