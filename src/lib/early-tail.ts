/**
 * The tail page of the session a page opens on (`#/s/<id>`), asked for by the browser entry's first module, before
 * the rest of the app is evaluated and rendered, so the host reads and sends it while the page starts. The session
 * store's first tail read of that session takes the answer (once); every other read asks afresh. Events appended
 * after this page are read again and merged by seq once `session/subscribed` says the host is further
 * (docs/protocol.md, `session/subscribed`), as for any early tail page. Free of the protocol's schemas: the answer is checked when taken.
 */
import type { ClientRequest } from '../core/protocol/envelopes.ts';
import { requestBodyLimitOf } from '../core/protocol/body-limits.ts';
import { mintRpcId, send } from './api-send.ts';

/**
 * Messages per `session.history` page (`maxMessages`, which counts user and assistant messages, not events;
 * docs/protocol.md). 40 messages of a long generated log are about 480 events, 160 KB: enough to fill the screen
 * and paint fast; older pages follow as the reader scrolls up.
 */
export const HISTORY_PAGE_MESSAGES = 40;

let early: { sessionId: string; answer: Promise<unknown> } | undefined;

/**
 * Ask for the tail page of `sessionId` now (`session.history {sessionId, maxMessages: HISTORY_PAGE_MESSAGES}`),
 * replacing any early read not yet taken.
 * @param sessionId the session in the URL
 */
export function requestEarlyTail(sessionId: string): void {
  const request: ClientRequest<{ sessionId: string; maxMessages: number }> = {
    type: 'client-request',
    rpcId: mintRpcId(),
    method: 'session.history',
    payload: { sessionId, maxMessages: HISTORY_PAGE_MESSAGES },
  };
  // Its large texts are shared as it is checked, in slices (`valueOfAnswer`).
  const answer = send('/api/session.history', JSON.stringify(request), 'application/json', requestBodyLimitOf('session.history'), undefined, false);
  // Read only when taken; a failure is the taker's (the store records it and reads again once the host is back).
  answer.catch(() => undefined);
  early = { sessionId, answer };
}

/**
 * The early answer for the page's first tail read: the answer when it is for `sessionId` and `maxMessages`, else
 * `undefined`. The first call takes or drops it either way, so a later read (a reconnect, another session opened
 * first) never gets a stale page.
 * @param sessionId the session whose tail page is wanted
 * @param maxMessages the page size asked for
 * @returns the answer as `send` resolves it (check it with `valueOfAnswer`), or `undefined`
 */
export function takeEarlyTail(sessionId: string, maxMessages: number | undefined): Promise<unknown> | undefined {
  const taken = early;
  early = undefined;
  return taken && taken.sessionId === sessionId && maxMessages === HISTORY_PAGE_MESSAGES ? taken.answer : undefined;
}

/**
 * Whether the early tail page (if one was asked for and not yet taken) holds events, that is whether the page will
 * show transcript rows at once, so their chunk can load while the page starts rather than after the page is applied.
 * Read without taking it and without checking it against the protocol (a malformed answer counts as none; the
 * store's own read reports it).
 * @returns resolves `true` when the answer is an `ok` `session.history` value with at least one event; `false` when
 *   there is no early read, it failed, or it has no events. Never rejects.
 */
export async function earlyTailHasEvents(): Promise<boolean> {
  const pending = early?.answer;
  if (pending === undefined) return false;
  try {
    const answer = (await pending) as { result?: { ok?: unknown; value?: { events?: unknown } } } | null;
    const events = answer?.result?.ok === true ? answer.result.value?.events : undefined;
    return Array.isArray(events) && events.length > 0;
  } catch {
    return false;
  }
}
