/**
 * Going to what waits: select its session (the URL hash) and put keyboard focus on its card in the dock — the plan
 * review card (a focusable region), else the question flow's first control — as soon as the card is in the page.
 * Waits for it with a MutationObserver, bounded in time; a card that never comes (answered meanwhile) leaves focus alone.
 */
import { selectSession } from '../../lib/route.ts';

/** How long to wait for the card of a session just selected (its history and the card's chunk may still load), ms. */
const CARD_WAIT_MS = 15_000;

/** The waiting card of the shown session, if it is in the page. */
function cardTarget(): HTMLElement | undefined {
  const review = document.querySelector<HTMLElement>('.dock .plan-review');
  if (review) return review;
  return document.querySelector<HTMLElement>('.dock .question-flow :is(input, textarea, button):not(:disabled)') ?? undefined;
}

let stopWaiting: (() => void) | undefined;

/**
 * Show a session and focus its waiting card.
 * @param sessionId the session whose review or question waits
 * @param focusCard false for what has no card here (a dsh host's tool-permission prompt): only show the session
 */
export function openWaiting(sessionId: string, focusCard = true): void {
  stopWaiting?.();
  selectSession(sessionId);
  if (!focusCard) return;
  const now = shownCard(sessionId);
  if (now) {
    now.focus();
    return;
  }
  const observer = new MutationObserver(() => {
    const target = shownCard(sessionId);
    if (target) {
      stop();
      target.focus();
    }
  });
  const timer = setTimeout(() => stop(), CARD_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    stopWaiting = undefined;
  };
  stopWaiting = stop;
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * The waiting card once the view of `sessionId` is the one in the page (the session view is keyed by session and its
 * transcript panel carries the id, src/app/session-view.tsx), never the card of the session being left.
 */
function shownCard(sessionId: string): HTMLElement | undefined {
  return document.getElementById(`panel-transcript-${sessionId}`) ? cardTarget() : undefined;
}
