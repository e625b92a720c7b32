/** The "last valid value wins" read every whole-value state shares (docs/upstream-spec.md §1.2, §2). */
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from './log/types.ts';
import { foldLogged, lastLogged, type LoggedValue } from './logged-value.ts';
import { MODE_VALUE } from './modes/fold.ts';
import { PLAN_MODE_VALUE } from './plan/fold.ts';

const ev = (type: string, data: unknown, seq = 0): SessionEvent => ({ type, seq, data });

describe('lastLogged', () => {
  it('reads the last valid value of a log prefix', () => {
    const events = [1, 2, 3].map((seq) => ({ seq, type: 'x', data: seq === 3 ? null : { v: seq } }) as unknown as SessionEvent);
    const read = (event: SessionEvent) => (event.data as { v?: number } | null)?.v;
    expect(lastLogged(events, events.length, read)).toBe(2);
    expect(lastLogged(events, 1, read)).toBe(1);
    expect(lastLogged(events, 0, read)).toBeUndefined();
    expect(lastLogged(events, 99, read)).toBe(2);
  });
});

describe('foldLogged', () => {
  const counter: LoggedValue<number> = {
    read: (event) => (event.type === 'n' && typeof event.data === 'number' ? event.data : undefined),
    initial: -1,
    entry: (value) => ({ type: 'n', data: value }),
  };

  it.each<[string, SessionEvent[], number]>([
    ['the initial value before any', [], -1],
    ['the last of several', [ev('n', 1), ev('n', 2), ev('other', 9)], 2],
    ['a value read as 0, not as missing', [ev('n', 5), ev('n', 0)], 0],
    ['past a wrong-shaped one', [ev('n', 4), ev('n', 'x')], 4],
  ])('folds to %s', (_name, events, expected) => {
    expect(foldLogged(counter, events)).toBe(expected);
  });

  it('folds a prefix only', () => {
    expect(foldLogged(counter, [ev('n', 1), ev('n', 2)], 1)).toBe(1);
  });

  it.each([
    [PLAN_MODE_VALUE, true, { type: 'plan/mode', data: { active: true } }],
    [MODE_VALUE, 'plan', { type: 'mode/set', data: { mode: 'plan' } }],
  ] as const)('logs a value as the event it reads back: %j', (value, logged, entry) => {
    const descriptor = value as LoggedValue<typeof logged>;
    expect(descriptor.entry(logged)).toEqual(entry);
    expect(descriptor.read({ ...entry, seq: 0 })).toBe(logged);
    expect(foldLogged(descriptor, [])).toBe(descriptor.initial);
  });
});
