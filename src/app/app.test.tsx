import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { readRecordingFixture } from '../../fixtures/paths.ts';
import { holdModel } from '../../mocks/node.ts';
import { App } from './app.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

beforeEach(() => {
  history.replaceState(null, '', '/');
});

it('creates a session, plans with /plan, approves the review and shows plan mode off', async () => {
  const user = userEvent.setup();
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'No session selected' })).toBeInTheDocument();

  await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'New session' }));
  await waitFor(() => expect(location.hash).toMatch(/^#\/s\/session-/));
  const nav = await screen.findByRole('navigation', { name: 'Sessions' });
  const box = await screen.findByRole('textbox', { name: 'Message the agent' });
  await waitFor(() => expect(box).toHaveFocus());
  // The empty state's New session is a draft too, as the sessions list's: listed only at its first message.
  const { callMethod } = await import('../lib/api-client.ts');
  expect((await callMethod('session.list', {})).items.map((item) => `#/s/${item.sessionId}`)).not.toContain(location.hash);
  expect(within(nav).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  // Pasted, not typed key by key (the composer's own tests do that): a whole-App render per key is slow when busy.
  await user.paste('/plan Add a --greeting flag to the CLI');
  await user.keyboard('{Enter}');
  await waitFor(() => expect(within(nav).getByRole('link', { current: 'page' })).toBeInTheDocument());

  const review = await screen.findByRole('region', { name: 'Approve this plan and leave plan mode?' });
  expect(screen.queryByRole('textbox', { name: 'Message the agent' })).not.toBeInTheDocument();
  expect(within(nav).getByText('Waiting for your review')).toBeInTheDocument();
  expect(within(nav).queryByText('Running')).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Transcript' })).getByText('Waiting for your review')).toBeInTheDocument();
  expect(screen.queryByText('Running…')).not.toBeInTheDocument();
  expect(screen.getByRole('status', { name: /^Plan mode on/ })).toBeInTheDocument();

  // The approval commits plan mode off at the next step's boundary; the execution after it is not under test.
  holdModel();
  await user.click(within(review).getByRole('button', { name: 'Approve' }));
  expect(await screen.findByRole('status', { name: /^Plan mode off/ })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Approve this plan and leave plan mode?' })).not.toBeInTheDocument());
  const transcript = screen.getByRole('region', { name: 'Transcript' });
  expect(within(transcript).getByText('Approved')).toBeInTheDocument();
  expect(within(transcript).getByText('Plan mode off')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message the agent' })).toHaveFocus());
});

it('puts focus in the composer after New session in the sessions list, from another session', async () => {
  const { callMethod } = await import('../lib/api-client.ts');
  const { sessionId } = await callMethod('session.create', {});
  history.replaceState(null, '', `/#/s/${sessionId}`);
  const user = userEvent.setup();
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
  await screen.findByRole('textbox', { name: 'Message the agent' });
  await user.click(within(await screen.findByRole('navigation', { name: 'Sessions' })).getByRole('button', { name: 'New session' }));
  await waitFor(() => expect(location.hash).not.toBe(`#/s/${sessionId}`));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message the agent' })).toHaveFocus());
});

it('opens the session named in the URL hash, and shows a read-only notice instead of the composer for an imported log', async () => {
  const { callMethod } = await import('../lib/api-client.ts');
  const jsonl = readRecordingFixture('plan-review');
  const { sessionId } = await callMethod('session.import', { jsonl });
  history.replaceState(null, '', `/#/s/${sessionId}`);
  render(<App queryClient={fresh()} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Add `--greeting` flag to CLI' })).toBeInTheDocument();
  expect(await screen.findByRole('note')).toHaveTextContent('opened read-only');
  expect(screen.queryByRole('textbox', { name: 'Message the agent' })).not.toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'Plan: Add --greeting flag to CLI' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: /^Plan mode off/ })).toBeInTheDocument();
  const nav = await screen.findByRole('navigation', { name: 'Sessions' });
  expect(await within(nav).findByRole('link', { current: 'page' })).toHaveTextContent('Read-only');
});

it('shows Reconnecting… when a downlink drops, then reconnects and catches up from the history baseline', async () => {
  const { callMethod } = await import('../lib/api-client.ts');
  const { connectDownlink } = await import('../lib/downlink.ts');
  const { createSessionStreamStore } = await import('../session/store.ts');
  const sockets: WebSocket[] = [];
  class Tracked extends WebSocket {
    constructor(url: string | URL) {
      super(url);
      sockets.push(this);
    }
  }
  const store = createSessionStreamStore({ connect: (handlers) => connectDownlink(handlers, { WebSocket: Tracked }) });
  const { sessionId } = await callMethod('session.create', {});
  history.replaceState(null, '', `/#/s/${sessionId}`);
  const { unmount } = render(<App queryClient={fresh()} store={store} />);
  expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
  expect(await screen.findByRole('status', { name: /^Plan mode off/ })).toBeInTheDocument();
  sockets.find((s) => s.url.endsWith('/api/events.mux'))!.close();
  expect(await screen.findByRole('status', { name: 'Reconnecting…' })).toBeInTheDocument();
  // Changed while no downlink is open: only the reconnect's tail baseline can bring it.
  await callMethod('session.setPlanMode', { sessionId, active: true });
  expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
  expect(await screen.findByRole('status', { name: /^Plan mode on/ })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Transcript' })).getByText('Plan mode on')).toBeInTheDocument();
  unmount();
  store.stop();
});

it('clears a "Failed to fetch" from the session list once the first connection opens', async () => {
  const realFetch = globalThis.fetch;
  let failed = false;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (!failed && String(input instanceof Request ? input.url : input).endsWith('/api/session.list')) {
      failed = true;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return realFetch(input, init);
  });
  render(<App queryClient={fresh()} />);
  const nav = await screen.findByRole('navigation', { name: 'Sessions' });
  expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
  expect(failed).toBe(true);
  expect(await within(nav).findByText('No sessions yet.')).toBeInTheDocument();
  expect(within(nav).queryByRole('alert')).toBeNull();
  spy.mockRestore();
});

it('closes the sessions drawer with its Close sessions button, Escape or a tap on the backdrop, focus following', async () => {
  const user = userEvent.setup();
  render(<App queryClient={fresh()} />);
  const toggle = await screen.findByRole('button', { name: 'Sessions' });
  const open = async () => {
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Close sessions' })).toHaveFocus();
  };
  await open();
  await user.keyboard('{Escape}');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();

  await open();
  await user.click(screen.getByRole('button', { name: 'Close sessions' }));
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveFocus();

  await open();
  // The backdrop is a pointer-only affordance (aria-hidden; keyboard users have Escape and the button).
  const backdrop = document.querySelector('.drawer-backdrop');
  expect(backdrop).not.toBeNull();
  await user.click(backdrop as Element);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(document.querySelector('.drawer-backdrop')).toBeNull();
});
