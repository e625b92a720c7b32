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
 * Call `callback` once the browser is idle after the next paint: a `requestAnimationFrame` callback, then an idle
 * callback bounded by `timeoutMs`. Unlike {@link afterNextPaint}, the frame's own follow-up tasks (the paint's
 * message, input, a stream frame) run first; for what may wait a moment after a card shows (its focus, the
 * sidebar's badges), so that it holds neither the card's commit nor the task right after its paint. Where
 * `requestIdleCallback` is missing, a timeout of `fallbackMs` stands in for it (and for the frame without
 * `requestAnimationFrame`).
 * @param timeoutMs longest wait for an idle moment once the frame ran (ms; default 100)
 * @param fallbackMs the wait that stands in for the idle moment where `requestIdleCallback` is missing (ms; default 0)
 * @returns cancel: the callback is not called once cancel ran (idempotent)
 */
export function idleAfterNextPaint(callback: () => void, timeoutMs = 100, fallbackMs = 0): () => void {
  let cancelled = false;
  let frame: number | undefined;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) callback();
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: timeoutMs });
    else timer = setTimeout(run, fallbackMs);
  };
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(whenIdle);
  else whenIdle();
  return () => {
    cancelled = true;
    if (frame !== undefined && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/**
 * Whether nobody moved focus since `before` was read: focus is still on `before`, or fell to the page (`body`, none),
 * or is on an element that is no longer rendered (hidden: what the view replaced, such as the composer a review card
 * hides; the browser moves such focus to the page only in a later task, so whether it did yet is a matter of timing).
 * A view that focuses itself after its paint does so only then, so a click or a Tab in between wins.
 * @param before `document.activeElement` when the view committed
 */
export function focusStayed(before: Element | null): boolean {
  const now = document.activeElement;
  if (now === before || now === null || now === document.body) return true;
  return now.closest('[hidden]') !== null || (typeof now.checkVisibility === 'function' && !now.checkVisibility());
}
