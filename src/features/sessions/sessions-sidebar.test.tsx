import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRecordingFixture } from '../../../fixtures/paths.ts';
import { planReviewQuestions } from '../../../testing/session-render.tsx';
import { renderSidebar } from '../../../testing/sidebar-render.tsx';
import { MAX_IMPORT_JSONL_CHARS, type SessionSummary } from '../../core/protocol/methods.ts';
import { ApiError, callMethod } from '../../lib/api-client.ts';
import { importErrorOf, importLogFile } from './api/import-log.ts';
import { importNoteOf, newestFirst } from './model/list.ts';

const planReviewLog = readRecordingFixture('plan-review');
const capabilities = { setPlanMode: true, import: true, modes: false };

beforeEach(() => {
  history.replaceState(null, '', '/');
});

afterEach(() => vi.restoreAllMocks());

/** The `/api/<method>` paths fetch was asked for. */
const fetchedPaths = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([input]) => String(input));

describe('SessionsSidebar', () => {
  it('lists sessions with the untitled fallback and marks the selected one', async () => {
    const a = await callMethod('session.create', {});
    const b = await callMethod('session.create', {});
    renderSidebar({ capabilities, selectedId: b.sessionId });
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    const links = await within(nav).findAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links.every((l) => l.textContent?.includes('New session'))).toBe(true);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveAttribute('href', `#/s/${b.sessionId}`);
    expect(links.map((l) => l.getAttribute('href'))).toContain(`#/s/${a.sessionId}`);
  });

  it('creates a new session and selects it', async () => {
    const user = userEvent.setup();
    renderSidebar({ capabilities });
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    expect(await within(nav).findByText('No sessions yet.')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'New session' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/s\/session-/));
    expect(await within(nav).findByRole('link')).toHaveAttribute('href', location.hash);
  });

  it('opens a recorded session log read-only and selects it', async () => {
    const user = userEvent.setup();
    renderSidebar({ capabilities });
    const input = screen.getByLabelText('Open session log');
    expect(input).toHaveAttribute('accept', '.jsonl');
    await user.upload(input, new File([planReviewLog], 'session.jsonl', { type: 'application/jsonl' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/s\/session-/));
    const link = await screen.findByRole('link', { name: /Add `--greeting` flag to CLI/ });
    expect(link).toHaveTextContent('Read-only');
  });

  it('prefers the live title of the stream over the listed one', async () => {
    const { sessionId } = await callMethod('session.create', {});
    renderSidebar({ capabilities, sessionId, badges: { running: false, plan: undefined, reviewPending: false, title: 'Add a greeting flag' } });
    expect(await screen.findByRole('link')).toHaveTextContent('Add a greeting flag');
  });

  it('hides "Open session log" when the host cannot import', async () => {
    renderSidebar({ capabilities: null });
    await screen.findByText('No sessions yet.');
    expect(screen.queryByLabelText('Open session log')).not.toBeInTheDocument();
  });

  it.each([
    {
      name: 'a pending plan review',
      badges: { running: true, plan: { active: true, pending: false }, reviewPending: true, questionPending: true },
      shown: ['Waiting for your review'],
      hidden: ['Plan mode on', 'Running', 'Waiting for your answer'],
    },
    {
      name: 'a pending question',
      badges: { running: true, plan: { active: false, pending: false }, reviewPending: false, questionPending: true },
      shown: ['Waiting for your answer'],
      hidden: ['Running', 'Waiting for your review'],
    },
    {
      name: 'a running turn',
      badges: { running: true, plan: { active: false, pending: false }, reviewPending: false, questionPending: false },
      shown: ['Running'],
      hidden: ['Waiting for your answer', 'Waiting for your review'],
    },
    {
      name: 'plan mode on',
      badges: { running: false, plan: { active: true, pending: false }, reviewPending: false },
      shown: ['Plan mode on'],
      hidden: ['Running', 'Waiting for your review'],
    },
    {
      name: 'entering plan mode (pending)',
      badges: { running: false, plan: { active: false, pending: true }, reviewPending: false },
      shown: ['Plan mode entering (pending)'],
      hidden: ['Plan mode on'],
    },
    {
      name: 'leaving plan mode (pending)',
      badges: { running: false, plan: { active: true, pending: true }, reviewPending: false },
      shown: ['Plan mode leaving (pending)'],
      hidden: ['Plan mode on'],
    },
    {
      name: 'plan mode off',
      badges: { running: false, plan: { active: false, pending: false }, reviewPending: false },
      shown: [],
      hidden: ['Plan mode on', 'Waiting for your review'],
    },
  ])('shows the indicators of $name', async ({ badges, shown, hidden }) => {
    const { sessionId } = await callMethod('session.create', {});
    renderSidebar({ capabilities, sessionId, badges });
    const link = await screen.findByRole('link');
    for (const text of shown) expect(link).toHaveTextContent(text);
    for (const text of hidden) expect(link).not.toHaveTextContent(text);
  });

  it("leaves a question's commit to its card: the open session's row shows it waits right after that paint", async () => {
    const { sessionId } = await callMethod('session.create', {});
    const { store } = renderSidebar({ capabilities, selectedId: sessionId, sessionId, badges: { running: true, reviewPending: false } });
    const link = await screen.findByRole('link');
    await waitFor(() => expect(link).toHaveTextContent('Running'));
    const changes: string[] = [];
    const observer = new MutationObserver(() => changes.push(link.textContent ?? ''));
    observer.observe(link, { subtree: true, childList: true, characterData: true });
    // The frame's commit (act flushes every render it scheduled) leaves the sidebar as it was.
    act(() => store.applyMux({ type: 'question/requested', sessionId, questions: planReviewQuestions() }, 'rpc-review'));
    expect(changes).toEqual([]);
    expect(link).toHaveTextContent('Running');
    await waitFor(() => expect(link).toHaveTextContent('Waiting for your review'));
    observer.disconnect();
  });

  it('shows a load error with a retry that recovers', async () => {
    const user = userEvent.setup();
    // The failure is injected at fetch (lint keeps features from importing mocks/); the retry reaches the mock.
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('boom', { status: 500 }));
    renderSidebar({ capabilities });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load sessions: boom');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sessions yet.')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('lists a recorded log with the lines the host could not read, next to the opened log', async () => {
    const user = userEvent.setup();
    renderSidebar({ capabilities });
    const lines = planReviewLog.split('\n');
    // Lines 6, 11 and 40 (1-based) become unreadable; the rest of the log still imports.
    for (const at of [5, 10, 39]) lines.splice(at, 0, '{"type": broken');
    await user.upload(screen.getByLabelText('Open session log'), new File([lines.join('\n')], 'session.jsonl', { type: 'application/jsonl' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/s\/session-/));
    const link = await screen.findByRole('link', { name: /Add `--greeting` flag to CLI/ });
    const row = link.closest('li')!;
    expect(within(row).getByRole('status')).toHaveTextContent('3 lines could not be read: 6, 11, 40');
  });

  it('says plainly that a file is not a session log, with the host detail in its title', async () => {
    const user = userEvent.setup();
    renderSidebar({ capabilities });
    await user.upload(screen.getByLabelText('Open session log'), new File(['hello\nworld\n'], 'notes.jsonl', { type: 'application/jsonl' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^This file is not a dsh session log: none of its 2 lines is a dsh session event\.$/);
    expect(alert).toHaveAttribute('title', 'no dsh session events found: 2 lines could not be read (first: line 2, not JSON)');
    expect(location.hash).toBe('');
  });

  it('refuses a log over 16 MB before uploading it, naming its size and the limit', async () => {
    const user = userEvent.setup();
    renderSidebar({ capabilities });
    await screen.findByText('No sessions yet.');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const big = new File([new Uint8Array(17.5 * 1024 * 1024)], 'big.jsonl', { type: 'application/jsonl' });
    await user.upload(screen.getByLabelText('Open session log'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This log is too large to open \(17\.5 MB; the limit is 16 MB\)\.$/);
    expect(fetchedPaths(fetchSpy).filter((path) => path.includes('session.import'))).toEqual([]);
  });

  it('words a failed New session plainly when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderSidebar({ capabilities });
    await screen.findByText('No sessions yet.');
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'New session' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not create a session: Can't reach the server; try again when it is back\.$/);
  });

  it.each<[string, unknown, string, string | undefined]>([
    [
      'an empty file',
      new ApiError({ code: 'bad-request', message: 'the file is empty', details: { refusal: { kind: 'empty' } } }),
      'This file is empty, so there is no session log to open.',
      'the file is empty',
    ],
    [
      'a header only',
      new ApiError({
        code: 'bad-request',
        message: 'no dsh session events found: the log has only its session header',
        details: { refusal: { kind: 'header-only' } },
      }),
      'This session log has no events yet, so there is nothing to open.',
      'no dsh session events found: the log has only its session header',
    ],
    [
      'one unreadable line',
      new ApiError({ code: 'bad-request', message: 'm', details: { refusal: { kind: 'no-events', lines: 1, first: { line: 1, reason: 'not JSON' } } } }),
      'This file is not a dsh session log: its one line is not a dsh session event.',
      'm',
    ],
    [
      'a host over the size limit',
      new ApiError({ code: 'bad-request', message: 'too large', details: { refusal: { kind: 'too-large', limit: MAX_IMPORT_JSONL_CHARS } } }),
      'This log is too large to open (the limit is 16 MB).',
      'too large',
    ],
    [
      'a refusal of an unknown kind',
      new ApiError({ code: 'bad-request', message: 'odd', details: { refusal: { kind: 'odd' } } }),
      'Could not open the log: odd',
      undefined,
    ],
    [
      'an unreadable answer',
      new ApiError({ code: 'bad-response', message: 'x' }),
      'Could not open the log: The server sent an answer ui-plan could not read.',
      undefined,
    ],
  ])('words the import failure of %s', (_name, error, headline, detail) => {
    expect(importErrorOf(error)).toEqual({ headline, detail });
  });

  it('reads and sends a log within the limit', async () => {
    const imported = await importLogFile(new Blob([planReviewLog]));
    expect(imported.sessionId).toMatch(/^session-/);
  });

  it('streams the file to a host with the streamed import route, opening the session the one-shot import opened', async () => {
    const oneShot = await importLogFile(new Blob([planReviewLog]));
    const streamed = await importLogFile(new Blob([planReviewLog]), true);
    expect(streamed).toEqual({ ...oneShot, existing: true });
  });

  it.each<[string, Parameters<typeof importNoteOf>[0], ReturnType<typeof importNoteOf>]>([
    ['nothing skipped', { skipped: [], skippedCount: 0 }, undefined],
    [
      'an older host without counts',
      {
        skipped: [
          { line: 40, reason: 'not JSON' },
          { line: 6, reason: 'not JSON' },
          { line: 6, reason: 'x' },
        ],
      },
      { unreadable: { count: 2, lines: [6, 40] }, torn: undefined, unknown: undefined },
    ],
    [
      'a torn last line apart from the unreadable ones',
      {
        skipped: [
          { line: 3, reason: 'not JSON' },
          { line: 9000, reason: 'cut mid-line', torn: true },
        ],
        skippedCount: 9000,
      },
      { unreadable: { count: 8999, lines: [3] }, torn: 9000, unknown: undefined },
    ],
    [
      'unknown kinds alone',
      { skipped: [], skippedCount: 0, unknown: { count: 3, kindCount: 1, kinds: [{ type: 'x/y', count: 3, firstLine: 2 }] } },
      { unreadable: { count: 0, lines: [] }, torn: undefined, unknown: { count: 3, kindCount: 1, kinds: [{ type: 'x/y', count: 3, firstLine: 2 }] } },
    ],
  ])('reads the import answer with %s', (_name, value, note) => {
    expect(importNoteOf(value)).toEqual(note);
  });

  it('puts the newest activity first and keeps host order for ties', () => {
    const at = (sessionId: string, updatedAt: number): SessionSummary => ({ sessionId, updatedAt, running: false, blank: false });
    expect(newestFirst([at('a', 1), at('b', 3), at('c', 2), at('d', 3)]).map((s) => s.sessionId)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('shows a long title whole in its title attribute and the time of the last activity', async () => {
    const long = 'Plan the migration of the command-line parser to the new flag grammar, with docs and tests';
    const { sessionId } = await callMethod('session.create', {});
    renderSidebar({ capabilities, sessionId, badges: { running: false, plan: undefined, reviewPending: false, title: long } });
    const link = await screen.findByRole('link', { name: new RegExp(`^${long}`) });
    expect(link).toHaveAttribute('title', long);
    expect(link).toHaveTextContent('just now');
    expect(link.querySelector('time')).toHaveAttribute('datetime');
  });

  it.each([
    [{ current: 'review' }, 'Review mode', []],
    [{ current: 'default', pending: 'plan' }, 'Plan mode (pending)', []],
    [{ current: 'plan', pending: 'default' }, undefined, ['Plan mode', 'Plan mode on']],
    [{ current: 'default' }, undefined, ['mode', 'Plan mode on']],
  ])('shows the session mode %o as %s', async (mode, shown, hidden) => {
    const { sessionId } = await callMethod('session.create', {});
    // The plan projection is ignored once the session has a mode projection.
    renderSidebar({ capabilities, sessionId, badges: { running: false, plan: { active: true, pending: false }, reviewPending: false, mode } });
    const link = await screen.findByRole('link');
    if (shown) expect(link).toHaveTextContent(shown);
    for (const text of hidden) expect(link).not.toHaveTextContent(text);
  });
});
