import { expect, it } from 'vitest';
import { createFrameBatcher, FRAME_MS, HELD_MAX_MS } from './frame-batch.ts';

function clocks() {
  const c = { t: 1000, frames: [] as Array<() => void>, timers: [] as Array<{ at: number; fn: () => void }> };
  const batch = createFrameBatcher({
    now: () => c.t,
    requestFrame: (fn) => c.frames.push(fn),
    setTimer: (fn, ms) => c.timers.push({ at: c.t + ms, fn }),
  });
  return { c, batch };
}

it('delivers a lone update at once, and a burst right after it once at the next animation frame', () => {
  const { c, batch } = clocks();
  let delivered = 0;
  const deliver = () => (delivered += 1);
  batch(deliver);
  expect(delivered).toBe(1);
  for (let i = 0; i < 500; i += 1) batch(deliver);
  expect(delivered).toBe(1);
  c.t += 5;
  c.frames.shift()!();
  expect(delivered).toBe(2);
  // The timer fallback of that held delivery does not deliver again.
  c.timers.shift()!.fn();
  expect(delivered).toBe(2);
  c.t += FRAME_MS;
  batch(deliver);
  expect(delivered).toBe(3);
});

it('delivers a held burst after HELD_MAX_MS where no animation frame comes (a hidden tab)', () => {
  const { c, batch } = clocks();
  let delivered = 0;
  const deliver = () => (delivered += 1);
  batch(deliver);
  batch(deliver);
  batch(deliver);
  expect(c.timers.map((timer) => timer.at - 1000)).toEqual([HELD_MAX_MS]);
  c.t += HELD_MAX_MS;
  c.timers.shift()!.fn();
  expect(delivered).toBe(2);
  c.frames.shift()!();
  expect(delivered).toBe(2);
});

it('works without requestAnimationFrame (the timer alone)', () => {
  const timers: Array<() => void> = [];
  const batch = createFrameBatcher({ now: () => 0, requestFrame: undefined, setTimer: (fn) => timers.push(fn) });
  let delivered = 0;
  batch(() => (delivered += 1));
  batch(() => (delivered += 1));
  expect(delivered).toBe(1);
  timers.shift()!();
  expect(delivered).toBe(2);
});
