import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
const MIN = 60_000;

describe('relativeTime', () => {
  it.each([
    [NOW, 'just now'],
    [NOW + 5_000, 'just now'],
    [NOW - 59_999, 'just now'],
    [NOW - MIN, '1 min ago'],
    [NOW - 2 * MIN - 30_000, '2 min ago'],
    [NOW - 59 * MIN, '59 min ago'],
    [NOW - 60 * MIN, '1 h ago'],
    [NOW - 23 * 60 * MIN, '23 h ago'],
    [NOW - 24 * 60 * MIN, 'yesterday'],
    [NOW - 3 * 24 * 60 * MIN, '3 days ago'],
  ])('reads %d as %s', (time, label) => {
    expect(relativeTime(time, NOW)).toBe(label);
  });

  it('falls back to the date after a week', () => {
    const time = NOW - 8 * 24 * 60 * MIN;
    expect(relativeTime(time, NOW)).toBe(new Date(time).toLocaleDateString());
  });
});
