/**
 * Where a turn left open at a question goes on after a restart (README "What survives a restart"): the open step's
 * tool calls, which of them have a logged `tool/call` and a `tool/result`, and whether the first unanswered one is a
 * question that may be asked again. Pure; the loop (harness/agent.ts) resumes from the point, and a turn without one
 * is closed (harness/turn-repair.ts).
 */
import { assistantContentOf, toolResultOf } from '../../src/core/log/content.ts';
import type { SessionEvent, ToolCallData } from '../../src/core/log/types.ts';
import { openStepOf } from './turns.ts';

/** A tool call of a step's `assistant/message`, with its `tool/call` event when that is logged already. */
export interface StepCall {
  id: string;
  name: string;
  arguments: string;
  logged?: SessionEvent;
}

/**
 * Where a turn left open at a question goes on after a restart: the step whose calls are not all answered, and its
 * calls from the first one without a `tool/result` (a `resumable` tool whose `tool/call` is logged) onwards.
 */
export interface ResumePoint {
  turn: number;
  step: number;
  calls: StepCall[];
}

/**
 * The tool calls of a step's `assistant/message` in order, each with its logged `tool/call` (the first one logged
 * after the message with that call id; what was logged as called is what runs again, so its name and arguments win)
 * and whether a `tool/result` for it follows the message.
 * @param events - the log
 * @param message - the step's `assistant/message` (its `seq` is its index in `events`)
 */
export function stepCallsOf(events: readonly SessionEvent[], message: SessionEvent): { call: StepCall; answered: boolean }[] {
  const calls = (assistantContentOf(message) ?? []).flatMap((block) =>
    block.type === 'tool-call' ? [{ id: block.id, name: block.name, arguments: block.arguments }] : [],
  );
  const logged = new Map<string, SessionEvent>();
  const answered = new Set<string>();
  for (let i = message.seq + 1; i < events.length; i++) {
    const event = events[i] as SessionEvent;
    if (event.type === 'tool/call') {
      const callId = (event.data as ToolCallData | null)?.callId;
      if (typeof callId === 'string' && !logged.has(callId)) logged.set(callId, event);
    } else if (event.type === 'tool/result') {
      const callId = toolResultOf(event)?.callId;
      if (callId !== undefined) answered.add(callId);
    }
  }
  return calls.map((call) => {
    const event = logged.get(call.id);
    if (!event) return { call, answered: answered.has(call.id) };
    const data = event.data as ToolCallData;
    const name = typeof data.name === 'string' ? data.name : call.name;
    const args = typeof data.arguments === 'string' ? data.arguments : call.arguments;
    return { call: { id: call.id, name, arguments: args, logged: event }, answered: answered.has(call.id) };
  });
}

/**
 * Whether a stored log stopped at a question that can be asked again: its open turn's last step has its
 * `assistant/message` but no `step/end`, the first of that message's calls without a `tool/result` has its `tool/call`
 * logged and names a resumable tool (`exit_plan_mode`, `ask_user_question`), and no later call of the step was logged
 * or answered (only the question can have been in flight; anything else means the log is not ours).
 * @param events - the log as loaded (seq = index)
 * @param isResumable - whether a tool of this name may be run again after a restart (`ToolDefinition.resumable`)
 * @returns the point to resume from, or `undefined` (no open turn, or one that cannot be resumed)
 */
export function resumePointOf(events: readonly SessionEvent[], isResumable: (name: string) => boolean): ResumePoint | undefined {
  const open = openStepOf(events);
  if (!open || open.ended || !open.message) return undefined;
  const calls = stepCallsOf(events, open.message);
  const index = calls.findIndex((entry) => !entry.answered);
  const pending = calls[index];
  if (!pending?.call.logged) return undefined;
  if (!isResumable(pending.call.name)) return undefined;
  if (calls.slice(index + 1).some((entry) => entry.call.logged || entry.answered)) return undefined;
  return { turn: open.turn, step: open.step, calls: calls.slice(index).map((entry) => entry.call) };
}
