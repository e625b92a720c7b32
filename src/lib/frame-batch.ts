/**
 * Batching of live updates into display frames: the first update after a quiet spell is delivered at once (a lone
 * frame, such as a review card's question, renders in its own task); updates that follow within a frame's time are
 * held and delivered together at the next animation frame, so a burst of stream frames costs one render per display
 * frame, not one per stream frame (docs/style.md "Avoid" 5: no whole-log work per event).
 */

/** A frame's time at 60 Hz (ms): updates closer than this to the last delivery are batched. */
export const FRAME_MS = 16;
/** A held delivery runs after this long even without an animation frame (a hidden tab gets none) (ms). */
export const HELD_MAX_MS = 100;

/** Injectable clocks of {@link createFrameBatcher} (tests use fakes). */
export interface FrameBatcherOptions {
  /** Milliseconds on a monotonic clock; default `performance.now`. */
  now?: () => number;
  /** Run `fn` before the next paint; default `requestAnimationFrame` (undefined where there is none). */
  requestFrame?: ((fn: () => void) => void) | undefined;
  /** Run `fn` after `ms`; default `setTimeout`. */
  setTimer?: (fn: () => void, ms: number) => void;
}

/**
 * @param options clocks (see `FrameBatcherOptions`)
 * @returns `schedule(deliver)`: calls `deliver` now after a quiet spell of at least `FRAME_MS`, else once at the next
 * animation frame (or after `HELD_MAX_MS`) however many times it was scheduled meanwhile; `deliver` must be the same
 * function each time (the store's notify)
 */
export function createFrameBatcher(options: FrameBatcherOptions = {}): (deliver: () => void) => void {
  const now = options.now ?? (() => performance.now());
  const requestFrame = 'requestFrame' in options ? options.requestFrame : typeof requestAnimationFrame === 'function' ? requestAnimationFrame : undefined;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => void setTimeout(fn, ms));
  let last = Number.NEGATIVE_INFINITY;
  let held = false;
  return (deliver) => {
    if (held) return;
    if (now() - last >= FRAME_MS) {
      last = now();
      deliver();
      return;
    }
    held = true;
    const run = () => {
      if (!held) return;
      held = false;
      last = now();
      deliver();
    };
    requestFrame?.(run);
    setTimer(run, HELD_MAX_MS);
  };
}
