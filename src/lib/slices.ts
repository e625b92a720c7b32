/**
 * Work in slices bounded by time, one task each: the one slice budget (`SLICE_MS`), the one way to queue a task of
 * its own (`nextTask`) and the one slice loop (`runSlice`, `runInSlices`) that the Markdown slices, the code
 * highlighter, the store's history pages and the sliced check share. Invariant: a slice always makes progress (at
 * least one unit of work), so the work always ends; a slice is bounded by the clock, never by a guess of how much fits.
 */

/** Main-thread time one slice aims at (ms): a keystroke or a frame waits at most about this long behind the work. */
export const SLICE_MS = 8;

/**
 * Run `callback` in a later task of its own, queued behind the tasks the page already has (frames that arrived while
 * it was busy are read first, so a burst of them costs one render): a `MessageChannel` message. Not a timer, so nested
 * tasks are never clamped and slices follow each other without idle gaps.
 * @param callback runs once, in its own task, unless cancelled first
 * @returns a function that cancels the task if it has not run yet (a no-op after it ran)
 */
export function nextTask(callback: () => void): () => void {
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) callback();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/**
 * A promise of {@link nextTask}: resolves in a later task of its own.
 * @returns resolves once the task runs (never rejects)
 */
export function yieldTask(): Promise<void> {
  return new Promise((resolve) => nextTask(resolve));
}

/** The time now (ms, `performance.now()`), the clock slices are measured on (read at each call, so tests may mock it). */
export function now(): number {
  return performance.now();
}

/** How a sliced piece of work spends the main thread: the slice budget, the clock and the yield between slices. */
export interface SliceClock {
  /** Time one slice may take before the work yields (ms). */
  sliceMs: number;
  /** A monotonic clock (ms), e.g. `performance.now`. */
  now(): number;
  /** Resolves in a later task, so that input, paint and other tasks run between slices. */
  yieldTask(): Promise<void>;
}

/** The page's clock: {@link SLICE_MS} slices on `performance.now()`, yielding with {@link nextTask}. */
export const pageClock: SliceClock = { sliceMs: SLICE_MS, now, yieldTask };

/**
 * Run one slice of units `from`, `from + 1`, … up to `to` (exclusive): at least one unit, then more while the clock
 * is under `clock.sliceMs` since the slice began (read once at the start and after each unit but the last).
 * @param from the first unit to run (< `to`)
 * @param to the end of the units (exclusive)
 * @param unit runs unit `i`
 * @param clock the budget and the clock (default {@link pageClock})
 * @returns the next unit to run (`to` when all have run)
 */
export function runSlice(from: number, to: number, unit: (i: number) => void, clock: Pick<SliceClock, 'sliceMs' | 'now'> = pageClock): number {
  const deadline = clock.now() + clock.sliceMs;
  let next = from;
  do {
    unit(next);
    next += 1;
  } while (next < to && clock.now() < deadline);
  return next;
}

/**
 * Run units `0` to `count - 1` in slices of {@link runSlice}, yielding (`clock.yieldTask`) between slices; none before
 * the first, so work that fits one slice costs no extra task.
 * @param count the number of units (0: nothing runs)
 * @param unit runs unit `i`
 * @param clock the budget, the clock and the yield (default {@link pageClock})
 * @returns resolves once every unit has run; rejects with what `unit` throws
 */
export async function runInSlices(count: number, unit: (i: number) => void, clock: SliceClock = pageClock): Promise<void> {
  for (let next = 0; next < count;) {
    if (next > 0) await clock.yieldTask();
    next = runSlice(next, count, unit, clock);
  }
}
