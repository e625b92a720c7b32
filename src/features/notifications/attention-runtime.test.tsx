import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { paintAtOnce } from '../../../testing/paint-at-once.ts';
import type { MuxFrame } from '../../core/protocol/frames.ts';
import { useLanguageStore } from '../../lib/language.ts';
import { hostKeys } from '../../lib/queries.ts';
import { SessionStreamProvider } from '../../session/provider.tsx';
import { applyMuxOpen, initialStreamState } from '../../session/reducers.ts';
import { createSessionStreamStore, type SessionStreamStore } from '../../session/store.ts';
import { planReviewQuestions } from '../../../testing/session-render.tsx';
import { AttentionRuntime } from './attention-runtime.tsx';
import { useNotificationPreferences } from './preferences-store.ts';
import { chime } from './sound.ts';

vi.mock('./sound.ts', () => ({ chime: vi.fn(), primeSound: vi.fn() }));

const PLAN = '# Add a --greeting flag\n\n1. Parse it.';
const reviewOf = (sessionId: string, plan = PLAN): MuxFrame => ({ type: 'question/requested', sessionId, questions: planReviewQuestions(plan) });
const reviewsOf = (sessionId: string, plan = PLAN): MuxFrame => ({
  type: 'session/projection',
  sessionId,
  key: 'reviews',
  seq: 9,
  value: {
    revisions: [
      { callId: 'c1', seq: 3, chain: 1, version: 1, plan: '# v1', title: 'v1', outcome: { kind: 'kept-planning' } },
      { callId: 'c2', seq: 8, chain: 1, version: 2, plan, title: 'x', outcome: { kind: 'pending' } },
    ],
  },
});
const resolved = (sessionId: string, rpcId: string): MuxFrame => ({ type: 'question/resolved', sessionId, questionRpcId: rpcId, outcome: 'answered' });

/** Spied notifications. */
const shown: { title: string; body: string | undefined; tag: string | undefined; close: ReturnType<typeof vi.fn>; onclick: (() => void) | null }[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn();
  title: string;
  body: string | undefined;
  tag: string | undefined;
  close = vi.fn();
  onclick: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(title: string, options: NotificationOptions = {}) {
    this.title = title;
    this.body = options.body;
    this.tag = options.tag;
    shown.push(this);
  }
}

let hidden = false;
let store: SessionStreamStore;

function setHidden(value: boolean) {
  hidden = value;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}
const mux = (frame: MuxFrame, rpcId = 'x') => act(() => store.applyMux(frame, rpcId));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(hostKeys.sessions(), {
    items: [
      { sessionId: 'a', updatedAt: 0, running: false, blank: false, title: 'Greeting flag work' },
      { sessionId: 'b', updatedAt: 0, running: false, blank: false, title: 'Other work' },
    ],
  });
  store = createSessionStreamStore({
    initialState: applyMuxOpen(initialStreamState()),
    connect: () => ({ state: 'connected', malformedCount: 0, close: () => undefined }),
    fetchHistory: () => new Promise(() => undefined),
  });
  return render(
    <QueryClientProvider client={client}>
      <SessionStreamProvider store={store}>
        <AttentionRuntime />
      </SessionStreamProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  shown.length = 0;
  hidden = false;
  vi.mocked(chime).mockClear();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  vi.stubGlobal('Notification', FakeNotification);
  paintAtOnce();
  useLanguageStore.setState({ chosen: 'en' });
  useNotificationPreferences.setState({ desktop: true, sound: false, access: 'granted' });
  history.replaceState(null, '', '/');
  document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>ui-plan</title>';
});

afterEach(() => {
  store.stop();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

const icon = () => document.querySelector('link[rel="icon"]')?.getAttribute('href');

it('counts in the title and badges the favicon only while hidden, and clears both when the review is answered', () => {
  useNotificationPreferences.setState({ desktop: false });
  mount();
  mux(reviewsOf('a'));
  mux(reviewOf('a'), 'r1');
  expect(document.title).toBe('ui-plan');
  expect(icon()).toBe('/favicon.svg');
  setHidden(true);
  expect(document.title).toBe('(1) Plan ready — ui-plan');
  expect(icon()).toBe('/favicon-waiting.svg');
  mux({ type: 'question/requested', sessionId: 'b', questions: [{ id: 'q', question: 'Which?' }] }, 'q1');
  expect(document.title).toBe('(2) Waiting for you — ui-plan');
  mux(resolved('a', 'r1'));
  expect(document.title).toBe('(1) Question waiting — ui-plan');
  mux(resolved('b', 'q1'));
  expect(document.title).toBe('ui-plan');
  expect(icon()).toBe('/favicon.svg');
  expect(shown).toEqual([]);
});

it('announces a review once, naming plan, revision and session, and closes it when it is answered anywhere', () => {
  mount();
  setHidden(true);
  mux(reviewsOf('a'));
  mux(reviewOf('a'), 'r1');
  expect(shown.map((n) => [n.title, n.body, n.tag])).toEqual([['Plan ready: Add a --greeting flag (revision 2)', 'Session: Greeting flag work', 'ui-plan:r1']]);
  mux(reviewOf('a'), 'r1'); // re-sent on a reconnect: the same review, no second notification
  setHidden(false);
  setHidden(true);
  expect(shown).toHaveLength(1);
  expect(shown[0]!.close).not.toHaveBeenCalled();
  mux(resolved('a', 'r1'));
  expect(shown[0]!.close).toHaveBeenCalledTimes(1);
});

it('never announces the review of the session the visible tab shows, not even after the tab is hidden', () => {
  history.replaceState(null, '', '/#/s/a');
  mount();
  mux(reviewsOf('a'));
  mux(reviewOf('a'), 'r1');
  setHidden(true);
  expect(shown).toEqual([]);
  expect(document.title).toBe('(1) Plan ready — ui-plan');
});

it('announces a review of another session while the tab is visible, and closes it when the person opens that session', () => {
  history.replaceState(null, '', '/#/s/b');
  mount();
  mux(reviewsOf('a'));
  mux(reviewOf('a'), 'r1');
  expect(shown).toHaveLength(1);
  act(() => {
    history.replaceState(null, '', '/#/s/a');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  expect(shown[0]!.close).toHaveBeenCalledTimes(1);
});

it('on click focuses the window and opens the session', () => {
  const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
  mount();
  setHidden(true);
  mux(reviewsOf('a'));
  mux(reviewOf('a'), 'r1');
  act(() => shown[0]!.onclick?.());
  expect(focus).toHaveBeenCalled();
  expect(location.hash).toBe('#/s/a');
  expect(shown[0]!.close).toHaveBeenCalled();
});

it('does not notify without the permission, and chimes once for what arrives together when the sound is on', () => {
  useNotificationPreferences.setState({ desktop: true, sound: true, access: 'denied' });
  mount();
  setHidden(true);
  act(() => {
    store.applyMux({ type: 'question/requested', sessionId: 'a', questions: [{ id: 'q', question: 'One?' }] }, 'q1');
    store.applyMux({ type: 'question/requested', sessionId: 'b', questions: [{ id: 'q', question: 'Two?' }] }, 'q2');
  });
  expect(shown).toEqual([]);
  expect(chime).toHaveBeenCalledTimes(1);
  mux({ type: 'question/requested', sessionId: 'b', questions: [{ id: 'q', question: 'Two?' }] }, 'q2');
  expect(chime).toHaveBeenCalledTimes(1);
  mux({ type: 'question/requested', sessionId: 'b', questions: [{ id: 'q', question: 'Three?' }] }, 'q3');
  expect(chime).toHaveBeenCalledTimes(2);
});

it('neither notifies nor counts a dsh tool-permission prompt', () => {
  useNotificationPreferences.setState({ desktop: true, sound: true });
  mount();
  setHidden(true);
  mux({ type: 'approval/requested', sessionId: 'a', approvalId: 'ap', toolName: 'shell' }, 'A1');
  expect(shown).toEqual([]);
  expect(chime).not.toHaveBeenCalled();
  expect(document.title).toBe('ui-plan');
});
