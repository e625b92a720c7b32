import { describe, expect, it } from 'vitest';
import { highlightedIndex, isPartialCommand, stepHighlight } from './suggestions.ts';

describe('isPartialCommand', () => {
  it.each([
    ['/', true],
    ['/pla', true],
    ['/plan ', false],
    ['/plan off', false],
    ['plan', false],
    ['', false],
  ])('reads %j as a partial command: %s', (draft, partial) => {
    expect(isPartialCommand(draft)).toBe(partial);
  });
});

describe('the suggestion highlight', () => {
  it('starts at the first suggestion for a draft it was not moved in', () => {
    expect(highlightedIndex({ draft: '/p', index: 1 }, '/pl', 2)).toBe(0);
  });

  it('keeps the index moved in the same draft, clamped to the last suggestion', () => {
    expect(highlightedIndex({ draft: '/p', index: 1 }, '/p', 3)).toBe(1);
    expect(highlightedIndex({ draft: '/p', index: 4 }, '/p', 2)).toBe(1);
    expect(highlightedIndex({ draft: '/p', index: 4 }, '/p', 0)).toBe(0);
  });

  it.each([
    [0, 3, 1, 1],
    [2, 3, 1, 0],
    [0, 3, -1, 2],
    [5, 3, -1, 1],
  ] as const)('steps from %i of %i by %i to %i, wrapping', (index, count, step, next) => {
    expect(stepHighlight(index, count, step)).toBe(next);
  });
});
