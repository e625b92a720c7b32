import { describe, expect, it } from 'vitest';
import type { CommandDoneData } from './log/types.ts';
import { intentOnDone, intentOnRun, pendingTargetOf, type IntentState } from './intent.ts';

type State = IntentState<string> & { raw: string };
const idle: State = { raw: 'default', wanted: null, running: null };
const done = (commandId: string, kind: CommandDoneData['kind'] = 'success'): CommandDoneData => ({ commandId, kind });

describe('intent rule', () => {
  it('runs a command, keeping the other fields, and returns the same state for the same run again', () => {
    const running = intentOnRun(idle, 'c1', 'plan');
    expect(running).toEqual({ raw: 'default', wanted: null, running: { commandId: 'c1', wanted: 'plan' } });
    expect(intentOnRun(running, 'c1', 'plan')).toBe(running);
    expect(intentOnRun(running, 'c2', 'review').running).toEqual({ commandId: 'c2', wanted: 'review' });
  });

  it.each([
    ['a success that differs from what is in force settles the target', done('c1'), 'default', 'plan'],
    ['a success that matches what is in force settles nothing', done('c1'), 'plan', null],
    ['an error settles nothing', done('c1', 'error'), 'default', null],
  ])('%s', (_case, finished, inForce, wanted) => {
    expect(intentOnDone(intentOnRun(idle, 'c1', 'plan'), finished, inForce)).toEqual({ raw: 'default', wanted, running: null });
  });

  it('returns the same state for a done of another command or with none running', () => {
    const running = intentOnRun(idle, 'c1', 'plan');
    expect(intentOnDone(running, done('other'), 'default')).toBe(running);
    expect(intentOnDone(idle, done('c1'), 'default')).toBe(idle);
  });

  it.each<[string, State, string, string | undefined]>([
    ['nothing asked', idle, 'default', undefined],
    ['a running command', { ...idle, running: { commandId: 'c1', wanted: 'plan' } }, 'default', 'plan'],
    ['the running command over a settled target', { ...idle, wanted: 'review', running: { commandId: 'c1', wanted: 'plan' } }, 'default', 'plan'],
    ['a settled target', { ...idle, wanted: 'plan' }, 'default', 'plan'],
    ['a target already in force', { ...idle, wanted: 'plan' }, 'plan', undefined],
  ])('is pending for %s: %s', (_case, state, inForce, pending) => {
    expect(pendingTargetOf(state, inForce)).toBe(pending);
  });
});
