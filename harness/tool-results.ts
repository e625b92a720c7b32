/**
 * From a tool call's outcome to its `tool/result`, in one place. A call's result is stored exactly once, one of two ways:
 * 1. the tool returns its outcome and the loop stores it ({@link CallResult.store}: stored, then streamed);
 * 2. a question tool records the user's response inside `POST /api/respond`, before the receipt: the Web provider
 *    (harness/questions.ts `respond`) calls the recorder of {@link askOptionsOf}, which turns the response into the
 *    outcome and {@link CallResult.commit}s it — the `tool/result` is stored now (`SessionLog.stage`; a failure refuses
 *    the response and the question stays) — then the provider sends `question/resolved` and runs the returned publish,
 *    which streams the `tool/result` after it. The tool returns the recorded outcome; the loop does not store it again.
 */
import type { QuestionAnswer } from '../src/core/questions/types.ts';
import type { AppendInput, SessionLog } from './log.ts';
import { questionIdOf, type AnswerRecorder } from './questions.ts';
import type { ToolContext, ToolOutcome } from './tools.ts';

/** The call a result answers: its turn and step, its `callId`, and the seq of its logged `tool/call`. */
export interface ResultOf {
  turn: number;
  step: number;
  callId: string;
  callSeq: number;
}

/**
 * The `tool/result` event of an outcome, as a real dsh host logs it: a `user` message from the tool (`source.callId`)
 * holding one tool-result block with the outcome's text and `isError`, linked to its `tool/call` by `sourceEventSeqs`.
 * @param call - the call it answers
 * @param outcome - the text and whether it is an error
 * @param messageId - the message id (minted when the result is stored)
 */
export function toolResultInput(call: ResultOf, outcome: ToolOutcome, messageId: string): AppendInput {
  return {
    type: 'tool/result',
    data: {
      turn: call.turn,
      step: call.step,
      message: {
        source: { kind: 'tool', callId: call.callId },
        content: [{ type: 'tool-result', toolCallId: call.callId, content: [{ type: 'text', text: outcome.text }], isError: outcome.isError }],
        role: 'user',
        id: messageId,
      },
    },
    surfaceOp: 'append',
    sourceEventSeqs: [call.callSeq],
  };
}

/** The one result of one running tool call. */
export interface CallResult {
  /**
   * Store the result now, before the tool returns (path 2): the tool's `context.commit`.
   * @returns the publish that streams it (run it right after `question/resolved`)
   * @throws Error when the call already has its result or its turn was cancelled; LogWriteError when it cannot be
   *   stored (nothing is stored)
   */
  commit(outcome: ToolOutcome): () => void;
  /**
   * Store and stream the outcome the tool returned (path 1), unless {@link commit} stored one already.
   * @throws LogWriteError when it cannot be stored
   */
  store(outcome: ToolOutcome): void;
}

/**
 * The result of a tool call the loop runs.
 * @param log - the session log
 * @param call - the call it answers
 * @param newId - message id source, called once, when the result is stored
 * @param signal - the turn's signal: once aborted, nothing may commit any more
 */
export function callResultOf(log: SessionLog, call: ResultOf, newId: () => string, signal: AbortSignal): CallResult {
  let committed = false;
  return {
    commit(outcome) {
      if (committed || signal.aborted) throw new Error('this tool call already has its result');
      const staged = log.stage(toolResultInput(call, outcome, newId()));
      committed = true;
      return () => void staged.publish();
    },
    store(outcome) {
      if (!committed) log.append(toolResultInput(call, outcome, newId()));
    },
  };
}

/**
 * The question options of a tool call that asks the user: its stable id ({@link questionIdOf}) and a recorder that
 * stores the call's result (`outcomeOf(response)`) through `context.commit` inside the user's response, so a response
 * that cannot be stored is refused. `recorded()` is the stored outcome once the response was recorded.
 * @param context - the tool's context (agent, call id, commit)
 * @param outcomeOf - the call's result for an answer or a dismissal (pure; side effects go in `onRecorded`)
 * @param onRecorded - runs once the outcome is stored (e.g. queue the approved exit)
 */
export function askOptionsOf(
  context: Pick<ToolContext, 'agent' | 'callId' | 'commit'>,
  outcomeOf: (response: QuestionAnswer | 'cancelled') => ToolOutcome,
  onRecorded: (response: QuestionAnswer | 'cancelled') => void = () => {},
): { id: string | undefined; record: AnswerRecorder; recorded: () => ToolOutcome | undefined } {
  let recorded: ToolOutcome | undefined;
  return {
    id: context.agent ? questionIdOf(context.agent.sessionId, context.callId) : undefined,
    record: (response) => {
      const outcome = outcomeOf(response);
      const publish = context.commit?.(outcome);
      recorded = outcome;
      onRecorded(response);
      return publish;
    },
    recorded: () => recorded,
  };
}
