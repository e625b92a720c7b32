/**
 * Tests of the session-modes picker and badge (seed 002 variant): every mode from `session.modes` with Default
 * first, the pressed button at the projection's target, the pending target labelled, `session.setMode` on choice
 * and a note derived from the projection, disabled states with their reasons, and the badge naming the current mode.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCall } from '../../../testing/render.tsx';
import { planReviewQuestions, renderInSession } from '../../../testing/session-render.tsx';
import type { ModeProjectionValue } from '../../core/protocol/methods.ts';
import { ModePicker } from './mode-picker.tsx';
import { modeOptionsOf } from './model/choice.ts';
import { ModeStatusBadge, modeBadgeStateOf } from './mode-status-badge.tsx';

const SESSION = 'session-11111111-2222-3333-4444-555555555555';
const MODES = { ok: true, value: { modes: ['default', 'plan', 'review'], current: 'default' } };
/** The host's read-only reason for a plan-mode log under session modes (harness `variantMismatchReason`). */
const CROSS_REASON = 'Recorded with plan mode; this server runs session modes, so it opens read-only.';

afterEach(() => vi.restoreAllMocks());

/** What the picker reads from the session layer, as the tests name it. */
type PickerSession = {
  mode: ModeProjectionValue | undefined;
  /** A plan review waits for the user (a pending plan-review question). */
  reviewPending: boolean;
  readOnly?: boolean;
  /** The host's read-only reason (`session.list` row). */
  readOnlyReason?: string;
  running?: boolean;
};

const renderPicker = (given: PickerSession) =>
  renderInSession(<ModePicker sessionId={SESSION} />, SESSION, {
    mode: given.mode,
    running: given.running,
    summary: { readOnly: given.readOnly ?? false, ...(given.readOnlyReason === undefined ? {} : { readOnlyReason: given.readOnlyReason }) },
    questions: given.reviewPending ? [{ rpcId: 'rpc-review', questions: planReviewQuestions() }] : undefined,
  });

const group = () => screen.getByRole('group', { name: 'Collaboration mode' });
const names = () =>
  within(group())
    .getAllByRole('button')
    .map((button) => button.textContent);
const checked = () =>
  within(group())
    .getAllByRole('button', { pressed: true })
    .map((button) => button.textContent);

describe('ModePicker', () => {
  it('lists every mode from session.modes, Default first, and checks the mode in force', async () => {
    const list = answerCall('session.modes', MODES);
    renderPicker({ mode: { current: 'review' }, reviewPending: false });
    expect(await screen.findByRole('button', { name: 'Plan' })).toBeInTheDocument();
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
    renderPicker({ mode, reviewPending: false });
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(names()).toEqual(expectedNames);
    expect(checked()).toEqual([expectedChecked]);
  });

  it.each<[ModeProjectionValue, string, { current: string; pending?: string }]>([
    [{ current: 'default' }, 'Review', { current: 'default', pending: 'review' }],
    [{ current: 'review' }, 'Default', { current: 'review', pending: 'default' }],
    [{ current: 'plan', pending: 'review' }, 'Plan', { current: 'plan', pending: 'plan' }],
  ])('sends session.setMode from %j on choosing %s', async (mode, choice, state) => {
    answerCall('session.modes', MODES);
    const set = answerCall('session.setMode', { ok: true, value: { state } });
    renderPicker({ mode, reviewPending: false });
    await userEvent.setup().click(await screen.findByRole('button', { name: new RegExp(`^${choice}`) }));
    await waitFor(() => expect(set.bodies).toHaveLength(1));
    expect(set.bodies).toEqual([
      { type: 'client-request', rpcId: expect.any(String), method: 'session.setMode', payload: { sessionId: SESSION, mode: choice.toLowerCase() } },
    ]);
  });

  it.each<[ModeProjectionValue, boolean, string]>([
    [{ current: 'default', pending: 'review' }, true, "Review mode starts at the agent's next step"],
    [{ current: 'default', pending: 'review' }, false, 'Review mode starts with your next message'],
    [{ current: 'review', pending: 'default' }, false, 'Default mode starts with your next message'],
    [{ current: 'plan', pending: 'plan' }, false, ''],
    [{ current: 'review' }, true, ''],
  ])('derives the note from the projection %j (running %s): "%s"', async (mode, running, text) => {
    answerCall('session.modes', MODES);
    renderPicker({ mode, reviewPending: false, running });
    expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it('chooses with Enter on the focused mode, and never with the arrow keys', async () => {
    answerCall('session.modes', MODES);
    const set = answerCall('session.setMode', { ok: true, value: { state: { current: 'default', pending: 'plan' } } });
    renderPicker({ mode: { current: 'default' }, reviewPending: false });
    const first = await screen.findByRole('button', { name: 'Default' });
    await screen.findByRole('button', { name: 'Review' });
    first.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(first).toHaveFocus();
    expect(set.bodies).toEqual([]);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Plan' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(set.bodies.map((b) => b.payload)).toEqual([{ sessionId: SESSION, mode: 'plan' }]));
  });

  it('shows the host error and keeps the pressed button', async () => {
    answerCall('session.modes', MODES);
    answerCall('session.setMode', { ok: false, error: { code: 'bad-request', message: 'unknown mode "review"', details: {} } });
    renderPicker({ mode: { current: 'default' }, reviewPending: false });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Review' }));
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
    renderPicker({ mode: { current: 'plan' }, ...props });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Default' }));
    expect(group()).toHaveAttribute('aria-disabled', 'true');
    expect(group()).toHaveAccessibleDescription(reason);
    expect(set.bodies).toEqual([]);
  });

  it('shows only a short Read-only marker, with the host reason in its title', async () => {
    renderPicker({ mode: { current: 'plan' }, reviewPending: false, readOnly: true, readOnlyReason: CROSS_REASON });
    const marker = screen.getByTitle(CROSS_REASON);
    expect(marker).toHaveClass('plan-picker__reason');
    expect(marker).toHaveTextContent(/^Read-only$/);
  });

  it('words a transport failure of session.setMode plainly', async () => {
    answerCall('session.modes', MODES);
    renderPicker({ mode: { current: 'default' }, reviewPending: false });
    const review = await screen.findByRole('button', { name: 'Review' });
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
  it.each<[ModeProjectionValue, string, string, string]>([
    [{ current: 'default' }, 'off', 'Default mode', 'Default mode'],
    [{ current: 'review' }, 'on', 'Review mode', 'Review mode'],
    [{ current: 'default', pending: 'plan' }, 'entering', 'Default mode, switching to Plan (pending)', 'Default → Plan (pending)'],
    [{ current: 'review', pending: 'default' }, 'leaving', 'Review mode, switching to Default (pending)', 'Review → Default (pending)'],
    [{ current: 'deep-dive', pending: 'default' }, 'leaving', 'Deep-dive mode, switching to Default (pending)', 'Deep-dive → Default (pending)'],
    [{ current: 'plan', pending: 'plan' }, 'on', 'Plan mode', 'Plan mode'],
  ])('shows %j as %s, named "%s", both modes in full in its text "%s"', (mode, state, name, text) => {
    render(<ModeStatusBadge mode={mode} />);
    const badge = screen.getByRole('status', { name });
    expect(badge).toHaveTextContent(new RegExp(`^${text.replace(/[()]/g, '\\$&')}$`));
    expect(badge).toHaveAttribute('title', name);
    expect(badge).toHaveAttribute('aria-live', 'off');
    expect(badge).toHaveAttribute('data-state', state);
    expect(modeBadgeStateOf(mode)).toBe(state);
  });

  it('renders nothing without a mode projection', () => {
    const { container } = render(<ModeStatusBadge mode={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
