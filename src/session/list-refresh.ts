/**
 * One `session.list` read per burst of host frames that change the list (`host/session-added`, `-removed`,
 * `-updated`, docs/protocol.md "Downlink"): requests within one task are one read, and requests while a read is on its
 * way are one more read after it, never a cancelled and restarted read per frame.
 */

/** What {@link createListRefresh} returns. */
export interface ListRefresh {
  /** The list changed on the host: read it again (once for the burst this request is part of). */
  request(): void;
}

/**
 * @param read - reads the list again (the provider: `invalidateQueries` of the session-list key without cancelling a
 *   read on its way); its promise settles when the read ended, either way
 * @param schedule - runs its callback after the frames already queued (`nextTask`, `src/lib/slices.ts`)
 */
export function createListRefresh(read: () => Promise<unknown>, schedule: (run: () => void) => void): ListRefresh {
  let scheduled = false;
  let reading = false;
  let again = false;
  const run = (): void => {
    scheduled = false;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    void read()
      .catch(() => undefined)
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          request();
        }
      });
  };
  function request(): void {
    if (scheduled) return;
    scheduled = true;
    schedule(run);
  }
  return { request };
}
