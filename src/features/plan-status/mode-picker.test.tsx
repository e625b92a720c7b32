/**
 * Tests of the session-modes picker and badge (seed 002 variant): every mode from `session.modes` with Default
 * first, the checked radio at the projection's target, the pending target labelled, `session.setMode` on choice
 * with its outcome, disabled states with their reasons, and the badge naming the current mode.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCall, renderWithClient } from '../../../mocks/test-utils.tsx';
import type { ModeProjectionValue } from '../../core/protocol/methods.ts';
import { ModePicker, modeOptionsOf } from './mode-picker.tsx';
import { ModeStatusBadge, modeBadgeStateOf } from './mode-status-badge.tsx';

const SESSION = 'session-11111111-2222-3333-4444-555555555555';
const MODES = { ok: true, value: { modes: ['default', 'plan', 'review'], current: 'default' } };
/** The host's read-only reason for a plan-mode log under session modes (harness `variantMismatchReason`). */
const CROSS_REASON = 'Recorded with plan mode; this server runs session modes, so it opens read-only.';

afterEach(() => vi.restoreAllMocks());

const group = () => screen.getByRole('radiogroup', { name: 'Collaboration mode' });
const names = () =>
  within(group())
    .getAllByRole('radio')
    .map((radio) => radio.textContent);
const checked = () =>
  within(group())
    .getAllByRole('radio', { checked: true })
    .map((radio) => radio.textContent);

describe('ModePicker', () => {
  it('lists every mode from session.modes, Default first, and checks the mode in force', async () => {
    const list = answerCall('session.modes', MODES);
    renderWithClient(<ModePicker sessionId={SESSION} mode={{ current: 'review' }} reviewPending={false} />);
    expect(await screen.findByRole('radio', { name: 'Plan' })).toBeInTheDocument();
    expect(names()).toEqual(['Default', 'Plan', 'Review']);
    expect(checked()).toEqual(['Review']);
    expect(list.bodies.map((b) => b.payload)).toEqual([{ sessionId: SESSION }]);
  });

  it.each<[ModeProjectionValue, string[], string]>([
    [{ current: 'default', pending: 'review' }, ['Default', 'Plan', 'Review (pending)'], 'Review (pending)'],
    [{ current: 'plan', pending: 'default' }, ['Default (pending)', 'Plan', 'Review'], 'Default (pending)'],
    [{ current: 'plan', pending: 'plan' }, ['Default', 'Plan', 'Review'], 'Plan'],
  ])('labels the pending target of %j and checks it', async (mode, expectedNames, expectedChecked) => {
    answerCall('session.modes', MODES);
    renderWithClient(<ModePicker sessionId={SESSION} mode={mode} reviewPending={false} />);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(names()).toEqual(expectedNames);
    expect(checked()).toEqual([expectedChecked]);
  });

  it.each<[ModeProjectionValue, string, { current: string; pending?: string }, string]>([
    [{ current: 'default' }, 'Review', { current: 'default', pending: 'review' }, 'Switching to Review mode; applies from the next turn or step'],
    [{ current: 'review' }, 'Default', { current: 'review', pending: 'default' }, 'Switching to Default mode; applies from the next turn or step'],
    [{ current: 'plan', pending: 'review' }, 'Plan', { current: 'plan', pending: 'plan' }, 'Staying in Plan mode'],
  ])('sends session.setMode from %j on choosing %s and shows the outcome', async (mode, choice, state, text) => {
    answerCall('session.modes', MODES);
    const set = answerCall('session.setMode', { ok: true, value: { state } });
    renderWithClient(<ModePicker sessionId={SESSION} mode={mode} reviewPending={false} />);
    await userEvent.setup().click(await screen.findByRole('radio', { name: new RegExp(`^${choice}`) }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(set.bodies).toEqual([
      { type: 'client-request', rpcId: expect.any(String), method: 'session.setMode', payload: { sessionId: SESSION, mode: choice.toLowerCase() } },
    ]);
  });

  it('moves with the arrow keys and chooses the focused mode', async () => {
    answerCall('session.modes', MODES);
    const set = answerCall('session.setMode', { ok: true, value: { state: { current: 'default', pending: 'plan' } } });
    renderWithClient(<ModePicker sessionId={SESSION} mode={{ current: 'default' }} reviewPending={false} />);
    const first = await screen.findByRole('radio', { name: 'Default' });
    await screen.findByRole('radio', { name: 'Review' });
    first.focus();
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Plan' })).toHaveFocus();
    expect(set.bodies.map((b) => b.payload)).toEqual([{ sessionId: SESSION, mode: 'plan' }]);
  });

  it('shows the host error and keeps the checked radio', async () => {
    answerCall('session.modes', MODES);
    answerCall('session.setMode', { ok: false, error: { code: 'bad-request', message: 'unknown mode "review"', details: {} } });
    renderWithClient(<ModePicker sessionId={SESSION} mode={{ current: 'default' }} reviewPending={false} />);
    await userEvent.setup().click(await screen.findByRole('radio', { name: 'Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown mode "review"');
    expect(checked()).toEqual(['Default']);
  });

  it.each<[string, { reviewPending: boolean; readOnly?: boolean; readOnlyReason?: string }, string]>([
    ['a pending plan review', { reviewPending: true }, 'Decide on the plan under review first'],
    ['a read-only session', { reviewPending: false, readOnly: true }, 'Read-only'],
    ['a read-only session with the host reason', { reviewPending: false, readOnly: true, readOnlyReason: CROSS_REASON }, `Read-only ${CROSS_REASON}`],
  ])('sends nothing during %s and says why', async (_name, props, reason) => {
    answerCall('session.modes', MODES);
    const set = answerCall('session.setMode', { ok: true, value: { state: { current: 'default' } } });
    renderWithClient(<ModePicker sessionId={SESSION} mode={{ current: 'plan' }} {...props} />);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Default' }));
    expect(group()).toHaveAttribute('aria-disabled', 'true');
    expect(group()).toHaveAccessibleDescription(reason);
    expect(set.bodies).toEqual([]);
  });

  it('shows only a short Read-only marker, with the host reason in its title', async () => {
    renderWithClient(<ModePicker sessionId={SESSION} mode={{ current: 'plan' }} reviewPending={false} readOnly readOnlyReason={CROSS_REASON} />);
    const marker = screen.getByTitle(CROSS_REASON);
    expect(marker).toHaveClass('plan-picker__reason');
    expect(marker).toHaveTextContent(/^Read-only$/);
  });

  it('words a transport failure of session.setMode plainly', async () => {
    answerCall('session.modes', MODES);
    renderWithClient(<ModePicker sessionId={SESSION} mode={{ current: 'default' }} reviewPending={false} />);
    const review = await screen.findByRole('radio', { name: 'Review' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await userEvent.setup().click(review);
    expect(await screen.findByRole('alert')).toHaveTextContent("Can't reach the server; try again when it is back.");
  });

  it.each<[readonly string[] | undefined, ModeProjectionValue | undefined, string[]]>([
    [['default', 'plan', 'review'], { current: 'plan' }, ['default', 'plan', 'review']],
    [['plan', 'default', 'review'], undefined, ['default', 'plan', 'review']],
    [undefined, { current: 'review', pending: 'plan' }, ['default', 'review', 'plan']],
    [undefined, undefined, ['default']],
  ])('offers %j for the projection %j as %j', (listed, mode, expected) => {
    expect(modeOptionsOf(listed, mode)).toEqual(expected);
  });
});

describe('ModeStatusBadge', () => {
  it.each<[ModeProjectionValue, string, string]>([
    [{ current: 'default' }, 'off', 'Default mode'],
    [{ current: 'review' }, 'on', 'Review mode'],
    [{ current: 'default', pending: 'plan' }, 'entering', 'Default mode, switching to Plan (pending)'],
    [{ current: 'review', pending: 'default' }, 'leaving', 'Review mode, switching to Default (pending)'],
    [{ current: 'plan', pending: 'plan' }, 'on', 'Plan mode'],
  ])('shows %j as %s', (mode, state, name) => {
    render(<ModeStatusBadge mode={mode} />);
    const badge = screen.getByRole('status', { name });
    expect(badge).toHaveTextContent(name);
    expect(badge).toHaveAttribute('data-state', state);
    expect(modeBadgeStateOf(mode)).toBe(state);
  });

  it('renders nothing without a mode projection', () => {
    const { container } = render(<ModeStatusBadge mode={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
