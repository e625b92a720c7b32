/**
 * The shared slices: `nextTask` runs its callback in a later task unless cancelled; a slice runs at least one unit
 * and then units while the clock is under the budget; `runInSlices` yields between slices only (a fake clock: each
 * read is 1 ms later).
 */
import { describe, expect, it, vi } from 'vitest';
import { nextTask, runInSlices, runSlice, SLICE_MS, type SliceClock } from './slices.ts';

/** Resolves after the messages queued before it (a `MessageChannel` message queued after theirs). */
const afterQueuedTasks = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** A fake clock 1 ms later at every read; `log` records each unit run and each yield, in order. */
function fakeClock(sliceMs = SLICE_MS) {
  let time = 0;
  const log: (number | 'yield')[] = [];
  const clock: SliceClock = {
    sliceMs,
    now: () => (time += 1),
    yieldTask: () => {
      log.push('yield');
      return Promise.resolve();
    },
  };
  return { clock, log };
}

describe('nextTask and the slice loop', () => {
  it('runs the callback in a later task, not in this one', async () => {
    const ran = vi.fn();
    nextTask(ran);
    await Promise.resolve();
    expect(ran).not.toHaveBeenCalled();
    await afterQueuedTasks();
    expect(ran).toHaveBeenCalledOnce();
  });

  it('never runs a cancelled callback', async () => {
    const ran = vi.fn();
    const cancel = nextTask(ran);
    cancel();
    await afterQueuedTasks();
    await afterQueuedTasks();
    expect(ran).not.toHaveBeenCalled();
    // Cancelling after it ran is harmless.
    const later = vi.fn();
    const cancelLater = nextTask(later);
    await afterQueuedTasks();
    cancelLater();
    expect(later).toHaveBeenCalledOnce();
  });

  it('runs units while the slice lasts and returns the next one', () => {
    const { clock, log } = fakeClock(4);
    // Reads at 1 (deadline 5), then 2, 3, 4 after units 0, 1, 2, and 5 after unit 3: the slice ends.
    expect(runSlice(0, 100, (i) => log.push(i), clock)).toBe(4);
    expect(log).toEqual([0, 1, 2, 3]);
  });

  it('runs at least one unit however long it takes, and stops at the end', () => {
    let time = 0;
    const slow = { sliceMs: 8, now: () => (time += 50) };
    const ran: number[] = [];
    expect(runSlice(3, 10, (i) => ran.push(i), slow)).toBe(4);
    expect(runSlice(9, 10, (i) => ran.push(i), fakeClock().clock)).toBe(10);
    expect(ran).toEqual([3, 9]);
  });

  it('yields after each slice of the budget, never before the first nor after the last', async () => {
    const { clock, log } = fakeClock(4);
    await runInSlices(10, (i) => log.push(i), clock);
    expect(log).toEqual([0, 1, 2, 3, 'yield', 4, 5, 6, 7, 'yield', 8, 9]);
  });

  it('never yields for work that fits one slice, nor for no work', async () => {
    const { clock, log } = fakeClock(100);
    await runInSlices(10, (i) => log.push(i), clock);
    await runInSlices(0, (i) => log.push(i), clock);
    expect(log).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
