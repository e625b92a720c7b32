import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { holdModel } from '../../mocks/node.ts';
import type { PendingQuestionView } from '../session/derive.ts';
import { App } from './app.tsx';
import { connectionAnnouncementOf, sessionAnnouncementsOf, type AnnouncedSession } from './live-announcer.tsx';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

const REVIEW: PendingQuestionView = {
  rpcId: 'q:s:call-1',
  questions: [
    {
      id: 'plan-review',
      question: 'Approve this plan and leave plan mode?',
      detail: '# Plan',
      options: [{ label: 'Approve' }, { label: 'Keep planning' }],
      intent: { kind: 'plan-review', approve: 'Approve' },
    },
  ],
};
const QUESTION: PendingQuestionView = {
  rpcId: 'q:s:call-2',
  questions: [{ id: 'q1', question: 'Which flag?', header: 'Flag', multiSelect: false, options: [{ label: 'A' }, { label: 'B' }] }],
};

const session = (over: Partial<AnnouncedSession> = {}): AnnouncedSession => ({
  loaded: true,
  plan: { active: false, pending: false },
  mode: undefined,
  questions: [],
  ...over,
});

beforeEach(() => {
  history.replaceState(null, '', '/');
});

describe('sessionAnnouncementsOf', () => {
  it.each<[string, AnnouncedSession | undefined, AnnouncedSession, string[]]>([
    ['nothing on the first render', undefined, session(), []],
    ['nothing while the session loads', session({ loaded: false, plan: undefined }), session(), []],
    ['nothing for a projection that was unknown', session({ plan: undefined }), session(), []],
    ['the badge text when plan mode turns on', session(), session({ plan: { active: true, pending: false } }), ['Plan mode on']],
    ['a switch queued mid-turn', session(), session({ plan: { active: false, pending: true } }), ['Plan mode entering (pending)']],
    [
      'a session-mode switch',
      session({ plan: undefined, mode: { current: 'default' } }),
      session({ plan: undefined, mode: { current: 'default', pending: 'review' } }),
      ['Default mode, switching to Review (pending)'],
    ],
    ['a plan ready for review', session(), session({ questions: [REVIEW] }), ['Plan ready for review']],
    ['another question', session(), session({ questions: [QUESTION] }), ['The agent asks a question']],
    ['nothing for a question already announced', session({ questions: [REVIEW] }), session({ questions: [REVIEW] }), []],
    [
      'the mode change before the review that came with it',
      session(),
      session({ plan: { active: true, pending: false }, questions: [REVIEW] }),
      ['Plan mode on', 'Plan ready for review'],
    ],
  ])('says %s', (_name, before, after, lines) => {
    expect(sessionAnnouncementsOf(before, after)).toEqual(lines);
  });
});

describe('connectionAnnouncementOf', () => {
  it.each<[Parameters<typeof connectionAnnouncementOf>[0], Parameters<typeof connectionAnnouncementOf>[1], string | undefined]>([
    [undefined, 'connecting', undefined],
    ['connecting', 'connected', undefined],
    ['connected', 'reconnecting', 'Connection lost; reconnecting…'],
    ['reconnecting', 'connected', 'Connected again'],
    ['connected', 'connected', undefined],
  ])('says %s → %s as %s', (before, after, line) => {
    expect(connectionAnnouncementOf(before, after)).toBe(line);
  });
});

describe('LiveAnnouncer in the app', () => {
  it('is the one polite live region: badges and the connection state are not live themselves', async () => {
    render(<App queryClient={fresh()} />);
    const region = screen.getByRole('log', { name: 'Announcements' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(await screen.findByRole('status', { name: 'Connected' })).toHaveAttribute('aria-live', 'off');
    expect(document.querySelectorAll('[aria-live="polite"], [aria-live="assertive"], [role="log"]')).toHaveLength(1);
  });

  it('announces the plan-mode change and the plan ready for review, then plan mode off after Approve', async () => {
    const user = userEvent.setup();
    render(<App queryClient={fresh()} />);
    const region = screen.getByRole('log', { name: 'Announcements' });
    expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'New session' }));
    const box = await screen.findByRole('textbox', { name: 'Message the agent' });
    await screen.findByRole('status', { name: /^Plan mode off/ });
    expect(region).toBeEmptyDOMElement();
    await user.click(box);
    await user.paste('/plan Add a --greeting flag to the CLI');
    await user.keyboard('{Enter}');
    const review = await screen.findByRole('region', { name: 'Approve this plan and leave plan mode?' });
    await waitFor(() => expect(within(region).getByText('Plan ready for review')).toBeInTheDocument());
    expect(within(region).getByText('Plan mode on')).toBeInTheDocument();
    holdModel(); // the execution after the approval is not under test
    await user.click(within(review).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(region).getByText('Plan mode off')).toBeInTheDocument());
  });

  it('announces a lost connection and its return', async () => {
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
    const { unmount } = render(<App queryClient={fresh()} store={store} />);
    const region = screen.getByRole('log', { name: 'Announcements' });
    expect(await screen.findByRole('status', { name: 'Connected' })).toBeInTheDocument();
    expect(within(region).queryByText('Connected again')).toBeNull();
    sockets.find((socket) => socket.url.endsWith('/api/events.mux'))!.close();
    await waitFor(() => expect(within(region).getByText('Connection lost; reconnecting…')).toBeInTheDocument());
    await waitFor(() => expect(within(region).getByText('Connected again')).toBeInTheDocument());
    unmount();
    store.stop();
  });
});
