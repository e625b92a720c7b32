import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCall, renderWithClient } from '../../../mocks/test-utils.tsx';
import type { Capabilities, PlanProjectionValue, SetOutcome } from '../../core/protocol/methods.ts';
import { PlanModePicker } from './plan-mode-picker.tsx';

const SESSION = 'session-11111111-2222-3333-4444-555555555555';
const WITH_SET: Capabilities = { setPlanMode: true, import: true, modes: false };
const OFF: PlanProjectionValue = { active: false, pending: false };

function radios() {
  const group = screen.getByRole('radiogroup', { name: 'Collaboration mode' });
  return {
    group,
    default: screen.getByRole('radio', { name: /^Default( \(pending\))?$/ }),
    plan: screen.getByRole('radio', { name: /^Plan( \(pending\))?$/ }),
  };
}

describe('PlanModePicker', () => {
  it.each([
    [OFF, 'Plan', true, 'committed', 'Plan mode on'],
    [{ active: true, pending: false }, 'Default', false, 'committed', 'Plan mode off'],
    [OFF, 'Plan', true, 'queued', 'Entering plan mode; applies from the next step'],
    [{ active: true, pending: false }, 'Default', false, 'queued', 'Leaving plan mode; applies from the next step'],
    [{ active: false, pending: true }, 'Default', false, 'cancelled', 'Pending change cancelled'],
    [{ active: true, pending: false }, 'Default', false, 'noop', 'Plan mode is already off'],
    [OFF, 'Plan', true, 'noop', 'Plan mode is already on'],
  ] as Array<[PlanProjectionValue, 'Plan' | 'Default', boolean, SetOutcome, string]>)(
    'sends session.setPlanMode from %o on choosing %s and shows the %s outcome',
    async (plan, choice, active, outcome, text) => {
      const call = answerCall('session.setPlanMode', { ok: true, value: { outcome, state: { active: !active } } });
      renderWithClient(<PlanModePicker sessionId={SESSION} plan={plan} capabilities={WITH_SET} reviewPending={false} />);
      await userEvent.setup().click(screen.getByRole('radio', { name: choice }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(call.bodies).toEqual([
        { type: 'client-request', rpcId: expect.any(String), method: 'session.setPlanMode', payload: { sessionId: SESSION, active } },
      ]);
    },
  );

  it.each([
    [OFF, 'Plan', '/plan', 'plan mode on; /plan off leaves it'],
    [{ active: true, pending: false }, 'Default', '/plan off', 'plan mode is now off'],
  ] as Array<[PlanProjectionValue, 'Plan' | 'Default', string, string]>)(
    'falls back from %o to commands/execute when the host lacks setPlanMode (%s → %s)',
    async (plan, choice, line, resultText) => {
      const call = answerCall('commands/execute', { ok: true, value: { commandId: 'cmd-1', result: { kind: 'success', text: resultText } } });
      renderWithClient(<PlanModePicker sessionId={SESSION} plan={plan} capabilities={undefined} reviewPending={false} />);
      await userEvent.setup().click(screen.getByRole('radio', { name: choice }));
      expect(await screen.findByText(resultText)).toBeInTheDocument();
      expect(call.bodies).toEqual([
        { type: 'client-request', rpcId: expect.any(String), method: 'commands/execute', payload: { args: { agentId: SESSION, line, images: [] } } },
      ]);
    },
  );

  it('falls back to /plan when capabilities say setPlanMode is false', async () => {
    const call = answerCall('commands/execute', { ok: true, value: { commandId: 'cmd-2', result: { kind: 'success', text: 'entering' } } });
    renderWithClient(
      <PlanModePicker sessionId={SESSION} plan={OFF} capabilities={{ setPlanMode: false, import: false, modes: false }} reviewPending={false} />,
    );
    await userEvent.setup().click(radios().plan);
    await screen.findByText('entering');
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
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={OFF} capabilities={undefined} reviewPending={false} />);
    await userEvent.setup().click(radios().plan);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(radios().plan).not.toHaveAttribute('aria-disabled');
    expect(radios().default).toBeChecked();
  });

  it('keeps the checked radio on the projection, not on the click', async () => {
    answerCall('session.setPlanMode', { ok: true, value: { outcome: 'queued', state: { active: false, pending: true } } });
    const { rerender } = renderWithClient(<PlanModePicker sessionId={SESSION} plan={OFF} capabilities={WITH_SET} reviewPending={false} />);
    await userEvent.setup().click(radios().plan);
    await screen.findByText('Entering plan mode; applies from the next step');
    expect(radios().default).toBeChecked();
    expect(radios().plan).not.toBeChecked();
    rerender(<PlanModePicker sessionId={SESSION} plan={{ active: false, pending: true }} capabilities={WITH_SET} reviewPending={false} />);
    expect(radios().plan).toBeChecked();
    rerender(<PlanModePicker sessionId={SESSION} plan={{ active: true, pending: true }} capabilities={WITH_SET} reviewPending={false} />);
    expect(radios().default).toBeChecked();
  });

  it('checks Plan labelled (pending) for a {false,true} projection (a picker switch queued mid-turn), and Default then sends setPlanMode off', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'cancelled', state: { active: false } } });
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={{ active: false, pending: true }} capabilities={WITH_SET} reviewPending={false} />);
    const plan = screen.getByRole('radio', { name: 'Plan (pending)' });
    expect(plan).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Default' })).not.toBeChecked();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Default' }));
    expect(await screen.findByText('Pending change cancelled')).toBeInTheDocument();
    expect(call.bodies).toEqual([
      { type: 'client-request', rpcId: expect.any(String), method: 'session.setPlanMode', payload: { sessionId: SESSION, active: false } },
    ]);
  });

  it.each([
    [{ active: true, pending: true }, 'Default (pending)', 'Plan'],
    [{ active: true, pending: false }, 'Plan', 'Default'],
    [{ active: false, pending: false }, 'Default', 'Plan'],
  ] as Array<[PlanProjectionValue, string, string]>)('names the radios for %o: checked %s, other %s', (plan, checked, other) => {
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={plan} capabilities={WITH_SET} reviewPending={false} />);
    expect(screen.getByRole('radio', { name: checked })).toBeChecked();
    expect(screen.getByRole('radio', { name: other })).not.toBeChecked();
  });

  it('is disabled with a visible reason while a plan review is pending and sends nothing', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: false } } });
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={{ active: true, pending: false }} capabilities={WITH_SET} reviewPending />);
    const { group, default: defaultRadio } = radios();
    expect(screen.getByText('Decide on the plan under review first')).toBeVisible();
    expect(group).toHaveAccessibleDescription('Decide on the plan under review first');
    expect(defaultRadio).toHaveAttribute('aria-disabled', 'true');
    const user = userEvent.setup();
    await user.click(defaultRadio);
    await user.keyboard('{ArrowLeft}');
    expect(call.bodies).toEqual([]);
  });

  it('is disabled when the session is read-only', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true } } });
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={OFF} capabilities={WITH_SET} reviewPending={false} readOnly />);
    expect(radios().plan).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(radios().plan);
    expect(call.bodies).toEqual([]);
  });

  it('is disabled while a call is in flight and re-arms after it', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true } } }, true);
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={OFF} capabilities={WITH_SET} reviewPending={false} />);
    const user = userEvent.setup();
    await user.click(radios().plan);
    await waitFor(() => expect(radios().plan).toHaveAttribute('aria-disabled', 'true'));
    await user.click(radios().plan);
    expect(call.bodies).toHaveLength(1);
    call.release();
    await screen.findByText('Plan mode on');
    expect(radios().plan).not.toHaveAttribute('aria-disabled');
  });

  it('moves focus with arrow keys and chooses the focused radio (roving tabindex)', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true } } });
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={OFF} capabilities={WITH_SET} reviewPending={false} />);
    expect(radios().default).toHaveAttribute('tabindex', '0');
    expect(radios().plan).toHaveAttribute('tabindex', '-1');
    const user = userEvent.setup();
    await user.tab();
    expect(radios().default).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(radios().plan).toHaveFocus();
    await screen.findByText('Plan mode on');
    expect(call.bodies.map((body) => body.payload)).toEqual([{ sessionId: SESSION, active: true }]);
  });

  it('sends nothing when the checked radio is chosen again', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'noop', state: { active: true } } });
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={{ active: true, pending: false }} capabilities={WITH_SET} reviewPending={false} />);
    await userEvent.setup().click(radios().plan);
    expect(call.bodies).toEqual([]);
  });

  it('checks neither radio while the plan projection is unknown and lets either be chosen', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'noop', state: { active: false } } });
    renderWithClient(<PlanModePicker sessionId={SESSION} plan={undefined} capabilities={WITH_SET} reviewPending={false} />);
    expect(radios().default).not.toBeChecked();
    expect(radios().plan).not.toBeChecked();
    await userEvent.setup().click(radios().default);
    await screen.findByText('Plan mode is already off');
    expect(call.bodies).toHaveLength(1);
  });
});

describe('PlanModePicker while the downlink is not open (issue 8 item 14)', () => {
  it('is disabled with "Reconnecting…" beside it, and chooses again once connected', async () => {
    const call = answerCall('session.setPlanMode', { ok: true, value: { outcome: 'committed', state: { active: true, pending: false } } });
    const { rerender } = renderWithClient(
      <PlanModePicker sessionId={SESSION} plan={OFF} capabilities={WITH_SET} reviewPending={false} connection="reconnecting" />,
    );
    const user = userEvent.setup();
    expect(radios().group).toHaveAttribute('aria-disabled', 'true');
    expect(radios().group).toHaveAccessibleDescription('Reconnecting…');
    await user.click(radios().plan);
    rerender(<PlanModePicker sessionId={SESSION} plan={OFF} capabilities={WITH_SET} reviewPending={false} connection="connected" />);
    expect(radios().group).not.toHaveAttribute('aria-disabled');
    await user.click(radios().plan);
    await waitFor(() => expect(call.bodies).toHaveLength(1));
    expect(call.bodies[0]).toMatchObject({ payload: { sessionId: SESSION, active: true } });
  });
});
