/**
 * Test helper: `nextTask` (`src/lib/slices.ts`) on the timer queue, so a test with fake timers runs the slices of
 * the Markdown component and the code highlighter one task at a time (`vi.runOnlyPendingTimers`, `vi.getTimerCount`).
 * It stands in for the browser's `scheduler.postTask`, the path `nextTask` takes in the page.
 */
import { afterEach, beforeEach, vi } from 'vitest';

type PostTaskOptions = { signal?: AbortSignal; priority?: string };

/**
 * Give each test of the file a `scheduler.postTask` that queues each task as a `setTimeout(…, 0)` (aborting its
 * signal clears the timer), removed after the test. Call it at the top level of a test file.
 */
export function tasksOnTimers(): void {
  beforeEach(() => void vi.stubGlobal('scheduler', { postTask }));
  afterEach(() => void vi.unstubAllGlobals());
}

/** A `scheduler.postTask` on `setTimeout`. */
function postTask(callback: () => void, options?: PostTaskOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => resolve(callback()), 0);
    options?.signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(options.signal!.reason);
    });
  });
}
