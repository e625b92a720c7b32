/**
 * The always-loaded watcher of the notifications slice: with its chunks prefetched, the attention runtime mounts (after
 * the paint of the card's commit) once something waits, and stays to clear what it set; the inbox mounts
 * likewise, and only while something waits.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { useSessionQuestions } from '../../session/hooks.ts';
import { SessionStreamProvider } from '../../session/provider.tsx';
import { applyMuxOpen, initialStreamState } from '../../session/reducers.ts';
import { createSessionStreamStore, type SessionStreamStore } from '../../session/store.ts';
import { planReviewQuestions } from '../../../testing/session-render.tsx';
import { useNotificationPreferences } from './preferences-store.ts';
import { useWaitingItems } from './use-waiting.ts';
import { prefetchWaitingChunks, WaitingInbox, WaitingWatch } from './waiting-watch.tsx';

let store: SessionStreamStore;
let hidden = true;

beforeAll(async () => {
  await prefetchWaitingChunks();
});

beforeEach(() => {
  hidden = true;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  useNotificationPreferences.setState({ desktop: false, sound: false });
  document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>ui-plan</title>';
  store = createSessionStreamStore({
    initialState: applyMuxOpen(initialStreamState()),
    connect: () => ({ state: 'connected', malformedCount: 0, close: () => undefined }),
    fetchHistory: () => new Promise(() => undefined),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionStreamProvider store={store}>
        <WaitingWatch />
      </SessionStreamProvider>
    </QueryClientProvider>,
  );
});

afterEach(() => {
  store.stop();
  Reflect.deleteProperty(document, 'visibilityState');
});

it('mounts the attention runtime when a review waits and clears the title count when it is answered', async () => {
  expect(document.title).toBe('ui-plan');
  act(() => store.applyMux({ type: 'question/requested', sessionId: 'a', questions: planReviewQuestions('# Plan\n\n1. Do it.') }, 'r1'));
  await waitFor(() => expect(document.title).toBe('(1) Plan ready — ui-plan'));
  act(() => store.applyMux({ type: 'question/resolved', sessionId: 'a', questionRpcId: 'r1', outcome: 'answered' }, ''));
  await waitFor(() => expect(document.title).toBe('ui-plan'));
});

it('shows the inbox after the paint of the commit that brings the question, never in it nor in a render before that paint', async () => {
  /** Stands in for the dock: notes, in the commit that first shows the question, whether the inbox is in too. */
  const seen: boolean[] = [];
  function QuestionProbe() {
    const questions = useSessionQuestions('a');
    useLayoutEffect(() => {
      if (questions.length > 0 && seen.length === 0) seen.push(screen.queryByRole('region', { name: 'Waiting for you' }) !== null);
    }, [questions]);
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionStreamProvider store={store}>
        <WaitingInbox />
        <QuestionProbe />
      </SessionStreamProvider>
    </QueryClientProvider>,
  );
  act(() => store.applyMux({ type: 'question/requested', sessionId: 'a', questions: planReviewQuestions('# Plan\n\n1. Do it.') }, 'r1'));
  expect(seen).toEqual([false]);
  // Not in any render the frame scheduled either (act flushed them all): it comes after the card's paint.
  expect(screen.queryByRole('region', { name: 'Waiting for you' })).toBeNull();
  expect(await screen.findByRole('region', { name: 'Waiting for you' })).toBeInTheDocument();
});

it('gives the waiting items a render after the commit that brings the question, so the mounted runtime does its work after the card', async () => {
  /** Stands in for the dock and for the runtime: what the items were in the commit that first shows the question. */
  const seen: number[] = [];
  let latest = 0;
  function Probe() {
    const questions = useSessionQuestions('a');
    const items = useWaitingItems();
    latest = items.length;
    useLayoutEffect(() => {
      if (questions.length > 0 && seen.length === 0) seen.push(items.length);
    }, [questions, items]);
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionStreamProvider store={store}>
        <Probe />
      </SessionStreamProvider>
    </QueryClientProvider>,
  );
  act(() => store.applyMux({ type: 'question/requested', sessionId: 'a', questions: planReviewQuestions('# Plan\n\n1. Do it.') }, 'r1'));
  expect(seen).toEqual([0]);
  await waitFor(() => expect(latest).toBe(1));
});
