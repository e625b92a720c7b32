/**
 * Tests that the folds' allocation-free guards accept exactly the payloads `isKnownEventValid` accepts.
 */
import { describe, expect, it } from 'vitest';
import { commandDoneOf, commandRunOf, modeSetOf, planModeOf } from './guards.ts';
import { isKnownEventValid } from './reader.ts';
import type { SessionEvent } from './types.ts';

const guards = { 'plan/mode': planModeOf, 'mode/set': modeSetOf, 'command/run': commandRunOf, 'command/done': commandDoneOf };

describe('payload guards', () => {
  it.each<[keyof typeof guards, unknown]>([
    ['plan/mode', { active: true }],
    ['plan/mode', { active: 'true' }],
    ['plan/mode', { active: null }],
    ['plan/mode', [true]],
    ['plan/mode', null],
    ['plan/mode', 'x'],
    ['mode/set', { mode: '' }],
    ['mode/set', { mode: null }],
    ['mode/set', []],
    ['command/run', { commandId: 'c', name: 'plan' }],
    ['command/run', { commandId: 'c', name: 'plan', args: '' }],
    ['command/run', { commandId: 'c', name: 'plan', args: null }],
    ['command/run', { commandId: 'c', name: 'plan', args: 1 }],
    ['command/run', { commandId: 1, name: 'plan', args: '' }],
    ['command/run', { commandId: 'c', args: '' }],
    ['command/done', { commandId: 'c', kind: 'success' }],
    ['command/done', { commandId: 'c', kind: 'error' }],
    ['command/done', { commandId: 'c', kind: 'SUCCESS' }],
    ['command/done', { commandId: 'c' }],
    ['command/done', { kind: 'success' }],
    ['command/run', { commandId: 'c', name: 'plan', source: 'user' }],
    ['command/run', { commandId: 'c', name: 'plan', source: { kind: 'user' } }],
    ['command/done', { commandId: 'c', kind: 'success', text: 1 }],
    ['command/done', { commandId: 'c', kind: 'success', text: 'ok' }],
  ])('%s %j: guard and reader agree', (type, data) => {
    const event: SessionEvent = { type, seq: 0, data };
    expect(guards[type](event) !== undefined).toBe(isKnownEventValid(type, data) === undefined);
  });

  it.each([null, undefined, 1, 'plan/mode', [], {}])('returns undefined for %j, which is not an event at all', (value) => {
    for (const guard of Object.values(guards)) expect(guard(value as unknown as SessionEvent)).toBeUndefined();
  });

  it('rejects an event of another kind', () => {
    expect(planModeOf({ type: 'mode/set', seq: 0, data: { active: true } })).toBeUndefined();
    expect(commandRunOf({ type: 'command/done', seq: 0, data: { commandId: 'c', name: 'plan' } })).toBeUndefined();
  });
});
