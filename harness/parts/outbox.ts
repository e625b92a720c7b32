/**
 * The harness's outbox: a downlink frame leaves only once what it reports is durable (docs/protocol.md "Session log on
 * disk": acknowledged means on disk), and frames leave in the order they were sent. A frame sent while nothing waits
 * to be synced leaves at once; the others wait for the storage's `flush` (group commit: every frame sent before a sync
 * round ends leaves together after it).
 */

/** Frames held for one flush, and whether it finished. */
interface Batch {
  wait: Promise<void> | undefined;
  ready: boolean;
  deliveries: (() => void)[];
}

/** What {@link createOutbox} returns. */
export interface Outbox {
  /** Deliver now when nothing waits to be synced, else once everything stored so far is durable, in order. */
  send(deliver: () => void): void;
}

/**
 * @param flush - the storage's `flush` (`undefined`: nothing waits; a promise: resolves once durable). A rejected
 *   flush still releases its frames: the request that stored them answers the error, and the session stops writing.
 */
export function createOutbox(flush: () => Promise<void> | undefined): Outbox {
  const batches: Batch[] = [];
  const drain = (): void => {
    while (batches[0]?.ready) for (const deliver of (batches.shift() as Batch).deliveries) deliver();
  };
  return {
    send(deliver) {
      const wait = flush();
      if (wait === undefined && batches.length === 0) return deliver();
      let batch = batches.at(-1);
      if (batch === undefined || batch.wait !== wait) {
        const fresh: Batch = { wait, ready: wait === undefined, deliveries: [] };
        batches.push(fresh);
        wait?.then(
          () => {
            fresh.ready = true;
            drain();
          },
          () => {
            fresh.ready = true;
            drain();
          },
        );
        batch = fresh;
      }
      batch.deliveries.push(deliver);
      drain();
    },
  };
}
