import { describe, expect, it } from 'vitest';
import type { PlanProjectionValue } from '../../../core/protocol/methods.ts';
import { choiceAlertOf, modePendingOf, pickerBlockOf, planChoiceOf } from './choice.ts';

const COPY = { reviewPendingReason: 'Decide first', readOnlyMarker: 'Read-only' };

describe('choiceAlertOf', () => {
  const error = { text: 'host refused', checked: 'default', pending: undefined };
  it.each([
    ['the state it was made in', { checked: 'default', pending: undefined }, 'Could not load', 'host refused'],
    ['a moved pressed value', { checked: 'plan', pending: undefined }, 'Could not load', 'Could not load'],
    ['a new pending value', { checked: 'default', pending: 'plan' }, undefined, undefined],
  ])('shows a failed choice only in %s', (_name, now, alert, expected) => {
    expect(choiceAlertOf(error, now, alert)).toBe(expected);
  });

  it("shows the caller's alert when no choice failed", () => {
    expect(choiceAlertOf(undefined, { checked: undefined, pending: undefined }, 'Could not load')).toBe('Could not load');
  });
});

describe('planChoiceOf', () => {
  it.each<[PlanProjectionValue | undefined, string | undefined, string | undefined, boolean | undefined]>([
    [undefined, undefined, undefined, undefined],
    [{ active: false, pending: false }, 'default', undefined, false],
    [{ active: true, pending: false }, 'plan', undefined, true],
    [{ active: false, pending: true }, 'plan', 'plan', true],
    [{ active: true, pending: true }, 'default', 'default', false],
  ])('presses the effective target of %o: %s (pending %s)', (plan, checked, pending, target) => {
    expect(planChoiceOf(plan)).toEqual({ checked, pending, target });
  });
});

describe('modePendingOf', () => {
  it.each([
    [undefined, undefined],
    [{ current: 'default' }, undefined],
    [{ current: 'plan', pending: 'plan' }, undefined],
    [{ current: 'plan', pending: 'review' }, 'review'],
  ])('of %j is %s', (mode, expected) => {
    expect(modePendingOf(mode)).toBe(expected);
  });
});

describe('pickerBlockOf', () => {
  const free = { reviewPending: false, readOnly: false, readOnlyReason: undefined, offline: undefined };
  it('leaves the picker enabled with no reason when nothing blocks it', () => {
    expect(pickerBlockOf(free, COPY)).toEqual({ disabled: false, reason: undefined, reasonDetail: undefined });
  });

  it.each([
    [
      'a pending review over read-only and offline',
      { reviewPending: true, readOnly: true, readOnlyReason: 'Imported', offline: 'Reconnecting…' },
      'Decide first',
      undefined,
    ],
    [
      'read-only over offline, with the host reason',
      { ...free, readOnly: true, readOnlyReason: 'Imported', offline: 'Reconnecting…' },
      'Read-only',
      'Imported',
    ],
    ['offline alone', { ...free, offline: 'Reconnecting…' }, 'Reconnecting…', undefined],
  ])('disables with %s', (_name, state, reason, reasonDetail) => {
    expect(pickerBlockOf(state, COPY)).toEqual({ disabled: true, reason, reasonDetail });
  });
});
