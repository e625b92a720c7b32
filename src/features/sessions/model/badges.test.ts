import { describe, expect, it } from 'vitest';
import type { SessionBadges } from '../../../session/derive.ts';
import { deleteStopsOf, rowActivityOf, rowPlanLabelOf } from './badges.ts';

const quiet: SessionBadges = { running: false, plan: undefined, reviewPending: false, questionPending: false, title: undefined, mode: undefined };
const off = { active: false, pending: false };

describe('the row badges', () => {
  it.each([
    ['a review waiting', { reviewPending: true, questionPending: true, running: true }, undefined, { kind: 'review' }, 'review'],
    ['a question waiting', { questionPending: true, running: true }, 'awaitingAnswer', undefined, 'question'],
    ['a running turn', { running: true, plan: off }, 'running', undefined, 'turn'],
    ['plan mode on', { plan: { active: true, pending: false } }, undefined, { kind: 'plan', state: 'on' }, undefined],
    ['plan mode entering', { plan: { active: false, pending: true } }, undefined, { kind: 'plan', state: 'entering' }, undefined],
    ['plan mode leaving', { plan: { active: true, pending: true } }, undefined, { kind: 'plan', state: 'leaving' }, undefined],
    ['plan mode off', { plan: off }, undefined, undefined, undefined],
    [
      'a session mode',
      { plan: { active: true, pending: false }, mode: { current: 'review' } },
      undefined,
      { kind: 'mode', mode: 'review', pending: false },
      undefined,
    ],
    ['a pending session mode', { mode: { current: 'default', pending: 'plan' } }, undefined, { kind: 'mode', mode: 'plan', pending: true }, undefined],
    ['the default mode', { mode: { current: 'default' } }, undefined, undefined, undefined],
  ] as const)('for %s: activity %s, label %o, deleting stops %s', (_case, badges, activity, label, stops) => {
    const all = { ...quiet, ...badges };
    expect(rowActivityOf(all)).toBe(activity);
    expect(rowPlanLabelOf(all)).toEqual(label);
    expect(deleteStopsOf(all)).toBe(stops);
  });
});
