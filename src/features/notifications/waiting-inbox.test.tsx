import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { paintAtOnce } from '../../../testing/paint-at-once.ts';
import type { MuxFrame } from '../../core/protocol/frames.ts';
import { hostKeys } from '../../lib/queries.ts';
import { useLanguageStore } from '../../lib/language.ts';
import { SessionStreamProvider } from '../../session/provider.tsx';
import { applyMuxFrame, applyMuxOpen, initialStreamState, type StreamState } from '../../session/reducers.ts';
import { createSessionStreamStore, type SessionStreamStore } from '../../session/store.ts';
import { planReviewQuestions } from '../../../testing/session-render.tsx';
import { WaitingInboxList } from './components/waiting-inbox.tsx';

const NOW = Date.UTC(2026, 11, 1, 12, 0, 0);
const MINUTE = 60_000;
const PLAN = '# Add a --greeting flag\n\n1. Parse it.\n2. Print it.';

const review = (plan: string): MuxFrame => ({ type: 'question/requested', sessionId: 'plan-session', questions: planReviewQuestions(plan) });

/** The `reviews` projection of the plan session: v1 kept planning 40 minutes ago, v2 (waiting) put up 12 minutes ago. */
const reviewsRow: MuxFrame = {
  type: 'session/projection',
  sessionId: 'plan-session',
  key: 'reviews',
  seq: 20,
  value: {
    revisions: [
      { callId: 'c1', seq: 5, time: NOW - 40 * MINUTE, chain: 1, version: 1, plan: '# Add a flag', title: 'Add a flag', outcome: { kind: 'kept-planning' } },
      { callId: 'c2', seq: 19, time: NOW - 12 * MINUTE, chain: 1, version: 2, plan: PLAN, title: 'Add a --greeting flag', outcome: { kind: 'pending' } },
    ],
  },
};

function stateWith(frames: [MuxFrame, string][]): StreamState {
  return frames.reduce((state, [frame, rpcId]) => applyMuxFrame(state, frame, rpcId), applyMuxOpen(initialStreamState()));
}

let store: SessionStreamStore;
let client: QueryClient;

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={client}>
      <SessionStreamProvider store={store}>{children}</SessionStreamProvider>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  paintAtOnce();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  history.replaceState(null, '', '/');
  useLanguageStore.setState({ chosen: 'en' });
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(hostKeys.sessions(), {
    items: [
      { sessionId: 'plan-session', updatedAt: NOW, running: false, blank: false, title: 'Greeting flag work' },
      { sessionId: 'question-session', updatedAt: NOW, running: false, blank: false, title: 'Pick a config format', customTitle: 'Config' },
      { sessionId: 'dsh-session', updatedAt: NOW, running: false, blank: false, title: 'Clean the build' },
    ],
  });
});

afterEach(() => {
  store.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A store whose downlink the test drives through `applyMux`. */
function storeFrom(state: StreamState): SessionStreamStore {
  return createSessionStreamStore({
    initialState: state,
    connect: () => ({ state: 'connected', malformedCount: 0, close: () => undefined }),
    fetchHistory: () => new Promise(() => undefined),
  });
}

it('lists every waiting review, question and tool approval oldest first with session, plan, revision and wait', async () => {
  store = storeFrom(
    stateWith([
      [
        {
          type: 'question/requested',
          sessionId: 'question-session',
          questions: [{ id: 'q', question: 'YAML or TOML?', options: [{ label: 'YAML' }, { label: 'TOML' }] }],
        },
        'ask-1',
      ],
      [reviewsRow, 'p'],
      [review(PLAN), 'review-1'],
      [{ type: 'approval/requested', sessionId: 'dsh-session', approvalId: 'ap-1', toolName: 'shell', reason: 'runs rm -rf build' }, 'approval-1'],
    ]),
  );
  render(wrap(<WaitingInboxList />));
  const inbox = screen.getByRole('region', { name: 'Waiting for you' });
  expect(within(inbox).getByRole('button', { name: 'Waiting for you (3)' })).toHaveAttribute('aria-expanded', 'true');
  const items = within(inbox).getAllByRole('listitem');
  // The review was put up 12 minutes ago (its revision's time); the question and the prompt were first seen now, in that order.
  expect(items.map((item) => item.textContent)).toEqual([
    'Greeting flag workPlan: Add a --greeting flagrevision 2 · waiting 12 min',
    'ConfigQuestion: YAML or TOML?waiting less than a minute',
    'Clean the buildWaiting for a tool approval — answer it in the dsh client · Tool: shellwaiting less than a minute',
  ]);
  expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '#/s/plan-session');
});

it('counts live: a resolved question leaves, a new one comes in, and an empty inbox renders nothing', () => {
  store = storeFrom(stateWith([[review(PLAN), 'review-1']]));
  render(wrap(<WaitingInboxList />));
  expect(screen.getByRole('button', { name: 'Waiting for you (1)' })).toBeInTheDocument();
  act(() => store.applyMux({ type: 'question/requested', sessionId: 'question-session', questions: [{ id: 'q', question: 'Which one?' }] }, 'ask-2'));
  expect(screen.getByRole('button', { name: 'Waiting for you (2)' })).toBeInTheDocument();
  act(() => store.applyMux({ type: 'question/resolved', sessionId: 'plan-session', questionRpcId: 'review-1', outcome: 'answered' }, 'x'));
  expect(screen.getByRole('button', { name: 'Waiting for you (1)' })).toBeInTheDocument();
  expect(screen.getByRole('listitem')).toHaveTextContent('Question: Which one?');
  act(() => store.applyMux({ type: 'question/resolved', sessionId: 'question-session', questionRpcId: 'ask-2', outcome: 'cancelled' }, 'x'));
  expect(screen.queryByRole('region', { name: 'Waiting for you' })).not.toBeInTheDocument();
});

it('opens the chosen session and puts focus on its review card once it is in the page', async () => {
  store = storeFrom(stateWith([[review(PLAN), 'review-1']]));
  const user = userEvent.setup();
  const onOpened = vi.fn();
  render(wrap(<WaitingInboxList onOpened={onOpened} />));
  await user.click(screen.getByRole('link', { name: /Greeting flag work/ }));
  expect(location.hash).toBe('#/s/plan-session');
  expect(onOpened).toHaveBeenCalledWith('plan-session');
  // The session view mounts afterwards: its panel, then the dock's card.
  const view = document.createElement('div');
  view.innerHTML =
    '<div id="panel-transcript-plan-session"></div><section class="dock"><section class="plan-review" tabindex="-1" aria-label="Approve this plan?"></section></section>';
  await act(async () => {
    document.body.append(view);
    await Promise.resolve();
  });
  await vi.waitFor(() => expect(document.activeElement).toBe(view.querySelector('.plan-review')));
});

it('folds away and back with its toggle', async () => {
  store = storeFrom(stateWith([[review(PLAN), 'review-1']]));
  const user = userEvent.setup();
  render(wrap(<WaitingInboxList />));
  const toggle = screen.getByRole('button', { name: 'Waiting for you (1)' });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  await user.click(toggle);
  expect(screen.getByRole('link', { name: /Greeting flag work/ })).toBeInTheDocument();
});

it('keeps the words that tell two alike session titles apart in view, as the session list does', () => {
  client.setQueryData(hostKeys.sessions(), {
    items: [
      { sessionId: 'a', updatedAt: NOW, running: false, blank: false, title: 'Add a --greeting flag to the CLI' },
      { sessionId: 'b', updatedAt: NOW, running: false, blank: false, title: 'Add a --greeting flag to the README' },
    ],
  });
  const ask = (sessionId: string, rpcId: string): [MuxFrame, string] => [
    { type: 'question/requested', sessionId, questions: [{ id: 'q', question: 'Which?' }] },
    rpcId,
  ];
  store = storeFrom(stateWith([ask('a', 'r-a'), ask('b', 'r-b')]));
  render(wrap(<WaitingInboxList />));
  const tails = screen.getAllByRole('listitem').map((item) => item.querySelector('.session-title-tail')?.textContent);
  expect(tails).toEqual(['CLI', 'README']);
});
