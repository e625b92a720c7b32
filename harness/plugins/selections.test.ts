/** Pending selections shared by plan mode and session modes: the last one wins, commits, net-zero, failures, the notice rule. */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { foldMode, MODE_VALUE } from '../../src/core/modes/fold.ts';
import { foldPlanMode, PLAN_MODE_VALUE } from '../../src/core/plan/fold.ts';
import { SessionLog } from '../log.ts';
import { MemoryStorage } from '../storage/memory.ts';
import { createSelections, narratedSwitch } from './selections.ts';

const header = { type: 'session' as const, version: 0, id: 's1', createdAt: 0, cwd: '/w' };
function freshLog() {
  const storage = new MemoryStorage();
  storage.create({ header, lines: [] });
  return { storage, log: new SessionLog(header, storage, () => 0) };
}
const logOf = (...events: Omit<SessionEvent, 'seq'>[]): SessionEvent[] => events.map((event, seq) => ({ ...event, seq }));

it('keeps the last selection of an agent, and heads to the value in force without one', () => {
  const selections = createSelections(MODE_VALUE);
  expect(selections.targetOf('a', 'default')).toBe('default');
  selections.select('a', 'plan', true);
  selections.select('a', 'review', false);
  expect(selections.targetOf('a', 'default')).toBe('review');
  expect(selections.pendingOf('a')).toEqual({ target: 'review', narrate: false });
  expect(selections.pendingOf('b')).toBeUndefined();
  selections.drop('a');
  expect(selections.targetOf('a', 'default')).toBe('default');
});

it('hands out a copy of a selection', () => {
  const selections = createSelections(PLAN_MODE_VALUE);
  selections.select('a', true, true);
  const copy = selections.pendingOf('a')!;
  copy.target = false;
  expect(selections.pendingOf('a')).toEqual({ target: true, narrate: true });
});

it('commits a selection as its logged value, once', () => {
  const { log } = freshLog();
  const selections = createSelections(PLAN_MODE_VALUE);
  expect(selections.commit('a', log, false)).toEqual({ kind: 'none' });
  selections.select('a', true, false);
  expect(selections.commit('a', log, false)).toEqual({ kind: 'committed', narrate: false });
  expect(log.events.map(({ type, data }) => ({ type, data }))).toEqual([{ type: 'plan/mode', data: { active: true } }]);
  expect(selections.commit('a', log, foldPlanMode(log.events))).toEqual({ kind: 'none' });
});

it('drops a selection of the value in force without logging it', () => {
  const { log } = freshLog();
  const selections = createSelections(MODE_VALUE);
  selections.select('a', 'default', true);
  expect(selections.commit('a', log, foldMode(log.events))).toEqual({ kind: 'net-zero' });
  expect(log.events).toEqual([]);
  expect(selections.pendingOf('a')).toBeUndefined();
});

it('keeps a selection pending when its append fails', () => {
  const { storage, log } = freshLog();
  const selections = createSelections(MODE_VALUE);
  selections.select('a', 'plan', true);
  storage.failAppend = () => true;
  const outcome = selections.commit('a', log, 'default');
  expect(outcome.kind).toBe('failed');
  expect(selections.pendingOf('a')).toEqual({ target: 'plan', narrate: true });
  storage.failAppend = undefined;
  expect(selections.commit('a', log, 'default')).toEqual({ kind: 'committed', narrate: true });
});

it('forgets every selection on clear', () => {
  const selections = createSelections(MODE_VALUE);
  selections.select('a', 'plan', true);
  selections.select('b', 'plan', true);
  selections.clear();
  expect([selections.pendingOf('a'), selections.pendingOf('b')]).toEqual([undefined, undefined]);
});

it.each([
  ['no request header yet', logOf({ type: 'plan/mode', data: { active: true } }), undefined],
  ['a header that told the other value', logOf({ type: 'request/header', data: {} }, { type: 'plan/mode', data: { active: true } }), true],
  [
    'a header that told the same value (an on-then-off switch)',
    logOf({ type: 'request/header', data: {} }, { type: 'plan/mode', data: { active: true } }, { type: 'plan/mode', data: { active: false } }),
    undefined,
  ],
  [
    'the last header, not the first',
    logOf({ type: 'request/header', data: {} }, { type: 'plan/mode', data: { active: true } }, { type: 'request/header', data: {} }),
    undefined,
  ],
])('narrates a switch after %s: %s', (_name, events, expected) => {
  expect(narratedSwitch(events, foldPlanMode)).toBe(expected);
});

it('judges the notice by the plugin reading of the value in force', () => {
  const events = logOf({ type: 'request/header', data: {} }, { type: 'mode/set', data: { mode: 'gone' } });
  const known = (list: readonly SessionEvent[], end?: number): string => (foldMode(list, end) === 'plan' ? 'plan' : 'default');
  expect(narratedSwitch(events, known)).toBeUndefined();
  expect(narratedSwitch(events, foldMode)).toBe('gone');
});
