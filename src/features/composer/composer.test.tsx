import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { answerCall } from '../../../testing/render.tsx';
import { renderInSession } from '../../../testing/session-render.tsx';
import type { ModeProjectionValue, PlanProjectionValue } from '../../core/protocol/methods.ts';
import { Composer, focusComposer } from './composer.tsx';
import { isPlanningTarget } from './model/placeholder.ts';
import { commandSuggestionsFor } from './model/suggestions.ts';
import { useComposerDraftStore } from './draft-store.ts';
import { useComposerFocusStore } from './focus-store.ts';
import { startTypeAhead } from '../../lib/type-ahead.ts';

const SESSION = 'session-fe30d464-51ec-490a-92ba-543dfc6b2e0e';
const OTHER = 'session-00000000-0000-0000-0000-000000000002';

/**
 * The `result` a real dsh host answered on `path` (captured frames, fixtures/dsh-frames).
 */
function recordedResult(path: string): unknown {
  const text = readFixture('dsh-frames', 'http-exchanges.jsonl');
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const exchange = JSON.parse(line) as { path: string; response: { result?: unknown } };
    if (exchange.path === path && exchange.response.result !== undefined) return exchange.response.result;
  }
  throw new Error(`no recorded exchange for ${path}`);
}

const OFF: PlanProjectionValue = { active: false, pending: false };
const textbox = () => screen.getByRole('textbox', { name: 'Message the agent' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

beforeEach(() => {
  useComposerDraftStore.setState({ entries: {} });
});

describe('Composer', () => {
  it('sends a /plan line through commands/execute and clears the draft', async () => {
    const call = answerCall('commands/execute', recordedResult('/api/commands/execute'));
    answerCall('commands/list', recordedResult('/api/commands/list'));
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), '/plan add a --greeting flag');
    await user.click(sendButton());
    await waitFor(() => expect(textbox()).toHaveValue(''));
    expect(call.bodies).toEqual([
      {
        type: 'client-request',
        rpcId: expect.any(String),
        method: 'commands/execute',
        payload: { args: { agentId: SESSION, line: '/plan add a --greeting flag', images: [] } },
      },
    ]);
  });

  it.each([
    [false, 'queue'],
    [true, 'steer'],
  ])('sends plain text through session.prompt (running %s → mode %s)', async (running, mode) => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running });
    const user = userEvent.setup();
    await user.type(textbox(), 'Add a greeting flag{Enter}');
    await waitFor(() => expect(textbox()).toHaveValue(''));
    expect(call.bodies).toEqual([
      {
        type: 'client-request',
        rpcId: expect.any(String),
        method: 'session.prompt',
        payload: { sessionId: SESSION, mode, content: [{ type: 'text', text: 'Add a greeting flag' }] },
      },
    ]);
  });

  it.each([
    ['/nope', 'Unknown command: /nope'],
    ['/nope with args', 'Unknown command: /nope'],
  ])('shows an unmatched command %s inline and keeps the draft', async (line, text) => {
    const call = answerCall('commands/execute', { ok: true });
    answerCall('commands/list', recordedResult('/api/commands/list'));
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), line);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(textbox()).toHaveValue(line);
    expect(call.bodies).toHaveLength(1);
  });

  it.each(['/PLAN', '//plan', '/ plan', '/9lives'])('rejects %s, which is not a command line, without a call', async (line) => {
    const call = answerCall('commands/execute', { ok: true });
    answerCall('commands/list', recordedResult('/api/commands/list'));
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), line);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(`Unknown command: ${line.split(' ')[0]}`);
    expect(textbox()).toHaveValue(line);
    expect(call.bodies).toEqual([]);
  });

  it('leaves a logged command error to the transcript card: no inline alert, the draft kept for a fix', async () => {
    const call = answerCall('commands/execute', {
      ok: true,
      value: { commandId: 'cmd-9', result: { kind: 'error', text: 'unknown mode "nonsense"; the modes are: default, plan, review' } },
    });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), '/mode nonsense{Enter}');
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(textbox()).toHaveValue('/mode nonsense');
    expect(textbox()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a draft over 1 MiB with the plain 413 sentence, sends nothing and keeps the draft', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    const huge = 'x'.repeat(2 * 1024 * 1024);
    useComposerDraftStore.getState().set(SESSION, huge);
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    await userEvent.setup().click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^That is too large to send \(limit 1 MB\)\.$/);
    expect(call.bodies).toEqual([]);
    expect(useComposerDraftStore.getState().entries[SESSION]).toBe(huge);
  });

  it('shows a host error inline, keeps the draft, and clears the error on typing', async () => {
    answerCall('session.prompt', {
      ok: false,
      error: { code: 'session-not-found', message: `session "${SESSION}" not found`, details: { sessionId: SESSION } },
    });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), 'hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(`session "${SESSION}" not found`);
    expect(textbox()).toHaveValue('hello');
    await user.type(textbox(), '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('inserts a newline on Shift+Enter and sends the multi-line text on Enter', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(textbox()).toHaveValue('line one\nline two');
    expect(call.bodies).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]?.payload).toMatchObject({ content: [{ type: 'text', text: 'line one\nline two' }] });
  });

  it('sends on Enter by submitting its form, once, as the Send button does', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const submits: Event[] = [];
    const form = textbox().closest('form');
    form?.addEventListener('submit', (event) => submits.push(event));
    await userEvent.setup().type(textbox(), 'hello{Enter}');
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(form).not.toBeNull();
    expect(submits).toHaveLength(1);
    expect(submits[0]?.defaultPrevented).toBe(true);
  });

  it.each([
    ['isComposing', { key: 'Enter', isComposing: true }],
    ['keyCode 229', { key: 'Enter', keyCode: 229 }],
  ])('never sends on an IME Enter (%s)', async (_case, init) => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    const { client } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    await userEvent.setup().type(textbox(), 'にほんご');
    fireEvent.keyDown(textbox(), init);
    // A send starts its mutation synchronously in the key handler: none started means nothing is or will be sent.
    expect(client.getMutationCache().getAll()).toEqual([]);
    expect(textbox()).toHaveValue('にほんご');
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() => expect(call.bodies).toHaveLength(1));
  });

  it.each(['', '   ', '\n\n'])('does not send the blank draft %j', async (draft) => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    useComposerDraftStore.getState().set(SESSION, draft);
    const { client } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    expect(sendButton()).toBeDisabled();
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(client.getMutationCache().getAll()).toEqual([]);
    // Then a real draft goes out as the first and only request: nothing of the blank one was queued before it.
    fireEvent.change(textbox(), { target: { value: 'now a real message' } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]?.payload).toMatchObject({ content: [{ type: 'text', text: 'now a real message' }] });
  });

  it.each([
    [{ active: false, pending: false }, 'Message the agent…'],
    [{ active: true, pending: false }, 'Describe the task to plan…'],
    [{ active: false, pending: true }, 'Describe the task to plan…'],
    [{ active: true, pending: true }, 'Message the agent…'],
    [undefined, 'Message the agent…'],
  ] as Array<[PlanProjectionValue | undefined, string]>)('uses the placeholder for plan %o: %s', (plan, placeholder) => {
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan, running: false });
    expect(textbox()).toHaveAttribute('placeholder', placeholder);
  });

  it('keeps the draft across unmount, remount and session switches', async () => {
    const first = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), 'half a thought');
    first.rerender(<Composer sessionId={OTHER} />);
    expect(textbox()).toHaveValue('');
    await user.type(textbox(), 'other draft');
    first.unmount();
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: { active: true, pending: false }, running: false });
    expect(textbox()).toHaveValue('half a thought');
    expect(useComposerDraftStore.getState().entries[OTHER]).toBe('other draft');
  });

  it('shows a busy state while sending and sends once', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } }, true);
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), 'go{Enter}');
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    await user.keyboard('{Enter}');
    call.release();
    await waitFor(() => expect(textbox()).toHaveValue(''));
    // Counted once the send settled: the handler records a body only after reading it, so earlier is a race.
    expect(call.bodies).toHaveLength(1);
    // The box clears on success; the button leaves its busy state when the mutation settles, a render later.
    await waitFor(() => expect(sendButton()).toBeInTheDocument());
    expect(call.bodies).toHaveLength(1);
  });

  it('is disabled when read-only', () => {
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false, summary: { readOnly: true } });
    expect(textbox()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
  });

  it('suggests commands from commands/list and completes with Tab', async () => {
    const list = answerCall('commands/list', recordedResult('/api/commands/list'));
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), '/p');
    const listbox = await screen.findByRole('listbox', { name: 'Commands' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '/permission<preset>Switch the permission preset (sandbox mode + approval policy)',
      '/plan[off|message]Enter or leave plan mode',
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(textbox()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Tab}');
    expect(textbox()).toHaveValue('/plan ');
    expect(listbox).not.toBeInTheDocument();
    expect(textbox()).toHaveFocus();
    expect(list.bodies.map((body) => body.payload)).toEqual([{ args: { agentId: SESSION } }]);
  });

  it('completes a partial name on Enter and sends an exact name on Enter', async () => {
    answerCall('commands/list', recordedResult('/api/commands/list'));
    const call = answerCall('commands/execute', recordedResult('/api/commands/execute'));
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), '/pla');
    await screen.findByRole('listbox', { name: 'Commands' });
    await user.keyboard('{Enter}');
    expect(textbox()).toHaveValue('/plan ');
    expect(call.bodies).toEqual([]);
    await user.clear(textbox());
    await user.type(textbox(), '/plan');
    await screen.findByRole('listbox', { name: 'Commands' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]?.payload).toEqual({ args: { agentId: SESSION, line: '/plan', images: [] } });
  });

  it('closes the suggestions on Escape and keeps the draft', async () => {
    answerCall('commands/list', recordedResult('/api/commands/list'));
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), '/co');
    await screen.findByRole('listbox', { name: 'Commands' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textbox()).toHaveValue('/co');
  });

  it('focuses the textbox on focusComposer(), also when asked before it mounts', async () => {
    focusComposer();
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    expect(textbox()).toHaveFocus();
    act(() => textbox().blur());
    expect(textbox()).not.toHaveFocus();
    act(() => focusComposer());
    expect(textbox()).toHaveFocus();
  });

  it('keeps a focus request in the composer focus store until a mounted composer takes it, once', () => {
    useComposerFocusStore.setState({ wanted: false });
    focusComposer();
    expect(useComposerFocusStore.getState().wanted).toBe(true);
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    expect(textbox()).toHaveFocus();
    expect(useComposerFocusStore.getState().wanted).toBe(false);
    act(() => textbox().blur());
    renderInSession(<Composer sessionId={OTHER} />, OTHER, { plan: OFF, running: false });
    expect(screen.getAllByRole('textbox', { name: 'Message the agent' }).some((box) => box === document.activeElement)).toBe(false);
  });
});

describe('commandSuggestionsFor', () => {
  const commands = [
    { name: 'compact', description: 'c' },
    { name: 'plan', description: 'p' },
    { name: 'permission', description: 'q' },
  ];
  it.each([
    ['/', ['compact', 'plan', 'permission']],
    ['/p', ['plan', 'permission']],
    ['/pla', ['plan']],
    ['/plan', ['plan']],
    ['/plan ', []],
    ['/x', []],
    ['plan', []],
    ['', []],
  ])('offers for %j: %j', (draft, names) => {
    expect(commandSuggestionsFor(draft, commands).map((command) => command.name)).toEqual(names);
  });

  it('offers nothing before the command list has loaded', () => {
    expect(commandSuggestionsFor('/p', undefined)).toEqual([]);
  });

  it.each([
    [{ current: 'plan' }, 'Describe the task to plan…'],
    [{ current: 'default', pending: 'plan' }, 'Describe the task to plan…'],
    [{ current: 'plan', pending: 'default' }, 'Message the agent…'],
    [{ current: 'review' }, 'Message the agent…'],
  ] as Array<[ModeProjectionValue, string]>)('uses the placeholder for the session mode %o: %s', (mode, placeholder) => {
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { mode, running: false });
    expect(textbox()).toHaveAttribute('placeholder', placeholder);
  });

  it.each([
    [undefined, undefined, false],
    [{ active: true, pending: false }, undefined, true],
    [{ active: true, pending: false }, { current: 'default' }, false],
    [undefined, { current: 'default', pending: 'plan' }, true],
  ] as Array<[PlanProjectionValue | undefined, ModeProjectionValue | undefined, boolean]>)(
    'reads plan %o with mode %o as planning: %s',
    (plan, mode, planning) => {
      expect(isPlanningTarget(plan, mode)).toBe(planning);
    },
  );

  it('hides Stop while the session is idle or read-only', async () => {
    const { update } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    await update({ running: true, summary: { readOnly: true } });
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('stops a running turn with session.cancel, shows that it is stopping, and hides Stop once idle', async () => {
    const call = answerCall('session.cancel', { ok: true, value: { accepted: true } });
    const { update } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const stopping = await screen.findByRole('button', { name: 'Stopping…' });
    expect(stopping).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Stopping the turn…');
    expect(call.bodies).toEqual([{ type: 'client-request', rpcId: expect.any(String), method: 'session.cancel', payload: { sessionId: SESSION } }]);
    await update({ running: false });
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
    await update({ running: true });
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
  });

  it('stops a running turn on Escape in the composer and keeps the draft', async () => {
    const call = answerCall('session.cancel', { ok: true, value: { accepted: true } });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: true });
    const user = userEvent.setup();
    await user.type(textbox(), 'not yet');
    await user.keyboard('{Escape}');
    await screen.findByRole('button', { name: 'Stopping…' });
    await user.keyboard('{Escape}');
    expect(call.bodies).toHaveLength(1);
    expect(textbox()).toHaveValue('not yet');
  });

  it('sends nothing on Escape while idle', async () => {
    const call = answerCall('session.cancel', { ok: true, value: { accepted: true } });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    const user = userEvent.setup();
    await user.type(textbox(), 'x{Escape}');
    expect(call.bodies).toEqual([]);
  });

  it('shows a failed stop inline and re-arms Stop', async () => {
    answerCall('session.cancel', { ok: false, error: { code: 'session-not-found', message: 'session gone', details: {} } });
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('session gone');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
  });

  it('clears a "Failed to fetch" send error when the connection comes back, and keeps a host error', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { update } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false, connection: 'connected' });
    const user = userEvent.setup();
    await user.type(textbox(), 'hello{Enter}');
    const offline = "Can't reach the server; try again when it is back. Your text is kept.";
    expect(await screen.findByRole('alert')).toHaveTextContent(offline);
    fetchSpy.mockRestore();
    await update({ connection: 'reconnecting' });
    expect(screen.getByRole('alert')).toHaveTextContent(offline);
    await update({ connection: 'connected' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(textbox()).toHaveValue('hello');

    answerCall('session.prompt', { ok: false, error: { code: 'bad-request', message: 'content is required', details: {} } });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('content is required');
    await update({ connection: 'reconnecting' });
    await update({ connection: 'connected' });
    expect(screen.getByRole('alert')).toHaveTextContent('content is required');
  });
});

describe('Composer while the downlink is not open', () => {
  it.each([
    ['reconnecting', 'Reconnecting… your text is kept'],
    ['connecting', 'Connecting… your text is kept'],
  ] as const)('disables Send and Stop while %s, with the reason beside them, and keeps the draft editable', async (connection, reason) => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    const { update } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: true, connection });
    const user = userEvent.setup();
    await user.type(textbox(), 'typed offline');
    expect(textbox()).toHaveValue('typed offline');
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(reason);
    await update({ connection: 'connected' });
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(sendButton());
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toMatchObject({ payload: { sessionId: SESSION, content: [{ type: 'text', text: 'typed offline' }] } });
    await waitFor(() => expect(textbox()).toHaveValue(''));
  });

  it.each([
    ['connecting', 'Connecting… your message is sent once connected'],
    ['reconnecting', 'Reconnecting… your message is sent once connected'],
  ] as const)('holds Enter pressed while %s and sends that draft once, when the downlink opens', async (connection, heldReason) => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    const { update } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false, connection });
    const user = userEvent.setup();
    await user.type(textbox(), 'typed before the socket{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent(heldReason);
    expect(call.bodies).toHaveLength(0);
    // A drop and a return while the held send is on its way must not send it twice.
    await update({ connection: 'connected' });
    await update({ connection: 'reconnecting' });
    await update({ connection: 'connected' });
    await waitFor(() => expect(textbox()).toHaveValue(''));
    expect(call.bodies).toHaveLength(1);
    expect(call.bodies[0]).toMatchObject({ payload: { sessionId: SESSION, content: [{ type: 'text', text: 'typed before the socket' }] } });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('drops the hold when the draft is edited after Enter: the text stays and nothing is sent', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    const { update } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false, connection: 'connecting' });
    const user = userEvent.setup();
    await user.type(textbox(), 'first words{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Connecting… your message is sent once connected');
    await user.type(textbox(), 'x');
    await user.type(textbox(), '{Backspace}');
    expect(screen.getByRole('status')).toHaveTextContent('Connecting… your text is kept');
    await update({ connection: 'connected' });
    expect(textbox()).toHaveValue('first words');
    expect(call.bodies).toHaveLength(0);
  });
});

describe('Composer with keys typed ahead of it (New session)', () => {
  /** Type `keys` into the page before any composer is mounted, as after "New session", and ask for its focus. */
  const typeAhead = (keys: readonly string[]) => {
    startTypeAhead(document);
    for (const key of keys) fireEvent.keyDown(document, { key });
    focusComposer();
  };

  it('sends the text typed ahead once, on the Enter typed with it', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    typeAhead(['h', 'i', 'Enter']);
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toMatchObject({ payload: { sessionId: SESSION, content: [{ type: 'text', text: 'hi' }] } });
    await waitFor(() => expect(textbox()).toHaveValue(''));
    expect(textbox()).toHaveFocus();
  });

  it('holds the Enter typed ahead while connecting and sends once, when the downlink opens', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    typeAhead(['h', 'i', 'Enter']);
    const { update } = renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false, connection: 'connecting' });
    expect(await screen.findByRole('status')).toHaveTextContent('Connecting… your message is sent once connected');
    expect(textbox()).toHaveValue('hi');
    expect(call.bodies).toHaveLength(0);
    await update({ connection: 'connected' });
    await waitFor(() => expect(textbox()).toHaveValue(''));
    expect(call.bodies).toHaveLength(1);
  });

  it('sends nothing for a blank text typed ahead with Enter, and keeps it', async () => {
    const call = answerCall('session.prompt', { ok: true, value: { accepted: true } });
    typeAhead([' ', 'Enter']);
    renderInSession(<Composer sessionId={SESSION} />, SESSION, { plan: OFF, running: false });
    await waitFor(() => expect(textbox()).toHaveValue(' '));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(call.bodies).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
