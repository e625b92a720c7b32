/**
 * Test helper: `nextTask` (`src/lib/slices.ts`, a `MessageChannel` message) on the timer queue, so a test with fake
 * timers runs the slices of the Markdown component and the code highlighter one task at a time
 * (`vi.runOnlyPendingTimers`, `vi.getTimerCount`).
 */
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A `MessageChannel` whose `port2.postMessage` queues `port1.onmessage` as a `setTimeout(…, 0)`; `port1.close()`
 * clears what is queued.
 */
class TimerChannel {
  readonly port1: { onmessage: ((event: MessageEvent) => void) | null; close(): void };
  readonly port2: { postMessage(data: unknown): void };
  constructor() {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const port1 = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      close: () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      },
    };
    this.port1 = port1;
    this.port2 = {
      postMessage: (data: unknown) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          port1.onmessage?.(new MessageEvent('message', { data }));
        }, 0);
        timers.add(timer);
      },
    };
  }
}

/** Give each test of the file a `MessageChannel` on `setTimeout`, removed after the test. Call it at a test file's top level. */
export function tasksOnTimers(): void {
  beforeEach(() => void vi.stubGlobal('MessageChannel', TimerChannel));
  afterEach(() => void vi.unstubAllGlobals());
}
