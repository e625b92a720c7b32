import { describe, expect, it } from 'vitest';
import { placeholderOf } from './placeholder.ts';

describe('placeholderOf', () => {
  it.each([
    [true, true, 'readOnly'],
    [true, false, 'readOnly'],
    [false, true, 'planPlaceholder'],
    [false, false, 'placeholder'],
  ] as const)('read-only %s, planning %s: %s', (readOnly, planning, key) => {
    expect(placeholderOf(readOnly, planning)).toBe(key);
  });
});
