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
  /** What outlives the clicked control (the dock around the card): the watch ends once it left the page. */
  scope?: Element | undefined;
}

/** Whether `element` is still in the page and shown (not under a `hidden` ancestor, not `display: none`). */
function rendered(element: Element): boolean {
  if (!element.isConnected || element.closest('[hidden]') !== null) return false;
  return typeof element.checkVisibility !== 'function' || element.checkVisibility();
}

/**
 * Swallow the next press if it continues a double-click begun by `first` and the element first clicked is gone (hidden
 * or taken out by the click). The browser says which press continues a double-click: its `mousedown` counts 2 or more
 * (`detail`); such a press that lands within {@link MULTI_PRESS_MS} and {@link MULTI_PRESS_SLOP_PX} of the first, and
 * not on (or inside) the element first clicked, has its `mousedown` prevented (focus does not move) and its `click` and
 * `dblclick` stopped. A disabled control gets no mouse events but still takes focus from the page: when focus fell to
 * the page at such a press, it goes back where it was. Any other press ends the watch, as do the end of the window and
 * a press once `first.scope` left the page.
 * @param first the first click (from a pointer: a keyboard's click has `detail` 0 and needs no guard)
 * @param doc where presses are watched (capture phase)
 * @returns stop watching (idempotent)
 */
export function guardStrayPress(first: FirstPress, doc: Document = first.target.ownerDocument): () => void {
  // A press that may continue the double-click (pointerdown seen), then one that does (its mousedown counts 2+).
  let candidate = false;
  let stray = false;
  let focused: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => stop(), MULTI_PRESS_MS);
  const onPointerDown = (event: PointerEvent) => {
    const target = event.target instanceof Node ? event.target : null;
    const near = Math.abs(event.clientX - first.x) <= MULTI_PRESS_SLOP_PX && Math.abs(event.clientY - first.y) <= MULTI_PRESS_SLOP_PX;
    const gone = first.scope !== undefined && !first.scope.isConnected;
    const late = event.timeStamp - first.at > MULTI_PRESS_MS;
    // While the control first clicked is still shown, the press lands on what was there all along.
    if (gone || late || !near || rendered(first.target) || (target !== null && first.target.contains(target))) return stop();
    candidate = true;
    focused = doc.activeElement;
    clearTimeout(timer);
    timer = undefined;
  };
  const onMouseDown = (event: MouseEvent) => {
    if (!candidate) return;
    if (event.detail < 2) return stop();
    stray = true;
    event.preventDefault();
  };
  const swallow = (event: MouseEvent) => {
    if (!stray) return;
    event.preventDefault();
    event.stopPropagation();
  };
  const onPointerUp = () => {
    if (!candidate) return;
    const fell = doc.activeElement === null || doc.activeElement === doc.body;
    if (fell && focused instanceof HTMLElement && focused.isConnected) focused.focus();
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
