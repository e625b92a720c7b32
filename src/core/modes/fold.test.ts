/**
 * Tests of `foldMode` (docs/upstream-spec.md §2: last valid `mode/set` wins, default `'default'`).
 */
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../log/types.ts';
import { DEFAULT_MODE, foldMode } from './fold.ts';

const ev = (type: string, data: unknown, seq = 0): SessionEvent => ({ type, seq, data });
const set = (mode: unknown) => ev('mode/set', { mode });

describe('foldMode', () => {
  it.each<[string, SessionEvent[], string]>([
    ['an empty log is in the default mode', [], 'default'],
    ['one mode/set wins', [set('plan')], 'plan'],
    ['the last of several wins', [set('plan'), set('review'), set('default')], 'default'],
    ['a name no config defines is returned as logged', [set('review')], 'review'],
    ['a wrong-shaped payload is ignored', [set('plan'), set(3), ev('mode/set', null), ev('mode/set', {})], 'plan'],
    ['plan/mode does not count', [ev('plan/mode', { active: true })], 'default'],
  ])('%s', (_name, events, expected) => {
    expect(foldMode(events)).toBe(expected);
  });

  it.each([
    [0, 'default'],
    [1, 'plan'],
    [2, 'review'],
    [7, 'review'],
  ])('folds only the prefix of length %i', (end, expected) => {
    expect(foldMode([set('plan'), set('review')], end)).toBe(expected);
  });

  it('names the default mode', () => {
    expect(DEFAULT_MODE).toBe('default');
  });
});
