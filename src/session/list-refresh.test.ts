import { describe, expect, it } from 'vitest';
import { createListRefresh, refreshForHostFrame } from './list-refresh.ts';

/** A refresh over a read whose ends the test controls and a schedule it runs by hand. */
function harness() {
  const reads: Array<() => void> = [];
  const deletedToo: boolean[] = [];
  const tasks: Array<() => void> = [];
  const refresh = createListRefresh(
    (deleted) => {
      deletedToo.push(deleted);
      return new Promise<void>((resolve) => reads.push(resolve));
    },
    (run) => tasks.push(run),
  );
  const runTasks = () => {
    for (const task of tasks.splice(0)) task();
  };
  return { refresh, reads, deletedToo, runTasks };
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

  it('reads the deleted sessions only for a burst with an add or a remove in it, also one that came during a read', async () => {
    const { refresh, reads, deletedToo, runTasks } = harness();
    for (let i = 0; i < 5; i += 1) refresh.request();
    runTasks();
    refresh.request();
    refresh.request(true);
    refresh.request();
    runTasks();
    reads[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    runTasks();
    reads[1]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    refresh.request();
    runTasks();
    expect(deletedToo).toEqual([false, true, false]);
  });

  it('asks the deleted sessions for an added or removed session, not for an updated one, and nothing for other frames', () => {
    const asked: Array<boolean | undefined> = [];
    const refresh = { request: (deletedToo?: boolean) => void asked.push(deletedToo ?? false) };
    for (const type of ['host/session-updated', 'host/session-added', 'host/session-removed', 'host/session-status', 'session/event']) {
      refreshForHostFrame(refresh, type);
    }
    expect(asked).toEqual([false, true, true]);
  });
});
