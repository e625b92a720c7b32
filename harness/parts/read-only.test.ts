import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { readOnlyReasonOf, readOnlyReasonText, summaryReadOnlyReason, variantOfLog, type PlanVariant } from './read-only.ts';

const planLog: SessionEvent[] = [{ type: 'plan/mode', seq: 0, data: { active: true } }];
const modesLog: SessionEvent[] = [{ type: 'mode/set', seq: 0, data: { mode: 'review' } }];

describe('read-only reason', () => {
  it.each<[string, boolean, readonly SessionEvent[], PlanVariant | undefined, ReturnType<typeof readOnlyReasonOf>]>([
    ['an imported recording', true, planLog, 'plan-mode', { kind: 'imported' }],
    ['an imported recording of the other variant (imported wins)', true, modesLog, 'plan-mode', { kind: 'imported' }],
    ['a session-modes log under a plan-mode host', false, modesLog, 'plan-mode', { kind: 'other-variant', recordedWith: 'mode' }],
    ['a plan-mode log under a session-modes host', false, planLog, 'mode', { kind: 'other-variant', recordedWith: 'plan-mode' }],
    ['a log of the host variant', false, planLog, 'plan-mode', undefined],
    ['a log of neither variant', false, [], 'mode', undefined],
    ['any log on a host without the feature', false, modesLog, undefined, undefined],
  ])('is typed for %s', (_name, imported, events, host, expected) => {
    expect(readOnlyReasonOf(imported, variantOfLog(events), host)).toEqual(expected);
  });

  it('words an imported recording only for a refused write, never in the summary', () => {
    expect(readOnlyReasonText({ kind: 'imported' })).toBe('an imported recording');
    expect(summaryReadOnlyReason({ kind: 'imported' })).toBeUndefined();
    expect(summaryReadOnlyReason(undefined)).toBeUndefined();
  });

  it.each<[PlanVariant, RegExp]>([
    ['plan-mode', /^Recorded with plan mode; this server runs session modes, so it opens read-only\.$/],
    ['mode', /^Recorded with session modes; this server runs plan mode, so it opens read-only\.$/],
  ])('words a %s log under the other variant the same in the summary and in a refused write', (recordedWith, text) => {
    const reason = { kind: 'other-variant', recordedWith } as const;
    expect(summaryReadOnlyReason(reason)).toMatch(text);
    expect(readOnlyReasonText(reason)).toBe(summaryReadOnlyReason(reason));
  });
});
