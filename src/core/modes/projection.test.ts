/**
 * Tests of the `mode` projection (seed 002, docs/upstream-spec.md §2 with the §1.11 E3 fold shape): trace table,
 * unknown names read as default, reference stability, whole-log fold equals step-by-step apply.
 */
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../log/types.ts';
import type { ModeState } from '../protocol/methods.ts';
import { createModeProjection, foldModeProjection, modeCommandTarget, modeTargetOf } from './projection.ts';

const MODES = ['default', 'plan', 'review'] as const;
let seq = 0;
const ev = (type: string, data: unknown): SessionEvent => ({ type, seq: seq++, data });
const set = (mode: unknown) => ev('mode/set', { mode });
const run = (commandId: string, name: string, args?: string) =>
  ev('command/run', args === undefined ? { commandId, name } : { commandId, name, args, source: { kind: 'user' } });
const done = (commandId: string, kind: 'success' | 'error' = 'success') => ev('command/done', { commandId, kind });

describe('mode projection', () => {
  it.each<[string, SessionEvent[], ModeState]>([
    ['an empty log is in the default mode', [], { current: 'default' }],
    ['a logged mode is current', [set('review')], { current: 'review' }],
    ['a name the config no longer defines reads as default', [set('deep-dive')], { current: 'default' }],
    ['/review is pending while it runs', [run('c1', 'review', '')], { current: 'default', pending: 'review' }],
    ['/review stays pending after a successful done', [run('c1', 'review', ''), done('c1')], { current: 'default', pending: 'review' }],
    ['mode/set settles the pending target', [run('c1', 'review', ''), done('c1'), set('review')], { current: 'review' }],
    ['an errored command leaves nothing pending', [run('c1', 'mode', ' nope'), done('c1', 'error')], { current: 'default' }],
    ['/mode <name> targets the named mode', [run('c1', 'mode', ' plan  later words'), done('c1')], { current: 'default', pending: 'plan' }],
    ['/mode default targets the default mode', [set('plan'), run('c1', 'mode', ' default'), done('c1')], { current: 'plan', pending: 'default' }],
    ['/plan <message> targets plan', [run('c1', 'plan', ' sketch it'), done('c1')], { current: 'default', pending: 'plan' }],
    [
      'switching back to the mode in force is not pending',
      [set('plan'), run('c1', 'review', ''), done('c1'), run('c2', 'plan', ''), done('c2')],
      { current: 'plan' },
    ],
    ['a bare /mode switches nothing', [run('c1', 'mode', ''), done('c1')], { current: 'default' }],
    ['other commands and runs without args are ignored', [run('c1', 'compact', ''), run('c2', 'review')], { current: 'default' }],
    ['a command for an undefined mode is ignored', [run('c1', 'deep-dive', ''), done('c1')], { current: 'default' }],
    ['plan/mode does not count', [ev('plan/mode', { active: true })], { current: 'default' }],
  ])('%s', (_name, events, expected) => {
    expect(foldModeProjection(events, MODES)).toEqual(expected);
  });

  it('returns the same state for events that change nothing', () => {
    const unit = createModeProjection(MODES);
    const state = unit.init();
    for (const event of [ev('turn/start', { turn: 1 }), set('default'), run('c1', 'compact', ''), done('c9'), set(3)]) {
      expect(unit.apply(state, event)).toBe(state);
    }
    const running = unit.apply(state, run('c2', 'plan', ''));
    expect(running).not.toBe(state);
    expect(unit.apply(running, run('c2', 'plan', ''))).toBe(running);
  });

  it('equals step-by-step apply for every prefix', () => {
    const events = [run('c1', 'review', ''), done('c1'), set('review'), run('c2', 'mode', ' plan'), done('c2'), set('plan'), set('default')];
    const unit = createModeProjection(MODES);
    let state = unit.init();
    events.forEach((event, index) => {
      state = unit.apply(state, event);
      expect(unit.view(state)).toEqual(foldModeProjection(events, MODES, index + 1));
    });
  });

  it.each<[string, string, string | undefined]>([
    ['review', '', 'review'],
    ['review', ' please look', 'review'],
    ['mode', ' review', 'review'],
    ['mode', ' default', 'default'],
    ['mode', ' nope', undefined],
    ['mode', '', undefined],
    ['default', '', undefined],
    ['compact', '', undefined],
  ])('reads /%s%s as a switch to %s', (name, args, expected) => {
    expect(modeCommandTarget(name, args, MODES)).toBe(expected);
  });

  it.each<[ModeState, string]>([
    [{ current: 'default' }, 'default'],
    [{ current: 'default', pending: 'plan' }, 'plan'],
    [{ current: 'review', pending: 'default' }, 'default'],
  ])('targets %j → %s', (value, expected) => {
    expect(modeTargetOf(value)).toBe(expected);
  });
});
