import { describe, expect, it } from 'vitest';
import { createListRefresh } from './list-refresh.ts';

/** A refresh over a read whose ends the test controls and a schedule it runs by hand. */
function harness() {
  const reads: Array<() => void> = [];
  const tasks: Array<() => void> = [];
  const refresh = createListRefresh(
    () => new Promise<void>((resolve) => reads.push(resolve)),
    (run) => tasks.push(run),
  );
  const runTasks = () => {
    for (const task of tasks.splice(0)) task();
  };
  return { refresh, reads, runTasks };
}

describe('createListRefresh', () => {
  it('reads the list once for a burst of 100 host/session-updated frames', () => {
    const { refresh, reads, runTasks } = harness();
    for (let i = 0; i < 100; i += 1) refresh.request();
    expect(reads).toHaveLength(0);
    runTasks();
    expect(reads).toHaveLength(1);
  });

  it('reads once more after the read on its way when frames came meanwhile, not once per frame', async () => {
    const { refresh, reads, runTasks } = harness();
    refresh.request();
    runTasks();
    for (let i = 0; i < 20; i += 1) {
      refresh.request();
      runTasks();
    }
    expect(reads).toHaveLength(1);
    reads[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    runTasks();
    expect(reads).toHaveLength(2);
    reads[1]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    runTasks();
    expect(reads).toHaveLength(2);
  });
});
