import { describe, expect, it } from 'vitest';
import { MAX_PERSISTED_DRAFTS, pruneEntries, touchEntry } from './session-persist.ts';

const nonBlank = (text: string) => text.trim() !== '';

describe('session-persist', () => {
  it('moves a touched key to the end, so insertion order is recency', () => {
    expect(Object.keys(touchEntry({ a: '1', b: '2', c: '3' }, 'a', 'x'))).toEqual(['b', 'c', 'a']);
    expect(touchEntry({ a: '1' }, 'b', '2')).toEqual({ a: '1', b: '2' });
  });

  it.each([
    ['drops blank entries', { a: 'x', b: '  ', c: '' }, 5, { a: 'x' }],
    ['keeps the most recent entries up to the cap', { a: '1', b: '2', c: '3' }, 2, { b: '2', c: '3' }],
    ['counts the cap after dropping blanks', { a: '1', b: '', c: '3' }, 2, { a: '1', c: '3' }],
    ['keeps nothing from an empty record', {}, 2, {}],
  ])('%s', (_case, record: Record<string, string>, max, expected) => {
    expect(pruneEntries(record, nonBlank, max)).toEqual(expected);
  });

  it('caps at MAX_PERSISTED_DRAFTS by default', () => {
    const record = Object.fromEntries(Array.from({ length: MAX_PERSISTED_DRAFTS + 5 }, (_, i) => [`session-${i}`, `draft ${i}`]));
    const kept = pruneEntries(record, nonBlank);
    expect(Object.keys(kept)).toHaveLength(MAX_PERSISTED_DRAFTS);
    expect(kept).toHaveProperty(`session-${MAX_PERSISTED_DRAFTS + 4}`);
    expect(kept).not.toHaveProperty('session-0');
  });
});
