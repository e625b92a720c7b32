/**
 * Tests of the plan-mode folds: `foldPlanMode` (docs/upstream-spec.md §1.2, §6 items 4–5) and the `plan` projection
 * unit (§1.11 trace table, §6 items 63–67 and 69), including reference stability of `apply`.
 */
import { describe, expect, it } from 'vitest';
import { parseSessionLog, serializeSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { effectiveTarget, foldPlanMode, foldPlanProjection, foldPlanState, planBadgeStateOf, planProjection, type PlanFoldState } from './fold.ts';

let seq = 0;
const ev = (type: string, data: unknown): SessionEvent => ({ type, seq: seq++, data });
const planMode = (active: unknown) => ev('plan/mode', { active });
const run = (commandId: string, args?: string, name = 'plan') =>
  ev('command/run', args === undefined ? { commandId, name, source: { kind: 'user' } } : { commandId, name, args, source: { kind: 'user' } });
const done = (commandId: string, kind: 'success' | 'error' = 'success') => ev('command/done', { commandId, kind, text: 'ok' });

describe('foldPlanMode', () => {
  it.each<[string, SessionEvent[], boolean]>([
    ['an empty log is inactive', [], false],
    ['one plan/mode true is active', [planMode(true)], true],
    ['the last of several values wins', [planMode(true), planMode(false), planMode(true)], true],
    ['a later false wins over an earlier true', [planMode(true), ev('turn/start', { turn: 1 }), planMode(false)], false],
    ['a wrong-shaped payload is ignored', [planMode(true), planMode('yes'), ev('plan/mode', null), planMode(42)], true],
    ['only wrong-shaped payloads fold to false', [planMode('yes'), planMode(undefined)], false],
    ['a mode/set does not count', [ev('mode/set', { mode: 'plan' })], false],
  ])('%s', (_name, events, expected) => {
    expect(foldPlanMode(events)).toBe(expected);
  });

  it.each([
    [0, false],
    [1, true],
    [2, false],
    [3, true],
    [99, true],
    [-1, false],
  ])('folds only the prefix of length %i', (end, expected) => {
    const events = [planMode(true), planMode(false), planMode(true)];
    expect(foldPlanMode(events, end)).toBe(expected);
  });
});

// docs/upstream-spec.md §1.11 trace table (E3).
describe('planProjection', () => {
  it.each<[string, () => SessionEvent[], { active: boolean; pending: boolean }]>([
    ['empty', () => [], { active: false, pending: false }],
    ["command/run plan ''", () => [run('c1', '')], { active: false, pending: true }],
    ['+ command/done success', () => [run('c1', ''), done('c1')], { active: false, pending: true }],
    ['+ plan/mode true', () => [run('c1', ''), done('c1'), planMode(true)], { active: true, pending: false }],
    [
      "plan/mode true, command/run plan 'off', command/done error",
      () => [planMode(true), run('c1', 'off'), done('c1', 'error')],
      { active: true, pending: false },
    ],
    ["plan/mode false, command/run plan 'off' (already off)", () => [planMode(false), run('c1', 'off')], { active: false, pending: false }],
    ["command/run plan ' sketch it'", () => [run('c1', ' sketch it')], { active: false, pending: true }],
    ["command/run compact ''", () => [run('c1', '', 'compact')], { active: false, pending: false }],
    ['command/run plan without args', () => [run('c1')], { active: false, pending: false }],
    ["plan/mode true, command/run compact ''", () => [planMode(true), run('c1', '', 'compact')], { active: true, pending: false }],
  ])('trace: %s gives %j', (_name, events, expected) => {
    expect(foldPlanProjection(events())).toEqual(expected);
  });

  it.each<[string, () => SessionEvent[], { active: boolean; pending: boolean }]>([
    ['a /plan run is pending through its success done', () => [run('c1', ''), done('c1')], { active: false, pending: true }],
    ['the pending run clears on plan/mode true', () => [run('c1', ''), done('c1'), planMode(true)], { active: true, pending: false }],
    ['an errored enter command clears pending', () => [run('c1', ''), done('c1', 'error')], { active: false, pending: false }],
    ['an errored off command clears pending (E3)', () => [planMode(true), run('c1', 'off'), done('c1', 'error')], { active: true, pending: false }],
    ["' off' counts as off", () => [planMode(true), run('c1', ' off ')], { active: true, pending: true }],
    ["'OFF' enters", () => [planMode(true), run('c1', 'OFF')], { active: true, pending: false }],
    ["'off now' enters", () => [run('c1', 'off now')], { active: false, pending: true }],
    ['an off when already off is not pending', () => [run('c1', 'off'), done('c1')], { active: false, pending: false }],
    ['a message argument targets on', () => [run('c1', 'draft the migration')], { active: false, pending: true }],
    ['a done for another command changes nothing', () => [run('c1', ''), done('other', 'error')], { active: false, pending: true }],
    ['a stray done without a run changes nothing', () => [done('c1')], { active: false, pending: false }],
    ['plan/mode clears a settled wanted but not a running command', () => [planMode(true), run('c1', 'off'), planMode(true)], { active: true, pending: true }],
    ['a later run replaces the running one', () => [run('c1', ''), run('c2', 'off')], { active: false, pending: false }],
    [
      'a queued exit stays pending after its done until the commit',
      () => [planMode(true), ev('turn/start', { turn: 1 }), run('c1', 'off'), done('c1')],
      { active: true, pending: true },
    ],
    ['the boundary commit clears the queued exit', () => [planMode(true), run('c1', 'off'), done('c1'), planMode(false)], { active: false, pending: false }],
    ['a wrong-shaped run is ignored', () => [ev('command/run', { name: 'plan', args: '' })], { active: false, pending: false }],
    ['a wrong-shaped plan/mode is ignored', () => [run('c1', ''), done('c1'), planMode('yes')], { active: false, pending: true }],
  ])('§6 items 63–67: %s', (_name, events, expected) => {
    expect(foldPlanProjection(events())).toEqual(expected);
  });

  it('starts from a fresh inactive state', () => {
    const a = planProjection.init();
    expect(a).toEqual({ active: false, wanted: null, running: null });
    expect(planProjection.init()).not.toBe(a);
    expect(planProjection.key).toBe('plan');
  });

  it.each<[string, PlanFoldState, SessionEvent]>([
    ['an unrelated event', { active: true, wanted: null, running: null }, ev('turn/start', { turn: 1 })],
    ['another command', { active: false, wanted: null, running: null }, run('c1', '', 'compact')],
    ['a run without args', { active: false, wanted: null, running: null }, run('c1')],
    ['the same running command again', { active: false, wanted: null, running: { commandId: 'c1', wanted: true } }, run('c1', 'go')],
    ['a done for another id', { active: false, wanted: null, running: { commandId: 'c1', wanted: true } }, done('c2')],
    ['a done with nothing running', { active: false, wanted: true, running: null }, done('c1')],
    ['an equal plan/mode', { active: true, wanted: null, running: null }, planMode(true)],
    ['an equal plan/mode with a command running', { active: true, wanted: null, running: { commandId: 'c', wanted: false } }, planMode(true)],
    ['a wrong-shaped plan/mode', { active: false, wanted: true, running: null }, planMode('yes')],
    ['a wrong-shaped done', { active: false, wanted: null, running: { commandId: 'c1', wanted: true } }, ev('command/done', { commandId: 'c1', kind: 'ok' })],
  ])('apply returns the same state for %s', (_name, state, event) => {
    expect(planProjection.apply(state, event)).toBe(state);
  });

  it.each<[string, PlanFoldState, SessionEvent, PlanFoldState]>([
    ['a plan run', { active: false, wanted: null, running: null }, run('c1', ''), { active: false, wanted: null, running: { commandId: 'c1', wanted: true } }],
    [
      'a matching success done',
      { active: false, wanted: null, running: { commandId: 'c1', wanted: true } },
      done('c1'),
      { active: false, wanted: true, running: null },
    ],
    [
      'a matching success done equal to active',
      { active: true, wanted: null, running: { commandId: 'c1', wanted: true } },
      done('c1'),
      { active: true, wanted: null, running: null },
    ],
    [
      'a matching error done',
      { active: false, wanted: null, running: { commandId: 'c1', wanted: true } },
      done('c1', 'error'),
      { active: false, wanted: null, running: null },
    ],
    [
      'a plan/mode flip',
      { active: false, wanted: true, running: { commandId: 'c', wanted: true } },
      planMode(true),
      { active: true, wanted: null, running: { commandId: 'c', wanted: true } },
    ],
    ['an equal plan/mode that clears wanted', { active: false, wanted: true, running: null }, planMode(false), { active: false, wanted: null, running: null }],
  ])('apply makes a new state for %s', (_name, state, event, expected) => {
    const before = structuredClone(state);
    const next = planProjection.apply(state, event);
    expect(next).not.toBe(state);
    expect(next).toEqual(expected);
    expect(state).toEqual(before);
  });

  it('cold replay over a copied log reproduces pending (§6 item 69)', () => {
    const events = [planMode(true), ev('turn/start', { turn: 1 }), run('c1', 'off'), done('c1')];
    const header = { type: 'session' as const, version: 0, id: 's', createdAt: 0, cwd: '/' };
    const copy = parseSessionLog(serializeSessionLog(header, events)).events;
    expect(foldPlanProjection(copy)).toEqual({ active: true, pending: true });
    expect(foldPlanState(copy)).toEqual(foldPlanState(events));
  });

  it('folds only a prefix when given end', () => {
    const events = [run('c1', ''), done('c1'), planMode(true)];
    expect(foldPlanProjection(events, 0)).toEqual({ active: false, pending: false });
    expect(foldPlanProjection(events, 2)).toEqual({ active: false, pending: true });
    expect(foldPlanProjection(events, 3)).toEqual({ active: true, pending: false });
  });
});

describe('effectiveTarget', () => {
  it.each([
    [{ active: false, pending: false }, false],
    [{ active: true, pending: false }, true],
    [{ active: false, pending: true }, true],
    [{ active: true, pending: true }, false],
  ])('is %j → %s', (value, expected) => {
    expect(effectiveTarget(value)).toBe(expected);
  });
});

describe('planBadgeStateOf', () => {
  it.each([
    [{ active: false, pending: false }, 'off'],
    [{ active: true, pending: false }, 'on'],
    [{ active: false, pending: true }, 'entering'],
    [{ active: true, pending: true }, 'leaving'],
  ])('is %j → %s, agreeing with the effective target', (value, expected) => {
    expect(planBadgeStateOf(value)).toBe(expected);
    expect(planBadgeStateOf(value) === 'on' || planBadgeStateOf(value) === 'entering').toBe(effectiveTarget(value));
  });
});
