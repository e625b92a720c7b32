import { describe, expect, it } from 'vitest';
import { methods } from '../core/protocol/methods.ts';
import { wireWarmUpSteps } from './wire-warm-up.ts';

describe('wireWarmUpSteps', () => {
  it('builds every method schema once, throws nothing, and leaves the tables answering as before', () => {
    const keys = Object.keys(methods);
    const getters = () => keys.filter((key) => Object.getOwnPropertyDescriptor(methods, key)?.get !== undefined);
    const steps = wireWarmUpSteps();
    expect(steps.length).toBeGreaterThan(keys.length);
    for (const step of steps) expect(step).not.toThrow();
    // Built: every entry is now a plain data property (lazyEntries replaces its getter on the first read).
    expect(getters()).toEqual([]);
    expect(Object.keys(methods)).toEqual(keys);
  });
});
