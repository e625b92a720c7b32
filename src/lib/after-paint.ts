/**
 * Run work right after the browser painted the current frame: a `requestAnimationFrame` callback runs before the
 * frame's style, layout and paint, and a task queued from it runs after them. Used for what must not delay the paint
 * of a commit (docs/style.md "Lazy views render at once": the card's own focus, a warm-up).
 */

/**
 * Call `callback` after the next paint (where `requestAnimationFrame` is missing, after a 0 ms timeout).
 * @returns cancel: the callback is not called once cancel ran (idempotent)
 */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) callback();
  };
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
