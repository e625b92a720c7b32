/**
 * `session.history` paging: a page of events ending before `beforeSeq` (or at the log's end) holding the last
 * `maxMessages` user/assistant messages with the chunks they were made from, each event with its tool view; the
 * tail page also carries the projection snapshot (docs/protocol.md "session.history").
 */
import type { SessionEvent } from '../../src/core/log/types.ts';
import type { ToolView } from '../../src/core/protocol/methods.ts';
import type { ProjectionSnapshot } from '../projections.ts';

/** Whether an event counts as a message for `session.history` paging (`maxMessages`). */
function isMessage(event: SessionEvent): boolean {
  return event.type === 'user/message' || event.type === 'assistant/message';
}

/**
 * First index of a history page ending (exclusively) at `end`: the earliest of the last `maxMessages`
 * messages and of their `sourceEventSeqs` (so a message's chunks travel with it), or 0 when there are no
 * more messages before (as captured from a real host, fixtures/dsh-frames/http-exchanges.jsonl).
 * @param events - the whole log
 * @param end - index one past the page's last event
 * @param maxMessages - messages per page; `undefined` for everything before `end`
 */
export function pageStart(events: readonly SessionEvent[], end: number, maxMessages: number | undefined): number {
  if (maxMessages === undefined) return 0;
  let count = 0;
  let start = end;
  for (let i = end - 1; i >= 0; i--) {
    const event = events[i] as SessionEvent;
    if (!isMessage(event)) continue;
    if (++count > maxMessages) return start;
    start = Math.min(i, ...(event.sourceEventSeqs ?? []).filter((seq) => seq >= 0 && seq < i));
  }
  return 0;
}

/**
 * One `session.history` answer.
 * @param events - the session's log
 * @param request - `beforeSeq` (exclusive end, clamped to the log) and `maxMessages`
 * @param viewOf - the tool view of an event, `undefined` for none
 * @param snapshot - the projection snapshot, read only for the tail page (no `beforeSeq`)
 * @returns `{events:[{event, view?}], hasMore, projections?}`
 */
export function historyPage(
  events: readonly SessionEvent[],
  request: { beforeSeq?: number | undefined; maxMessages?: number | undefined },
  viewOf: (event: SessionEvent, events: readonly SessionEvent[]) => ToolView | undefined,
  snapshot: () => ProjectionSnapshot,
) {
  const end = request.beforeSeq === undefined ? events.length : Math.min(request.beforeSeq, events.length);
  const start = pageStart(events, end, request.maxMessages);
  const page = events.slice(start, end).map((event) => {
    const view = viewOf(event, events);
    return { event, ...(view ? { view } : {}) };
  });
  return { events: page, hasMore: start > 0, ...(request.beforeSeq === undefined ? { projections: snapshot() } : {}) };
}
