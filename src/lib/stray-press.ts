/**
 * Stray presses: the rest of a double-click whose first click made its control go away. A click that hides what was
 * clicked (the review card's Approve, which hands its place to the composer) leaves the second press of the same
 * double-click to whatever now lies under the pointer — the composer's Send, the Approve confirm's row. That press
 * does nothing: focus stays where the first click's outcome put it (the composer), and no click reaches the control.
 */

/** Longest gap between the first click and the next press of the same double-click, in ms (the common desktop default). */
export const MULTI_PRESS_MS = 500;
/** Farthest the next press of a double-click may land from the first click, in CSS px per axis. */
export const MULTI_PRESS_SLOP_PX = 8;

/** Where and when the first click of a possible double-click was, and on what. */
export interface FirstPress {
  /** The element clicked. */
  target: Element;
  /** The click's `timeStamp` (ms, the event clock). */
  at: number;
  /** The click's viewport coordinates (CSS px). */
  x: number;
  y: number;
}

/**
 * Swallow the next press if it continues a double-click begun by `first` on another element: one that arrives within
 * {@link MULTI_PRESS_MS} of it, within {@link MULTI_PRESS_SLOP_PX} of where it was, and not on (or inside) the element
 * first clicked. Its `mousedown` is prevented (focus does not move), its `click` and `dblclick` are stopped; a disabled
 * control gets no mouse events but still takes focus from the page, so focus goes back to where it was at the press.
 * Any other press ends the watch, as does the end of the window.
 * @param first the first click (from a pointer: a keyboard's click has `detail` 0 and needs no guard)
 * @param doc where presses are watched (capture phase)
 * @returns stop watching (idempotent)
 */
export function guardStrayPress(first: FirstPress, doc: Document = first.target.ownerDocument): () => void {
  let stray = false;
  let focused: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => stop(), MULTI_PRESS_MS);
  const onPointerDown = (event: PointerEvent) => {
    const target = event.target instanceof Node ? event.target : null;
    const near = Math.abs(event.clientX - first.x) <= MULTI_PRESS_SLOP_PX && Math.abs(event.clientY - first.y) <= MULTI_PRESS_SLOP_PX;
    if (event.timeStamp - first.at > MULTI_PRESS_MS || !near || (target !== null && first.target.contains(target))) return stop();
    stray = true;
    focused = doc.activeElement;
    clearTimeout(timer);
    timer = undefined;
  };
  const onMouseDown = (event: MouseEvent) => {
    if (stray) event.preventDefault();
  };
  const swallow = (event: MouseEvent) => {
    if (!stray) return;
    event.preventDefault();
    event.stopPropagation();
  };
  const onPointerUp = () => {
    if (!stray) return;
    if (focused instanceof HTMLElement && focused.isConnected && doc.activeElement !== focused) focused.focus();
    // The press's click and dblclick follow its pointerup in the same task: stop once they are through.
    timer = setTimeout(() => stop(), 0);
  };
  const listeners = [
    ['pointerdown', onPointerDown],
    ['mousedown', onMouseDown],
    ['pointerup', onPointerUp],
    ['click', swallow],
    ['dblclick', swallow],
  ] as const;
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
  }
  return stop;
}
