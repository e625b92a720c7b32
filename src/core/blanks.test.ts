import { describe, expect, it } from 'vitest';
import { blanksFrom, spacesFrom } from './blanks.ts';

describe('runs of blanks', () => {
  it('counts the spaces, or spaces and tabs, from a position', () => {
    expect(spacesFrom('   x', 0)).toBe(3);
    expect(spacesFrom('   x', 1)).toBe(2);
    expect(spacesFrom(' \t x', 0)).toBe(1);
    expect(blanksFrom(' \t x', 0)).toBe(3);
    expect(blanksFrom('x\t\t', 1)).toBe(2);
  });

  it('is 0 where no blank starts, at the end and in an empty line', () => {
    expect(spacesFrom('x ', 0)).toBe(0);
    expect(blanksFrom('ab', 1)).toBe(0);
    expect(spacesFrom('ab', 2)).toBe(0);
    expect(blanksFrom('', 0)).toBe(0);
  });

  it('reads a thousand spaces at once and does not carry state from one call to the next', () => {
    const deep = `${' '.repeat(1000)}- x`;
    expect(spacesFrom(deep, 0)).toBe(1000);
    expect(spacesFrom(deep, 998)).toBe(2);
    expect(blanksFrom('  y', 0)).toBe(2);
    expect(blanksFrom('y  ', 1)).toBe(2);
  });
});
