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

/**
 * Whether nobody moved focus since `before` was read: focus is still on `before`, or fell to the page (`body`, none),
 * as it does when the focused element was hidden or taken out. A view that focuses itself after its paint does so only
 * then, so a click or a Tab in between wins.
 * @param before `document.activeElement` when the view committed
 */
export function focusStayed(before: Element | null): boolean {
  const now = document.activeElement;
  return now === before || now === null || now === document.body;
}
