/**
 * One `session.list` read per burst of host frames that change the list (`host/session-added`, `-removed`,
 * `-updated`, docs/protocol.md "Downlink"): requests within one task are one read, and requests while a read is on its
 * way are one more read after it, never a cancelled and restarted read per frame. The deleted sessions
 * (`session.listDeleted`) are read with it only when a request of the burst may have changed them (a session added
 * or removed); a `host/session-updated` (a title, the running state) leaves them alone.
 */

/** What {@link createListRefresh} returns. */
export interface ListRefresh {
  /**
   * The list changed on the host: read it again (once for the burst this request is part of).
   * @param deletedToo the deleted sessions may have changed too (a session added or removed): read them as well
   */
  request(deletedToo?: boolean): void;
}

/**
 * @param read - reads the list again, and the deleted sessions when `deletedToo` (the provider: `invalidateQueries` of
 *   the session-list key, exact or with the keys under it, without cancelling a read on its way); its promise settles
 *   when the read ended, either way
 * @param schedule - runs its callback after the frames already queued (`nextTask`, `src/lib/slices.ts`)
 */
export function createListRefresh(read: (deletedToo: boolean) => Promise<unknown>, schedule: (run: () => void) => void): ListRefresh {
  let scheduled = false;
  let reading = false;
  let again = false;
  // Whether a request not yet read asked for the deleted sessions too.
  let deletedWanted = false;
  const run = (): void => {
    scheduled = false;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    const deletedToo = deletedWanted;
    deletedWanted = false;
    void read(deletedToo)
      .catch(() => undefined)
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          request();
        }
      });
  };
  function request(deletedToo = false): void {
    if (deletedToo) deletedWanted = true;
    if (scheduled) return;
    scheduled = true;
    schedule(run);
  }
  return { request };
}

/**
 * Request a refresh for a host frame when it changes the list (docs/protocol.md "Downlink"): `host/session-updated`
 * the list alone, `host/session-added` and `-removed` the deleted sessions too; any other frame asks nothing.
 * @param refresh the page's list refresh
 * @param type the host frame's `type`
 */
export function refreshForHostFrame(refresh: ListRefresh, type: string): void {
  if (type === 'host/session-updated') refresh.request();
  else if (type === 'host/session-added' || type === 'host/session-removed') refresh.request(true);
}
