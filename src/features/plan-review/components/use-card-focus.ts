/**
 * Focus and room of the review card, as view state: the card takes focus when it mounts; Expand gives it the whole
 * content area and Escape gives the room back (focus returns to Expand); closing the Approve confirm without a
 * decision gives focus back to Approve; the second press of a double-click whose first click changed what is under
 * the pointer does nothing (focus stays where the first click put it).
 */
import { focusStayed, idleAfterNextPaint } from '../../../lib/after-paint.ts';
import { isComposing } from '../../../lib/keys.ts';
import { guardStrayPress } from '../../../lib/stray-press.ts';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

/**
 * The card's ref, focused when a question (`rpcId`) mounts, and again when the card shows after being hidden (an
 * answer from this tab that failed brings it back). The focus moves once the page is idle after the card's first paint
 * (`idleAfterNextPaint`): focusing forces the page's style and layout at once, which would hold the card's commit and
 * paint back (docs/style.md "Lazy views render at once"); the paint does that work anyway, so the focus after it is cheap. Focus that moved in
 * between (a click into Feedback) stays where it went.
 * @param hidden whether the card is hidden now (its answer is on its way)
 */
export function useFocusOnMount(rpcId: string, hidden = false) {
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hidden) return;
    const before = document.activeElement;
    return idleAfterNextPaint(() => {
      if (focusStayed(before)) card.current?.focus();
    });
  }, [rpcId, hidden]);
  return card;
}

/** Expanded or not, the toggle, the Expand button's ref, and the card's Escape handler that collapses it. */
export function useExpanded() {
  const [expanded, setExpanded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !expanded || isComposing(event)) return;
    event.preventDefault();
    setExpanded(false);
    button.current?.focus();
  };
  return { expanded, toggle: () => setExpanded((v) => !v), button, onKeyDown };
}

/** The Approve confirm's open state, Approve's ref, and a cancel that gives focus back to Approve once it shows again. */
export function useApproveConfirm() {
  const [confirming, setConfirming] = useState(false);
  const approve = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (confirming || !refocus.current) return;
    refocus.current = false;
    approve.current?.focus();
  }, [confirming]);
  const cancel = () => {
    refocus.current = true;
    setConfirming(false);
  };
  return { confirming, open: () => setConfirming(true), close: () => setConfirming(false), cancel, approve };
}

/**
 * The card's capture-phase click handler: a pointer click anywhere on the card guards the next press
 * (`guardStrayPress`, src/lib/stray-press.ts), so a double-click on Approve does not land its second press on the
 * composer that took the card's place (its Send: focus would fall to the page, or a draft be sent), nor on the Approve
 * confirm's row. The guard outlives the card (a `question/resolved` may unmount it between the two clicks), not the
 * dock around it, and ends by itself.
 * @returns the handler for the card's `onClickCapture`
 */
export function useStrayPressGuard(): (event: MouseEvent<HTMLElement>) => void {
  const stop = useRef<(() => void) | undefined>(undefined);
  return (event) => {
    // A keyboard's click (Enter, Space) has no second press.
    if (event.detail === 0 || !(event.target instanceof Element)) return;
    stop.current?.();
    const scope = event.currentTarget.parentElement ?? undefined;
    stop.current = guardStrayPress({ target: event.target, at: event.nativeEvent.timeStamp, x: event.clientX, y: event.clientY, scope });
  };
}
