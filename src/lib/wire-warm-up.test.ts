import { describe, expect, it } from 'vitest';
import { methods } from '../core/protocol/methods.ts';
import { isKnownEventValid, KNOWN_EVENT_TYPES } from '../core/log/schemas.ts';
import { WARM_UP_TURN, wireWarmUpSteps } from './wire-warm-up.ts';

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

  it('samples a turn whose every event is valid (the data layer applies them: src/session/warm-up.ts)', () => {
    expect(WARM_UP_TURN.map(([type]) => type).at(-1)).toBe('tool/call');
    for (const [type, data] of WARM_UP_TURN) {
      expect(KNOWN_EVENT_TYPES).toContain(type);
      // The function answers the issue of a known event's payload, or undefined when there is none.
      expect([type, isKnownEventValid(type, data)]).toEqual([type, undefined]);
    }
  });
});
