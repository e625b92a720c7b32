/**
 * A downlink double for session-store tests: `connect` hands the store's handlers to the test (in `box`), which calls
 * them directly to play sockets opening, frames and reconnects; nothing is sent anywhere.
 */
import type { Downlink, DownlinkHandlers } from '../src/lib/downlink.ts';

/**
 * Make one downlink double.
 * @returns `box.handlers` (set once the store connects) and the `connect` option to give the store
 */
export function fakeConnect(): { box: { handlers?: DownlinkHandlers }; connect: (handlers: DownlinkHandlers) => Downlink } {
  const box: { handlers?: DownlinkHandlers } = {};
  const connect = (handlers: DownlinkHandlers): Downlink => {
    box.handlers = handlers;
    return { state: 'connecting', malformedCount: 0, close: () => undefined };
  };
  return { box, connect };
}
