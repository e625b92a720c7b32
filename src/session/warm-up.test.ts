import { describe, expect, test, vi } from 'vitest';
import { planReviewOf } from '../core/questions/plan-review.ts';
import { questionViewsOf } from './derive.ts';
import { sliceOf } from './reducers.ts';
import { createSessionStreamStore } from './store.ts';
import { WARM_UP_ID } from '../lib/wire-warm-up.ts';
import { sessionWarmUpSteps } from './warm-up.ts';

describe('sessionWarmUpSteps', () => {
  test('takes a throwaway store through a turn that ends in a plan review and a question, then resolves both', () => {
    const connect = vi.fn();
    const fetchHistory = vi.fn();
    const store = createSessionStreamStore({ connect, fetchHistory, scheduleBurst: () => undefined });
    const steps = sessionWarmUpSteps(store);
    const events = steps.length - 3;
    for (const step of steps.slice(0, events)) step();
    steps[events]!();
    const slice = sliceOf(store.getState(), WARM_UP_ID);
    expect(slice.events.map((e) => e.type)).toEqual([
      'command/run',
      'command/done',
      'plan/mode',
      'user/message',
      'turn/start',
      'step/start',
      'request/header',
      'assistant/message',
      'tool/call',
    ]);
    expect(store.transcriptOf(WARM_UP_ID).items.length).toBeGreaterThan(0);
    const [review] = questionViewsOf(slice.questions);
    expect(review && planReviewOf(review.questions)?.plan).toBe('# Plan\n\n1. Add the flag');
    steps[events + 1]!();
    expect(sliceOf(store.getState(), WARM_UP_ID).questions).toHaveLength(2);
    steps[events + 2]!();
    expect(sliceOf(store.getState(), WARM_UP_ID).questions).toHaveLength(0);
    // Never started: no socket, no history read.
    expect(connect).not.toHaveBeenCalled();
    expect(fetchHistory).not.toHaveBeenCalled();
  });

  test('no step throws, and the default store is a new one per call', () => {
    const first = sessionWarmUpSteps();
    const second = sessionWarmUpSteps();
    expect(first).not.toBe(second);
    for (const step of first) expect(step).not.toThrow();
  });
});
