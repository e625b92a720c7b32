import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { holdModel } from '../../mocks/node.ts';
import { planReviewQuestions, renderInSession } from '../../testing/session-render.tsx';
import { useComposerFocusStore } from '../features/composer/focus-store.ts';
import { App } from './app.tsx';
import { useComposerFocusOnLoad } from './composer-first.tsx';
import { Dock, loadDockCards } from './dock.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

beforeEach(async () => {
  const { callMethod } = await import('../lib/api-client.ts');
  const { sessionId } = await callMethod('session.create', {});
  history.replaceState(null, '', `/#/s/${sessionId}`);
});

it('renders the composer, enabled, in the first commit, and the sessions list and transcript only after its paint', async () => {
  render(<App queryClient={fresh()} />);
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBeEnabled();
  // Nothing of the rest yet: the sessions list's data cannot hold the composer back.
  expect(screen.queryByRole('navigation', { name: 'Sessions' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Transcript' })).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();

  expect(await screen.findByRole('navigation', { name: 'Sessions' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Transcript' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
});

it('keeps what was typed before the rest of the page rendered, in the same focused textbox, and sends it with Enter', async () => {
  const user = userEvent.setup({ delay: null });
  render(<App queryClient={fresh()} />);
  const box = screen.getByRole('textbox', { name: 'Message the agent' });
  await user.click(box);
  await user.keyboard('hello before the list');
  expect(screen.queryByRole('navigation', { name: 'Sessions' })).not.toBeInTheDocument();

  await screen.findByRole('navigation', { name: 'Sessions' });
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBe(box);
  expect(box).toHaveValue('hello before the list');
  expect(box).toHaveFocus();

  // Only the sent line is checked: the model's turn after it is held.
  holdModel();
  await user.keyboard('{Enter}');
  const transcript = screen.getByRole('region', { name: 'Transcript' });
  expect(await within(transcript).findByText('hello before the list')).toBeInTheDocument();
  await waitFor(() => expect(box).toHaveValue(''));
});

it('puts keyboard focus in the composer of the session the page opened on, once it has painted', async () => {
  render(<App queryClient={fresh()} />);
  const box = screen.getByRole('textbox', { name: 'Message the agent' });
  await waitFor(() => expect(box).toHaveFocus());
});

/** A session view's dock on a page opened on the session's address (the shell's cold-load focus). */
function OpenedOn({ sessionId }: { sessionId: string }) {
  useComposerFocusOnLoad(sessionId);
  return <Dock sessionId={sessionId} />;
}

it('gives the focus to a review that waits when the page opens, and asks nothing of the composer it hides', async () => {
  await loadDockCards();
  useComposerFocusStore.setState({ wanted: false });
  // As in a browser, the idle moment the card's focus waits for comes after the task right after the paint.
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 10 }), 20));
  vi.stubGlobal('cancelIdleCallback', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
  try {
    renderInSession(<OpenedOn sessionId="s1" />, 's1', { questions: [{ rpcId: 'r1', questions: planReviewQuestions() }] });
    const card = screen.getByRole('region', { name: 'Approve this plan and leave plan mode?' });
    await waitFor(() => expect(card).toHaveFocus());
    // No focus request is left waiting for the hidden composer (it would take focus from wherever the user is when
    // the next composer shows, in this session or another).
    expect(useComposerFocusStore.getState().wanted).toBe(false);
  } finally {
    vi.unstubAllGlobals();
  }
});

it('leaves focus where the reader put it before the composer painted', async () => {
  render(<App queryClient={fresh()} />);
  const toggle = screen.getByRole('button', { name: 'Sessions' });
  toggle.focus();
  await screen.findByRole('navigation', { name: 'Sessions' });
  // The rest of the page renders after the composer's paint, so the focus request (if any) has run by now.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  expect(toggle).toHaveFocus();
  expect(screen.getByRole('textbox', { name: 'Message the agent' })).not.toHaveFocus();
});

it('opens the downlink sockets only after the composer has painted', async () => {
  const opened: string[] = [];
  vi.stubGlobal(
    'WebSocket',
    class extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(String(url));
      }
    },
  );
  try {
    // render() flushes the first commit's effects: none of them may open a socket.
    render(<App queryClient={fresh()} />);
    expect(screen.getByRole('textbox', { name: 'Message the agent' })).toBeEnabled();
    expect(opened).toEqual([]);
    await waitFor(() => expect(opened.some((url) => url.endsWith('/api/events.mux'))).toBe(true));
  } finally {
    vi.unstubAllGlobals();
  }
});

it("reads the session's history only after the composer has painted", async () => {
  // The page's frames are held: nothing paints until they are run below.
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  const fetched = vi.spyOn(globalThis, 'fetch');
  const reads = (method: string) =>
    fetched.mock.calls.flatMap(([input], i) => (String(input instanceof Request ? input.url : input).endsWith(`/api/${method}`) ? [i] : []));
  try {
    render(<App queryClient={fresh()} />);
    // The first commit's own read (the title's session.list) has had its answer, a whole round trip.
    await waitFor(() => expect(reads('session.list')).toHaveLength(1));
    await fetched.mock.results[reads('session.list')[0]!]!.value;
    expect(reads('session.history')).toEqual([]);
    vi.unstubAllGlobals();
    for (const frame of frames.splice(0)) frame(performance.now());
    await waitFor(() => expect(reads('session.history')).toHaveLength(1));
  } finally {
    vi.unstubAllGlobals();
    fetched.mockRestore();
  }
});
