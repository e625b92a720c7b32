/**
 * Time-bounded slices of work for the Markdown component and its code blocks: a long text is rendered, and a long
 * code block highlighted, in tasks of about `SLICE_MS` each, with the browser free for input and paint between them.
 * Invariant: a slice always makes progress (at least one unit of work), so a text always ends whole.
 */

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
 * A running estimate of how many characters of markdown one millisecond of rendering handles (parse, React render
 * and commit), learnt from the slices measured so far; it sizes the next slice to about `SLICE_MS`.
 */
export class RenderRate {
  /** Characters per ms; starts low so that the first slice of a page is small, then follows what it measures. */
  charsPerMs = 100;

  /** Characters the next slice may take to last about `SLICE_MS` (≥ 1). */
  sliceChars(): number {
    return Math.max(1, Math.round(this.charsPerMs * SLICE_MS));
  }

  /**
   * Learn from a slice that rendered `chars` characters in `ms` milliseconds (a moving average, so one slow slice on
   * a busy machine does not halve the next ones).
   */
  learn(chars: number, ms: number): void {
    if (!(chars > 0) || !(ms >= 0)) return;
    const measured = chars / Math.max(ms, 0.5);
    this.charsPerMs = Math.min(50_000, Math.max(20, this.charsPerMs * 0.5 + measured * 0.5));
  }
}
