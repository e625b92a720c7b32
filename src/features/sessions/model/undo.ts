/**
 * The Undo offer after a delete: the deleted session is offered for Undo for `UNDO_MS`, a newer delete replaces the
 * offer (and restarts the time), and taking the offer (Undo) or its expiry ends it. The log waits in the server's trash
 * either way, so an offer that expires or a closed tab loses nothing. Framework-free; the timers are injectable.
 */

/** How long a deleted session's Undo stays offered, in ms. */
export const UNDO_MS = 8000;

/** The timer functions the window uses (the global ones by default; tests pass fakes). */
export interface UndoTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** An Undo offer of one entry at a time. */
export interface UndoWindow<T> {
  /** The entry offered now, undefined when none. */
  offered(): T | undefined;
  /** Offer `entry` for `ms`, replacing any earlier offer. */
  offer(entry: T): void;
  /** Take the offer (Undo was pressed): returns it and ends it; undefined when none is left. */
  take(): T | undefined;
  /** End the offer without taking it (and stop its timer). */
  stop(): void;
}

/** The global timers, looked up at each call (so fake timers installed later are used). */
const GLOBAL_TIMERS: UndoTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * @param onChange called with the entry offered after every change (undefined when the offer ended)
 * @param ms how long an offer lasts (default `UNDO_MS`)
 * @param timers `setTimeout` / `clearTimeout` (default the global ones)
 */
export function createUndoWindow<T>(onChange: (offered: T | undefined) => void, ms = UNDO_MS, timers: UndoTimers = GLOBAL_TIMERS): UndoWindow<T> {
  let current: T | undefined;
  let timer: unknown;
  const end = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    const had = current !== undefined;
    current = undefined;
    if (had) onChange(undefined);
  };
  return {
    offered: () => current,
    offer(entry) {
      if (timer !== undefined) timers.clearTimeout(timer);
      current = entry;
      timer = timers.setTimeout(end, ms);
      onChange(entry);
    },
    take() {
      const taken = current;
      end();
      return taken;
    },
    stop: end,
  };
}
