import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../fixtures/paths.ts';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { callsWhilePlanning, canChangeWorkspace, foldActing } from './acting.ts';

let n = 0;
const at = (type: string, data: unknown): SessionEvent => ({ type, seq: n++, data });
const call = (callId: string, name: string, step = 1, args = '{}') => at('tool/call', { turn: 1, step, callId, name, arguments: args });
const result = (callId: string, text: string, isError = false) => at('tool/result', { turn: 1, step: 1, callId, content: [{ type: 'text', text }], isError });

describe('callsWhilePlanning', () => {
  it('flags a write that succeeded and any shell call made while the logged plan state is on; not reads, not failed writes, not after plan mode', () => {
    n = 0;
    const events = [
      at('plan/mode', { active: true }),
      call('r', 'read_file'),
      result('r', 'text'),
      call('w', 'write_file'),
      result('w', 'Wrote 3 characters to a.md.'),
      call('wf', 'write_file'),
      result('wf', 'Error: invalid path', true),
      call('sh', 'bash'),
      result('sh', 'Error: exit 1', true),
      at('plan/mode', { active: false }),
      call('later', 'write_file'),
      result('later', 'ok'),
    ];
    expect(callsWhilePlanning(events).map((c) => c.callId)).toEqual(['w', 'sh']);
  });

  it('treats calls in the same assistant batch as an approved exit_plan_mode as execution', () => {
    n = 0;
    const events = [
      at('plan/mode', { active: true }),
      call('x', 'exit_plan_mode', 2),
      result('x', 'Plan approved.'),
      call('w', 'write_file', 2),
      result('w', 'ok'),
      call('y', 'exit_plan_mode', 3),
      result('y', 'Error: keep planning', true),
      call('w2', 'write_file', 3),
      result('w2', 'ok'),
    ];
    expect(callsWhilePlanning(events).map((c) => c.callId)).toEqual(['w2']);
  });

  it('reads a host’s recorded kind before the name list, and mode/set plan as plan mode', () => {
    expect(canChangeWorkspace('custom_tool', 'edit')).toBe(true);
    expect(canChangeWorkspace('str_replace_editor', 'read')).toBe(false);
    expect(canChangeWorkspace('write', undefined)).toBe(true);
    expect(canChangeWorkspace('glob', 'search')).toBe(false);
    n = 0;
    const events = [at('mode/set', { mode: 'plan' }), call('e', 'edit'), result('e', 'ok'), call('k', 'custom'), result('k', 'ok')];
    const views = { 3: { for: 'call' as const, view: { card: 'generic', kind: 'edit' } } };
    expect(callsWhilePlanning(events, views).map((c) => c.callId)).toEqual(['e', 'k']);
  });

  it('finds nothing in the recordings and the written to-do fixtures (their writes follow the approval)', () => {
    for (const text of [readFixture('todos', 'plan-progress.jsonl'), readFixture('dsh-recordings', 'plan-review', 'session.jsonl')])
      expect(callsWhilePlanning(parseSessionLog(text).events)).toEqual([]);
  });
});

describe('foldActing', () => {
  it('equals the whole-log rule when fed the log in pieces, and refolds when the prefix is not its own', () => {
    const logs = [
      parseSessionLog(readFixture('todos', 'plan-progress.jsonl')).events,
      parseSessionLog(readFixture('dsh-recordings', 'plan-review', 'session.jsonl')).events,
    ];
    n = 0;
    const made = [
      at('plan/mode', { active: true }),
      call('w1', 'write_file'),
      result('w1', 'Wrote 3 characters.'),
      call('s1', 'bash'),
      call('x', 'exit_plan_mode', 2),
      call('w2', 'write_file', 2),
      result('x', 'Plan approved.'),
      result('w2', 'Wrote 3 characters.'),
      at('plan/mode', { active: true }),
      call('w3', 'write_file', 3),
      result('w3', 'Wrote 3 characters.'),
    ];
    for (const log of [...logs, made]) {
      const whole = callsWhilePlanning(log);
      let fold = foldActing([]);
      for (let end = 1; end <= log.length; end += 1) {
        const next = foldActing(log.slice(0, end), {}, fold);
        expect(next.calls).toEqual(callsWhilePlanning(log.slice(0, end)));
        fold = next;
      }
      expect(fold.calls).toEqual(whole);
      // An older fold whose state went on with another log is not reused wrongly: the result is still the rule's.
      const other = foldActing(log.slice(0, 2));
      foldActing(log, {}, other);
      expect(foldActing(log.slice(0, 3), {}, other).calls).toEqual(callsWhilePlanning(log.slice(0, 3)));
      expect(foldActing(log.slice(1), {}, fold).calls).toEqual(callsWhilePlanning(log.slice(1)));
    }
    expect(callsWhilePlanning(made).map((c) => c.callId)).toEqual(['w1', 's1', 'w3']);
  });
});
