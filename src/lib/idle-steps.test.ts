import { afterEach, describe, expect, it, vi } from 'vitest';
import { runStepsAtIdle } from './idle-steps.ts';

type IdleCallback = (deadline: { didTimeout: boolean; timeRemaining: () => number }) => void;

afterEach(() => vi.unstubAllGlobals());

describe('runStepsAtIdle', () => {
  it('runs steps while the idle period lasts, at least one per callback, and goes on after a step that throws', () => {
    const queued: IdleCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleCallback) => queued.push(cb));
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const ran: number[] = [];
    let remaining = 10;
    const steps = [0, 1, 2, 3, 4].map((i) => () => {
      ran.push(i);
      remaining -= 4;
      if (i === 1) throw new Error('step 1');
    });
    runStepsAtIdle(steps);
    expect(ran).toEqual([]);
    // 10 ms left: step 0 (6 left), step 1 (2 left: no more than the margin), then the next callback.
    queued.shift()!({ didTimeout: false, timeRemaining: () => remaining });
    expect(ran).toEqual([0, 1]);
    expect(reported).toEqual([new Error('step 1')]);
    // A callback that comes by its timeout runs one step.
    remaining = 50;
    queued.shift()!({ didTimeout: true, timeRemaining: () => 0 });
    expect(ran).toEqual([0, 1, 2]);
    remaining = 50;
    queued.shift()!({ didTimeout: false, timeRemaining: () => remaining });
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(queued).toEqual([]);
  });
});
