import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCall } from '../../../testing/render.tsx';
import { planReviewQuestions, renderInSession, type SessionSeed } from '../../../testing/session-render.tsx';
import type { Capabilities, PlanProjectionValue, SetOutcome } from '../../core/protocol/methods.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { PlanModePicker } from './plan-mode-picker.tsx';
import { BYTES_PER_TOKEN } from '../../core/model-view/tokens.ts';

const SESSION = 'session-11111111-2222-3333-4444-555555555555';
const WITH_SET: Capabilities = { setPlanMode: true, import: true, modes: false };
const OFF: PlanProjectionValue = { active: false, pending: false };
/** A `host.describe` value but its capabilities. */
const HOST = { version: 'test', cwd: '/', provider: 'test', model: 'test', attachedSessions: 0 };

function buttons() {
  const group = screen.getByRole('group', { name: 'Collaboration mode' });
  return {
    group,
    default: screen.getByRole('button', { name: /^Default( \(pending\))?$/ }),
    plan: screen.getByRole('button', { name: /^Plan( \(pending\))?$/ }),
  };
}

const note = () => screen.getByRole('status');
/** The note with nothing pending: empty, or (once its fold has loaded) what plan mode costs, in short. */
const IDLE_NOTE = /^(|Plan mode cost: not known yet)$/;

/** What the picker reads from the session layer, as the tests name it. */
type PickerSession = {
  plan: PlanProjectionValue | undefined;
  /** `host.describe().capabilities`; undefined is a plain dsh host (none). */
  capabilities: Capabilities | undefined;
  /** A plan review waits for the user (a pending plan-review question). */
  reviewPending: boolean;
  readOnly?: boolean;
  running?: boolean;
  connection?: ConnectionState;
};

/** The session seed that makes the session layer say `given`. */
const seedOf = (given: PickerSession): SessionSeed => ({
  plan: given.plan,
  capabilities: given.capabilities ?? null,
  running: given.running,
  connection: given.connection,
  summary: { readOnly: given.readOnly ?? false },
  questions: given.reviewPending ? [{ rpcId: 'rpc-review', questions: planReviewQuestions() }] : undefined,
});

const renderPicker = (given: PickerSession) => renderInSession(<PlanModePicker sessionId={SESSION} />, SESSION, seedOf(given));

describe('PlanModePicker', () => {
  it.each([
    [OFF, 'Plan', true, 'committed'],
    [{ active: true, pending: false }, 'Default', false, 'committed'],
    [OFF, 'Plan', true, 'queued'],
    [{ active: true, pending: false }, 'Default', false, 'queued'],
    [{ active: false, pending: true }, 'Default', false, 'cancelled'],
  ] as Array<[PlanProjectionValue, 'Plan' | 'Default', boolean, SetOutcome]>)(
    'sends session.setPlanMode from %o on choosing %s, and words no outcome of its own (%s)',
    async (plan, choice, active, outcome) => {
      const call = answerCall('session.setPlanMode', { ok: true, value: { outcome, state: { active: !active } } });
      renderPicker({ plan, capabilities: WITH_SET, reviewPending: false });
      await userEvent.setup().click(screen.getByRole('button', { name: new RegExp(`^${choice}`) }));
      await waitFor(() => expect(call.bodies).toHaveLength(1));
      expect(call.bodies).toEqual([
        { type: 'client-request', rpcId: expect.any(String), method: 'session.setPlanMode', payload: { sessionId: SESSION, active } },
      ]);
      await waitFor(() => expect(buttons().plan).not.toHaveAttribute('aria-disabled'));
      expect(note()).toHaveTextContent(plan.pending ? /^Plan mode starts/ : IDLE_NOTE);
    },
  );

  it.each([
    [{ active: false, pending: true }, true, "Plan mode starts at the agent's next step"],
    [{ active: false, pending: true }, false, 'Plan mode starts with your next message'],
    [{ active: true, pending: true }, true, "Plan mode ends at the agent's next step"],
    [{ active: true, pending: true }, false, 'Plan mode ends with your next message'],
    [{ active: true, pending: false }, false, IDLE_NOTE.source.slice(1, -1)],
    [{ active: false, pending: false }, true, IDLE_NOTE.source.slice(1, -1)],
  ] as Array<[PlanProjectionValue, boolean, string]>)('derives the note from the projection %o (running %s): "%s"', (plan, running, text) => {
    renderPicker({ plan, capabilities: WITH_SET, reviewPending: false, running });
    expect(note()).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it('says what plan mode adds to every request: from the host projection, from the loaded headers, or not known yet', async () => {
    const policy = 'P'.repeat(700);
    const catalog = [{ name: 'plan:policy', order: 50, texts: [policy], policy: true }];
    const first = renderPicker({ plan: OFF, capabilities: WITH_SET, reviewPending: false });
    await first.update({ modelView: { steps: [], headers: [], catalog } });
    await waitFor(() => expect(note()).toHaveTextContent(new RegExp(`^Plan mode: \\+${Math.round(700 / BYTES_PER_TOKEN)} tokens/request$`)));
    expect(buttons().plan).toHaveAccessibleDescription(
      new RegExp(`^Plan mode adds about ${Math.round(700 / BYTES_PER_TOKEN)} tokens to every request while on; switching resets the cache from order 50 on$`),
    );
    first.unmount();
    // A plain dsh host: no projection; the span between a plan-on and a plan-off header in the loaded events.
    const header = (system: string, seq: number) => ({ type: 'request/header', seq, data: { header: { config: {}, system, tools: '[]' }, reason: 'change' } });
    const events = [header('base', 0), { type: 'plan/mode', seq: 1, data: { active: true } }, header(`base\n\n${'Q'.repeat(1400)}`, 2)];
    const second = renderInSession(<PlanModePicker sessionId={SESSION} />, SESSION, {
      ...seedOf({ plan: OFF, capabilities: undefined, reviewPending: false }),
      events,
    });
    const tokens = Math.round(1400 / BYTES_PER_TOKEN);
    await waitFor(() => expect(note()).toHaveTextContent(new RegExp(`^Plan mode: \\+${tokens} tokens/request$`)));
    // In full, the Plan button's description (its tooltip).
    expect(buttons().plan).toHaveAccessibleDescription(new RegExp(`^Plan mode adds about ${tokens} tokens to every request while on`));
    expect(screen.getByRole('tooltip')).toHaveTextContent(new RegExp(`^Plan mode adds about ${tokens} tokens`));
    second.unmount();
    renderInSession(<PlanModePicker sessionId={SESSION} />, SESSION, {
      ...seedOf({ plan: OFF, capabilities: undefined, reviewPending: false }),
      events: events.slice(0, 1),
    });
    await waitFor(() => expect(note()).toHaveTextContent(/^Plan mode cost: not known yet$/));
    expect(buttons().plan).toHaveAccessibleDescription(/^What plan mode adds to every request is not known yet/);
  });

  it('never contradicts the badge: a queued switch that committed shows no "applies from the next step"', async () => {
    answerCall('session.setPlanMode', { ok: true, value: { outcome: 'queued', state: { active: false, pending: true } } });
    const { update } = renderPicker({ plan: OFF, capabilities: WITH_SET, reviewPending: false, running: true });
    await userEvent.setup().click(buttons().plan);
    await update(seedOf({ plan: { active: false, pending: true }, capabilities: WITH_SET, reviewPending: false, running: true }));
    await waitFor(() => expect(note()).toHaveTextContent("Plan mode starts at the agent's next step"));
    // The turn ended with the switch still pending: it applies with the next message.
    await update(seedOf({ plan: { active: false, pending: true }, capabilities: WITH_SET, reviewPending: false, running: false }));
    expect(note()).toHaveTextContent(/^Plan mode starts with your next message$/);
    // The switch committed: the badge says "Plan mode on", and the note says nothing else.
    await update(seedOf({ plan: { active: true, pending: false }, capabilities: WITH_SET, reviewPending: false, running: false }));
    expect(note()).toHaveTextContent(IDLE_NOTE);
  });

  it.each([
    [OFF, 'Plan', '/plan', 'plan mode on; /plan off leaves it'],
    [{ active: true, pending: false }, 'Default', '/plan off', 'plan mode is now off'],
  ] as Array<[PlanProjectionValue, 'Plan' | 'Default', string, string]>)(
    'falls back from %o to commands/execute when the host lacks setPlanMode (%s → %s)',
    async (plan, choice, line, resultText) => {
      const call = answerCall('commands/execute', { ok: true, value: { commandId: 'cmd-1', result: { kind: 'success', text: resultText } } });
      renderPicker({ plan, capabilities: undefined, reviewPending: false });
      await userEvent.setup().click(screen.getByRole('button', { name: choice }));
      await waitFor(() => expect(call.bodies).toHaveLength(1));
      expect(call.bodies).toEqual([
        { type: 'client-request', rpcId: expect.any(String), method: 'commands/execute', payload: { args: { agentId: SESSION, line, images: [] } } },
      ]);
    },
  );

  it('sends session.setPlanMode when Plan is chosen before host.describe has answered (it waits for the answer)', async () => {
    const describe = answerCall('host.describe', { ok: true, value: { ...HOST, capabilities: WITH_SET } }, true);
    const set = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true } } });
    const command = answerCall('commands/execute', { ok: true, value: { commandId: 'cmd-3', result: { kind: 'success', text: 'entering' } } });
    // The host's capabilities not seeded: the picker renders before host.describe answers, as on a page's first load.
    renderInSession(<PlanModePicker sessionId={SESSION} />, SESSION, {
      ...seedOf({ plan: OFF, capabilities: undefined, reviewPending: false }),
      capabilities: undefined,
    });
    await userEvent.setup().click(buttons().plan);
    await waitFor(() => expect(describe.bodies).toHaveLength(1));
    describe.release();
    await waitFor(() => expect(set.bodies).toHaveLength(1));
    expect(set.bodies[0]!.payload).toEqual({ sessionId: SESSION, active: true });
    expect(command.bodies).toHaveLength(0);
  });

  it('falls back to /plan when capabilities say setPlanMode is false', async () => {
    const call = answerCall('commands/execute', { ok: true, value: { commandId: 'cmd-2', result: { kind: 'success', text: 'entering' } } });
    renderPicker({ plan: OFF, capabilities: { setPlanMode: false, import: false, modes: false }, reviewPending: false });
    await userEvent.setup().click(buttons().plan);
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies.map((body) => (body.payload as { args: { line: string } }).args.line)).toEqual(['/plan']);
  });

  it.each([
    ['an unmatched command', { ok: true }, 'Unknown command: /plan'],
    [
      'a command error result',
      { ok: true, value: { commandId: 'c', result: { kind: 'error', text: 'images are not allowed with off' } } },
      'images are not allowed with off',
    ],
    ['a host error', { ok: false, error: { code: 'session-not-found', message: 'session "x" not found', details: {} } }, 'session "x" not found'],
  ])('shows %s inline and re-arms', async (_case, result, text) => {
    answerCall('commands/execute', result);
    renderPicker({ plan: OFF, capabilities: undefined, reviewPending: false });
    await userEvent.setup().click(buttons().plan);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(buttons().plan).not.toHaveAttribute('aria-disabled');
    expect(buttons().default).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the pressed button on the projection, not on the click', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'queued', state: { active: false, pending: true } } });
    const { update } = renderPicker({ plan: OFF, capabilities: WITH_SET, reviewPending: false });
    await userEvent.setup().click(buttons().plan);
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(buttons().default).toHaveAttribute('aria-pressed', 'true');
    expect(buttons().plan).toHaveAttribute('aria-pressed', 'false');
    await update(seedOf({ plan: { active: false, pending: true }, capabilities: WITH_SET, reviewPending: false }));
    expect(buttons().plan).toHaveAttribute('aria-pressed', 'true');
    await update(seedOf({ plan: { active: true, pending: true }, capabilities: WITH_SET, reviewPending: false }));
    expect(buttons().default).toHaveAttribute('aria-pressed', 'true');
  });

  it('presses Plan labelled (pending) for a {false,true} projection (a picker switch queued mid-turn), and Default then sends setPlanMode off', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'cancelled', state: { active: false } } });
    renderPicker({ plan: { active: false, pending: true }, capabilities: WITH_SET, reviewPending: false });
    expect(screen.getByRole('button', { name: 'Plan (pending)', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Default', pressed: false })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Default' }));
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies).toEqual([
      { type: 'client-request', rpcId: expect.any(String), method: 'session.setPlanMode', payload: { sessionId: SESSION, active: false } },
    ]);
  });

  it.each([
    [{ active: true, pending: true }, 'Default (pending)', 'Plan'],
    [{ active: true, pending: false }, 'Plan', 'Default'],
    [{ active: false, pending: false }, 'Default', 'Plan'],
  ] as Array<[PlanProjectionValue, string, string]>)('names the buttons for %o: pressed %s, other %s', (plan, pressed, other) => {
    renderPicker({ plan, capabilities: WITH_SET, reviewPending: false });
    expect(screen.getByRole('button', { name: pressed })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: other })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says only its reason while a plan review blocks it, not what plan mode adds (the header has room for one note)', async () => {
    const catalog = [{ name: 'plan:policy', order: 50, texts: ['P'.repeat(700)], policy: true }];
    // Once with nothing pending, so the estimate's chunk is in and the note is shown…
    const free = renderPicker({ plan: { active: true, pending: false }, capabilities: WITH_SET, reviewPending: false });
    await free.update({ modelView: { steps: [], headers: [], catalog } });
    await waitFor(() => expect(note()).toHaveTextContent(/^Plan mode: \+\d+ tokens\/request$/));
    free.unmount();
    // …then blocked by the review: the reason alone.
    const blocked = renderPicker({ plan: { active: true, pending: false }, capabilities: WITH_SET, reviewPending: true });
    await blocked.update({ modelView: { steps: [], headers: [], catalog } });
    expect(screen.getByText('Decide on the plan under review first')).toBeVisible();
    expect(note()).toHaveTextContent(/^$/);
    expect(screen.queryByText(/^Plan mode: \+/)).toBeNull();
  });

  it('is disabled with a visible reason while a plan review is pending and sends nothing', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: false } } });
    renderPicker({ plan: { active: true, pending: false }, capabilities: WITH_SET, reviewPending: true });
    const { group, default: defaultButton } = buttons();
    expect(screen.getByText('Decide on the plan under review first')).toBeVisible();
    expect(group).toHaveAccessibleDescription('Decide on the plan under review first');
    expect(defaultButton).toHaveAttribute('aria-disabled', 'true');
    const user = userEvent.setup();
    await user.click(defaultButton);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(call.bodies).toEqual([]);
  });

  it('is disabled when the session is read-only', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true } } });
    renderPicker({ plan: OFF, capabilities: WITH_SET, reviewPending: false, readOnly: true });
    expect(buttons().plan).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(buttons().plan);
    expect(call.bodies).toEqual([]);
  });

  it('is disabled while a call is in flight and re-arms after it', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true } } }, true);
    renderPicker({ plan: OFF, capabilities: WITH_SET, reviewPending: false });
    const user = userEvent.setup();
    await user.click(buttons().plan);
    await waitFor(() => expect(buttons().plan).toHaveAttribute('aria-disabled', 'true'));
    expect(note()).toHaveTextContent('Switching…');
    await user.click(buttons().plan);
    expect(call.bodies).toHaveLength(1);
    call.release();
    await waitFor(() => expect(buttons().plan).not.toHaveAttribute('aria-disabled'));
  });

  it('chooses with Tab then Enter, and never with the arrow keys', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true } } });
    renderPicker({ plan: OFF, capabilities: WITH_SET, reviewPending: false });
    const user = userEvent.setup();
    await user.tab();
    expect(buttons().default).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}{End}');
    expect(buttons().default).toHaveFocus();
    expect(call.bodies).toEqual([]);
    await user.tab();
    expect(buttons().plan).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(call.bodies.map((body) => body.payload)).toEqual([{ sessionId: SESSION, active: true }]));
  });

  it('sends nothing when the pressed button is chosen again', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'noop', state: { active: true } } });
    renderPicker({ plan: { active: true, pending: false }, capabilities: WITH_SET, reviewPending: false });
    await userEvent.setup().click(buttons().plan);
    expect(call.bodies).toEqual([]);
  });

  it('presses neither button while the plan projection is unknown and lets either be chosen', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'noop', state: { active: false } } });
    renderPicker({ plan: undefined, capabilities: WITH_SET, reviewPending: false });
    expect(buttons().default).toHaveAttribute('aria-pressed', 'false');
    expect(buttons().plan).toHaveAttribute('aria-pressed', 'false');
    await userEvent.setup().click(buttons().default);
    await waitFor(() => expect(call.bodies).toHaveLength(1));
  });
});

describe('PlanModePicker while the downlink is not open', () => {
  it('is disabled with "Reconnecting…" beside it, and chooses again once connected', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true, pending: false } } });
    const { update } = renderPicker({ plan: OFF, capabilities: WITH_SET, reviewPending: false, connection: 'reconnecting' });
    const user = userEvent.setup();
    expect(buttons().group).toHaveAttribute('aria-disabled', 'true');
    expect(buttons().group).toHaveAccessibleDescription('Reconnecting…');
    await user.click(buttons().plan);
    await update(seedOf({ plan: OFF, capabilities: WITH_SET, reviewPending: false, connection: 'connected' }));
    expect(buttons().group).not.toHaveAttribute('aria-disabled');
    await user.click(buttons().plan);
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toMatchObject({ payload: { sessionId: SESSION, active: true } });
  });
});
