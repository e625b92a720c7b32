/**
 * The user-question service (`ctx.userQuestions`, docs/upstream-spec.md §3.2) and its Web provider (§3.3).
 * `ask` runs the caller checks in E3 order, then delegates to the single provider. The Web provider keeps
 * pending questions keyed by their question id (= the `question/requested` frame's rpcId: the asker's stable id, e.g.
 * derived from the tool call so it survives a restart, else a minted one), settles each one exactly once (first valid
 * claimant wins) and announces every settlement with `question/resolved`. An asker may record the response before it
 * is acknowledged (a tool's result, harness/tool-results.ts): when recording fails the response is refused and the question stays.
 */
import { clientResponseSchema, type RpcReceipt } from '../src/core/protocol/envelopes.ts';
import type { QuestionAnswer, QuestionItem } from '../src/core/questions/types.ts';
import { quoteValue, validateAnswer, validateQuestions } from '../src/core/questions/validate.ts';
import { summarizeIssues } from '../src/core/protocol/ids.ts';

/** Error codes of the question service and its providers (docs/upstream-spec.md §3.2). */
export type UserQuestionErrorCode =
  | 'ASK_ABORTED'
  | 'ASK_CANCELLED'
  | 'ASK_MISSING_AGENT'
  | 'EMPTY_QUESTIONS'
  | 'CALLER_NOT_LIVE'
  | 'DELEGATED_CALLER'
  | 'BAD_INTENT'
  | 'BAD_QUESTIONS'
  | 'NO_PROVIDER'
  | 'DUPLICATE_PROVIDER';

/** A failure of `ask` or of a provider, carrying its `code` (docs/upstream-spec.md §3.2 `UserQuestionError`). */
export class UserQuestionError extends Error {
  override readonly name = 'UserQuestionError';
  constructor(
    readonly code: UserQuestionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A live agent as the engine's registry holds it. Identity matters: a stale object with the same id is
 * not live (docs/upstream-spec.md §6 item 105). `root` is false for a child owned by a live parent.
 */
export interface AgentHandle {
  readonly id: string;
  readonly sessionId: string;
  readonly root: boolean;
}

/**
 * Records a response before it is acknowledged (called synchronously inside `respond` with a valid answer, or with
 * `'cancelled'` for a dismissal). It stores what the response means (e.g. the tool result) and returns a `publish`
 * callback, run right after `question/resolved` is sent, that streams what was stored. A throw refuses the response:
 * the receipt is `{accepted:false, reason:<the error's message>}` and the question stays pending.
 */
export type AnswerRecorder = (response: QuestionAnswer | 'cancelled') => (() => void) | void;

/** One `ask` call. `agent` absent means "no calling agent" (allowed by the service, refused by the Web provider). */
export interface AskRequest {
  questions: QuestionItem[];
  agent?: AgentHandle;
  signal?: AbortSignal;
  /**
   * The question id (the `question/requested` frame's rpcId, which the client keys its drafts by). Give a stable
   * one ({@link questionIdOf}) so a question asked again after a restart keeps its id; absent → a fresh one.
   */
  id?: string;
  /** Store the response before it is acknowledged (see {@link AnswerRecorder}); absent → nothing is recorded here. */
  record?: AnswerRecorder;
}

/**
 * The stable question id of a tool call that asks the user (`exit_plan_mode`, `ask_user_question`):
 * `q:<sessionId>:<callId>`. The session is part of it because call ids repeat across sessions (a scripted model's
 * `scripted-<turn>-<step>`, a replayed recording); a restart asks the same call again under the same id, so the
 * client's feedback and answer drafts, keyed by this id, come back with it.
 * @param sessionId - the asking agent's session
 * @param callId - the `tool/call`'s `callId`
 */
export function questionIdOf(sessionId: string, callId: string): string {
  return `q:${sessionId}:${callId}`;
}

/** A question provider (one per service). Rejects with `UserQuestionError` (`ASK_CANCELLED`, `ASK_ABORTED`, …). */
export interface QuestionProvider {
  ask(request: AskRequest): Promise<QuestionAnswer>;
}

/** `ctx.userQuestions`. */
export interface UserQuestionService {
  /**
   * Ask the user. Checks, in order (docs/upstream-spec.md §3.2): aborted signal → `ASK_ABORTED`; no questions →
   * `EMPTY_QUESTIONS`; an agent that is not the registry's live instance → `CALLER_NOT_LIVE`; a live non-root →
   * `DELEGATED_CALLER`; an intent whose `approve` names no option or without `detail` → `BAD_INTENT`;
   * no provider → `NO_PROVIDER`. Then the provider's answer or rejection.
   */
  ask(request: AskRequest): Promise<QuestionAnswer>;
  /**
   * Register the single provider. @returns an idempotent disposer. @throws `DUPLICATE_PROVIDER` when one is registered.
   */
  registerProvider(provider: QuestionProvider): () => void;
}

/** Message a delegated (child) caller gets (docs/upstream-spec.md §3.2 item 4; our wording). */
export const DELEGATED_CALLER_MESSAGE =
  'this agent is a delegated child of a live parent and cannot ask the user; put the open decision in your final result instead';

/**
 * Create the question service.
 * @param isLive - whether `agent` is the registry's exact live instance for its id
 * @returns the service; no provider is registered yet
 */
export function createUserQuestionService(isLive: (agent: AgentHandle) => boolean): UserQuestionService {
  let provider: QuestionProvider | undefined;
  return {
    async ask(request) {
      if (request.signal?.aborted) throw new UserQuestionError('ASK_ABORTED', 'the question was aborted before it was asked');
      if (!Array.isArray(request.questions) || request.questions.length === 0)
        throw new UserQuestionError('EMPTY_QUESTIONS', 'ask needs at least one question');
      if (request.agent) {
        if (!isLive(request.agent)) throw new UserQuestionError('CALLER_NOT_LIVE', `agent "${request.agent.id}" is not live`);
        if (!request.agent.root) throw new UserQuestionError('DELEGATED_CALLER', DELEGATED_CALLER_MESSAGE);
      }
      const checked = validateQuestions(request.questions);
      if (!checked.ok) throw new UserQuestionError(checked.code, checked.reason);
      if (!provider) throw new UserQuestionError('NO_PROVIDER', 'no user-question provider is registered');
      return provider.ask({ ...request, questions: checked.questions });
    },
    registerProvider(next) {
      if (provider) throw new UserQuestionError('DUPLICATE_PROVIDER', 'a user-question provider is already registered');
      provider = next;
      let disposed = false;
      return () => {
        if (disposed) return;
        disposed = true;
        if (provider === next) provider = undefined;
      };
    },
  };
}

/** A pending Web question (one `question/requested` frame). */
export interface PendingQuestion {
  rpcId: string;
  sessionId: string;
  questions: QuestionItem[];
}

/** Options of the Web provider. */
export interface WebQuestionProviderOptions {
  /** Mints the question id (a UUID), used as the frame rpcId. */
  newId: () => string;
  /** Push a mux frame payload with the given frame rpcId (`question/requested`) or a fresh one (`undefined`). */
  send: (payload: { type: string; [key: string]: unknown }, rpcId?: string) => void;
}

/** The Web provider plus the `respond` side and the replay list for reopening muxes. */
export interface WebQuestionProvider extends QuestionProvider {
  /**
   * Settle a pending question from a `POST /api/respond` body (docs/upstream-spec.md §3.3). Never throws.
   * @returns `{accepted:true}`, or `{accepted:false, reason:'not-pending'}` for an unknown/settled id, or
   *   `'bad-response'` for a malformed body, a different sessionId, an answer `validateAnswer` rejects, or an
   *   error code other than `cancelled` (both with a `message` naming the field and why, e.g. `answers[0].selected[0]:
   *   "Aprove" is not an option of item "plan-review"`), or the recorder's error message (e.g. `could not write the session log:
   *   ENOSPC no space left on device`) when the response could not be recorded (the question stays pending)
   */
  respond(body: unknown): RpcReceipt;
  /** Pending questions in ask order (re-sent on every `openMux`). */
  pending(): PendingQuestion[];
  /** Abort every pending question (harness close): each gets `question/resolved cancelled` and `ASK_ABORTED`. */
  abortAll(): void;
}

interface Entry extends PendingQuestion {
  record: AnswerRecorder | undefined;
  resolve: (answer: QuestionAnswer) => void;
  reject: (error: UserQuestionError) => void;
  cleanup: () => void;
}

/**
 * Create the harness's Web provider (docs/upstream-spec.md §3.3).
 * @param options - id minting and the mux sender
 */
export function createWebQuestionProvider(options: WebQuestionProviderOptions): WebQuestionProvider {
  const entries = new Map<string, Entry>();

  const settle = (entry: Entry, outcome: 'answered' | 'cancelled'): void => {
    entries.delete(entry.rpcId);
    entry.cleanup();
    options.send({ type: 'question/resolved', sessionId: entry.sessionId, questionRpcId: entry.rpcId, outcome });
  };

  /** Record the response (refusing it when that throws), then settle, then publish what was recorded. */
  const recordThen = (entry: Entry, response: QuestionAnswer | 'cancelled', settleEntry: () => void): RpcReceipt => {
    let publish: (() => void) | void;
    try {
      publish = entry.record?.(response);
    } catch (error) {
      return { accepted: false, reason: error instanceof Error ? error.message : String(error) };
    }
    try {
      settleEntry();
    } finally {
      publish?.();
    }
    return { accepted: true };
  };

  return {
    ask(request) {
      const agent = request.agent;
      if (!agent) return Promise.reject(new UserQuestionError('ASK_MISSING_AGENT', 'the web question provider needs a calling agent'));
      if (request.signal?.aborted) return Promise.reject(new UserQuestionError('ASK_ABORTED', 'the question was aborted before the user answered'));
      return new Promise<QuestionAnswer>((resolve, reject) => {
        // Never two pending questions under one id: a taken id (the same call asked twice at once) gets a fresh one.
        const rpcId = request.id !== undefined && request.id !== '' && !entries.has(request.id) ? request.id : options.newId();
        const signal = request.signal;
        const onAbort = (): void => {
          const entry = entries.get(rpcId);
          if (!entry) return;
          settle(entry, 'cancelled');
          reject(new UserQuestionError('ASK_ABORTED', 'the question was aborted before the user answered'));
        };
        const entry: Entry = {
          rpcId,
          sessionId: agent.sessionId,
          questions: request.questions,
          record: request.record,
          resolve,
          reject,
          cleanup: () => signal?.removeEventListener('abort', onAbort),
        };
        entries.set(rpcId, entry);
        signal?.addEventListener('abort', onAbort, { once: true });
        options.send({ type: 'question/requested', sessionId: agent.sessionId, questions: request.questions }, rpcId);
      });
    },

    respond(body) {
      const rpcId = typeof body === 'object' && body !== null ? (body as { rpcId?: unknown }).rpcId : undefined;
      const entry = typeof rpcId === 'string' ? entries.get(rpcId) : undefined;
      if (!entry) {
        return {
          accepted: false,
          reason: 'not-pending',
          message:
            typeof rpcId === 'string'
              ? `rpcId: ${quoteValue(rpcId)} names no pending question (never asked, or already answered or cancelled)`
              : 'rpcId: missing (the rpcId of the question/requested frame)',
        };
      }
      const parsed = clientResponseSchema.safeParse(body);
      if (!parsed.success) return { accepted: false, reason: 'bad-response', message: `invalid response: ${summarizeIssues(parsed.error.issues)}` };
      const result = parsed.data.result;
      if (!result.ok) {
        if (result.error.code !== 'cancelled') {
          return {
            accepted: false,
            reason: 'bad-response',
            message: `result.error.code: ${quoteValue(result.error.code)} is not "cancelled", the only error an answer may carry`,
          };
        }
        return recordThen(entry, 'cancelled', () => {
          settle(entry, 'cancelled');
          entry.reject(new UserQuestionError('ASK_CANCELLED', 'the user dismissed the question'));
        });
      }
      const value = result.value as { sessionId?: unknown; answer?: unknown } | undefined;
      if (typeof value !== 'object' || value === null) {
        return { accepted: false, reason: 'bad-response', message: 'result.value: expected {sessionId, answer}' };
      }
      if (value.sessionId !== entry.sessionId) {
        return {
          accepted: false,
          reason: 'bad-response',
          message: `result.value.sessionId: ${quoteValue(value.sessionId ?? null)} is not the session of question ${quoteValue(entry.rpcId)}`,
        };
      }
      const checked = validateAnswer(entry.questions, value.answer);
      if (!checked.ok) return { accepted: false, reason: 'bad-response', message: checked.reason };
      const answer = checked.answer;
      return recordThen(entry, answer, () => {
        settle(entry, 'answered');
        entry.resolve(answer);
      });
    },

    pending() {
      return [...entries.values()].map(({ rpcId, sessionId, questions }) => ({ rpcId, sessionId, questions }));
    },

    abortAll() {
      for (const entry of [...entries.values()]) {
        settle(entry, 'cancelled');
        entry.reject(new UserQuestionError('ASK_ABORTED', 'the question was aborted before the user answered'));
      }
    },
  };
}
