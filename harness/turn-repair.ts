/**
 * Closing a turn nothing can go on with (a restart found it open and it waits on no question, a shutdown, a fork),
 * so the log stays a valid dsh log a model can be given again (README "What survives a restart"). Where such a turn
 * stands is read by the folds of harness/folds/; what is written here is only what a real dsh host would have logged
 * to end it.
 */
import type { SessionLog } from './log.ts';
import { stepCallsOf } from './folds/resume.ts';
import { openStepOf, openTurnOf } from './folds/turns.ts';
import { toolResultInput } from './tool-results.ts';
import { toolError } from './tools.ts';

/** The `turn/end` reason of a turn a restart found open without a question to resume (a reason dsh already has). */
export const SERVER_STOPPED = { kind: 'error', message: 'the server stopped during this turn' } as const;
/** The result of a tool call a restart found without a result (not a question, so it is not run again). */
export const TOOL_STOPPED_TEXT = 'the server stopped before this tool finished';

/**
 * Close the log's open turn: when the open step has its model output, each of its calls without a result gets its
 * `tool/call` (if missing) and an error `tool/result` ({@link TOOL_STOPPED_TEXT} after a restart, else the reason's
 * message), then `step/end`; then `turn/end` with `reason` (default {@link SERVER_STOPPED}, an `error` reason as dsh
 * logs one).
 * @param log - the session log
 * @param newId - message id source
 * @param reason - the `turn/end` reason
 * @returns whether a turn was closed
 * @throws LogWriteError when the log cannot be written (what was stored stays; the rest is done at the next start)
 */
export function closeInterruptedTurn(log: SessionLog, newId: () => string, reason: { kind: string; message?: string } = SERVER_STOPPED): boolean {
  const turn = openTurnOf(log.events);
  if (turn === undefined) return false;
  const open = openStepOf(log.events);
  if (open && !open.ended && open.message) {
    const text = reason === SERVER_STOPPED ? TOOL_STOPPED_TEXT : (reason.message ?? TOOL_STOPPED_TEXT);
    for (const { call, answered } of stepCallsOf(log.events, open.message)) {
      if (answered) continue;
      const callEvent =
        call.logged ?? log.append({ type: 'tool/call', data: { turn, step: open.step, callId: call.id, name: call.name, arguments: call.arguments } });
      log.append(toolResultInput({ turn, step: open.step, callId: call.id, callSeq: callEvent.seq }, toolError(text), newId()));
    }
    log.append({ type: 'step/end', data: { turn, step: open.step } });
  }
  log.append({ type: 'turn/end', data: { turn, reason } });
  return true;
}
