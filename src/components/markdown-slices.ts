/**
 * Time-bounded slices of work for the Markdown component, its big tables and its code blocks: a long text is
 * rendered, and a long code block highlighted, in tasks of about `SLICE_MS` each, with the browser free for input and
 * paint between them. Invariant: a slice always makes progress (at least one unit of work), so a text always ends
 * whole; a slice is bounded by the clock, never by a guess of how much fits.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Main-thread time one slice aims at (ms): a keystroke waits at most about this long behind the rendering. */
export const SLICE_MS = 8;

type PostTask = (callback: () => void, options?: { signal?: AbortSignal; priority?: string }) => Promise<unknown>;

/**
 * Run `callback` in a later task of its own: `scheduler.postTask` where the browser has it (no timer clamping, so
 * slices follow each other without idle gaps), else `setTimeout(…, 0)`.
 * @returns a function that cancels the task if it has not run yet
 */
export function nextTask(callback: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    const controller = new AbortController();
    scheduler.postTask(callback, { signal: controller.signal, priority: 'user-visible' }).catch(() => undefined);
    return () => controller.abort();
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

/** The time now (ms, `performance.now()`), the clock slices are measured on. */
export function now(): number {
  return performance.now();
}

/**
 * How many of `total` units (segments of a text, row groups of a table) a component shows now: `first` in its first
 * commit (`Infinity`: all), then one slice per task: units are committed one at a time (`flushSync`), as many as
 * fit in `SLICE_MS` of main-thread time (the clock is read after each commit; at least one unit per slice), until
 * all are shown. Once all were shown, a total that grows (a streamed text) shows its new units at once.
 * @param total the number of units now
 * @param first units of the first commit (≥ 0; 0 lets the card around a big first unit show at once)
 * @returns the number of units to render (≤ `total`)
 */
export function useSlicedCount(total: number, first: number): number {
  const [shown, setShown] = useState(first);
  const count = Math.min(shown, total);
  const all = count >= total;
  // Adjusted while rendering: once everything was shown, later units show at once.
  if (all && shown !== Infinity) setShown(Infinity);
  useEffect(() => {
    if (all) return;
    // A task of its own per slice, so input and paint are never queued behind more than one slice.
    return nextTask(() => {
      const deadline = now() + SLICE_MS;
      let next = count;
      do {
        const committed = next + 1;
        flushSync(() => setShown(committed));
        next = committed;
      } while (next < total && now() < deadline);
    });
  }, [all, count, total]);
  return count;
}
