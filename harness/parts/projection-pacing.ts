/**
 * Pacing of a session's paced projection frames (`todos`, `progress`: whole values the page replaces, that nothing
 * waits on): the first change after a quiet window leaves at once, later changes within {@link PROJECTION_PACE_MS}
 * are held, and one frame per held unit, its newest value with the seq of its newest change, leaves when the window
 * ends (docs/protocol.md "session/projection"). A burst of `todo_write` calls then costs a frame per window, not a
 * frame per call. Values are built only when a frame leaves.
 */

/** The units whose frames are paced; every other unit's change leaves with its event. */
export const PACED_KEYS: ReadonlySet<string> = new Set(['todos', 'progress']);

/** The pacing window (ms): at most one frame per paced unit and session leaves within it, after the first. */
export const PROJECTION_PACE_MS = 100;

/** What {@link createProjectionPacer} returns. */
export interface ProjectionPacer<K extends string = string> {
  /** A paced unit changed at `seq`: its frame leaves now (window quiet) or when the window ends. */
  changed(key: K, seq: number): void;
  /** Send what is held now and end the window (e.g. before the session goes away). */
  flush(): void;
  /** Drop what is held and the window's timer. */
  dispose(): void;
}

/**
 * @param send - sends one frame of `key`, its value read when called, with `seq`
 * @param paceMs - the window (default {@link PROJECTION_PACE_MS})
 */
export function createProjectionPacer<K extends string>(send: (key: K, seq: number) => void, paceMs = PROJECTION_PACE_MS): ProjectionPacer<K> {
  const held = new Map<K, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = (): void => {
    timer = setTimeout(windowEnd, paceMs);
    // A held frame never keeps a Node process alive on its own (the harness may be closing).
    (timer as { unref?: () => void }).unref?.();
  };
  const sendHeld = (): void => {
    const due = [...held];
    held.clear();
    for (const [key, seq] of due) send(key, seq);
  };
  function windowEnd(): void {
    timer = undefined;
    if (held.size === 0) return;
    sendHeld();
    open();
  }
  return {
    changed(key, seq) {
      if (timer === undefined) {
        send(key, seq);
        open();
        return;
      }
      held.delete(key); // re-inserted last: frames leave in the order of their newest change
      held.set(key, seq);
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      sendHeld();
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      held.clear();
    },
  };
}
