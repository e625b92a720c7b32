/**
 * Request routing of the harness (docs/protocol.md "Unary calls", docs/upstream-spec.md §4): the client-request envelope is checked,
 * its method matched against the path and the method table, the payload validated by the method's schema, and the
 * handler's value or failure wrapped in a `server-response`. `/api/respond` bodies go to the Web question provider.
 * Never throws: an internal failure is logged and answered with a generic sentence.
 */
import type { z } from '../../src/core/zod.ts';
import {
  clientRequestSchema,
  clientResponseRoutingSchema,
  INVALID_REQUEST_RPC_ID,
  type RpcError,
  type RpcReceipt,
  type ServerResponse,
} from '../../src/core/protocol/envelopes.ts';
import { summarizeIssues, tokenSchema } from '../../src/core/protocol/ids.ts';
import { isMethodName, methods, type MethodName } from '../../src/core/protocol/methods.ts';
import { LogStoppedError, LogWriteError, logWriteErrorOf } from '../log.ts';
import type { WebQuestionProvider } from '../questions.ts';
import type { Harness } from '../types.ts';
import { MethodError, INTERNAL_ERROR_MESSAGE } from './errors.ts';
import { importRefusalText, importTooLargeOf } from './import.ts';

/** One handler per unary method, given its validated payload. */
export type MethodHandlers = { [M in MethodName]: (payload: z.output<(typeof methods)[M]['payload']>, signal?: AbortSignal) => unknown };

type Handler = (payload: never, signal?: AbortSignal) => unknown;

/** Runs one method's work and wraps its value or failure in a `server-response` (see `createRouter`). */
export type Answer = (rpcId: string, method: string, run: () => unknown) => Promise<ServerResponse>;

/** Zod issues as plain JSON (code, path, message, and the issue's other fields). */
function jsonIssues(error: z.core.$ZodError): unknown[] {
  return JSON.parse(JSON.stringify(error.issues)) as unknown[];
}

const fail = (rpcId: string, code: RpcError['code'], message: string, details: Record<string, unknown> = {}): ServerResponse => ({
  type: 'server-response',
  rpcId,
  result: { ok: false, error: { code, message, details } },
});

/**
 * The harness's `handleRequest` and `handleRespond` over a method table.
 * @param handlers - one handler per method; a thrown {@link MethodError} (not `internal`) is the answer's error, a
 *   `LogStoppedError` a `log-stopped` error (`details: {sessionId, reason}`), a `LogWriteError` an `internal` error
 *   naming its cause (never a path), anything else {@link INTERNAL_ERROR_MESSAGE}
 * @param questionProvider - receives `/api/respond` bodies
 * @param logger - where internal failures are logged
 * @param durable - resolves once everything stored so far is on disk (`SessionStorage.flush`; `undefined`: nothing
 *   waits): every answer waits for it, so nothing is acknowledged before it is durable; when it fails, an answer that
 *   would have succeeded names the write failure instead
 */
export function createRouter(
  handlers: MethodHandlers,
  questionProvider: WebQuestionProvider,
  logger: { warn(message: string, ...details: unknown[]): void },
  durable: () => Promise<void> | undefined = () => undefined,
): Pick<Harness, 'hasMethod' | 'handleRequest' | 'handleRespond'> & { answer: Answer } {
  /** Wait until what the request stored is durable. @throws LogWriteError naming the sync's failure */
  const settle = async (): Promise<void> => {
    try {
      await durable();
    } catch (error) {
      throw logWriteErrorOf(error);
    }
  };
  /**
   * Run one method's work and wrap its value or failure in a `server-response` (after what it stored is durable).
   * @param rpcId - echoed in the answer
   * @param method - named in the log when it crashes
   * @param run - the work; its value (or `undefined`) is the result's `value`
   */
  const answer = async (rpcId: string, method: string, run: () => unknown): Promise<ServerResponse> => {
    try {
      const value = await run();
      await settle();
      return { type: 'server-response', rpcId, result: value === undefined ? { ok: true } : { ok: true, value } };
    } catch (error) {
      // A failure may follow events that were stored (a command's run and its error): it leaves after them too.
      await settle().catch(() => {});
      // An internal error's text may quote server paths or stack lines: it goes to the log, the client gets a
      // generic sentence. A log-write failure names its cause, never a path (harness/log.ts).
      if (error instanceof MethodError && error.code !== 'internal') return fail(rpcId, error.code, error.message, error.details);
      if (error instanceof LogStoppedError) {
        return fail(rpcId, 'log-stopped', error.message, { sessionId: error.sessionId, reason: error.stop.reason });
      }
      if (error instanceof LogWriteError) {
        logger.warn(`host: ${method} could not write the session log`, error.cause ?? error);
        return fail(rpcId, 'internal', error.message, { cause: 'log-write', ...(error.code !== undefined ? { errno: error.code } : {}) });
      }
      logger.warn(`host: ${method} crashed`, error);
      return fail(rpcId, 'internal', INTERNAL_ERROR_MESSAGE);
    }
  };
  return {
    hasMethod: (method) => isMethodName(method),

    async handleRequest(pathMethod, body, signal) {
      const envelope = clientRequestSchema.safeParse(body);
      if (!envelope.success) {
        const raw = typeof body === 'object' && body !== null ? (body as { rpcId?: unknown }).rpcId : undefined;
        // An rpcId that breaks the id limits is not echoed (it may be megabytes long).
        const rpcId = tokenSchema().safeParse(raw).success ? (raw as string) : INVALID_REQUEST_RPC_ID;
        return fail(rpcId, 'bad-request', `invalid client-request message: ${summarizeIssues(envelope.error.issues)}`, { issues: jsonIssues(envelope.error) });
      }
      const { rpcId, method, payload } = envelope.data;
      if (method !== pathMethod) {
        return fail(rpcId, 'bad-request', `method "${method}" does not match path "${pathMethod}"`, { issues: [] });
      }
      if (!isMethodName(method)) return fail(rpcId, 'bad-request', `unknown method "${method}"`, { issues: [] });
      const parsed = methods[method].payload.safeParse(payload);
      if (!parsed.success) {
        const issues = jsonIssues(parsed.error);
        const refusal = importTooLargeOf(method, parsed.error);
        if (refusal) return fail(rpcId, 'bad-request', importRefusalText(refusal), { issues, refusal });
        return fail(rpcId, 'bad-request', `invalid payload for "${method}": ${summarizeIssues(parsed.error.issues)}`, { issues });
      }
      return answer(rpcId, method, () => (handlers[method] as Handler)(parsed.data as never, signal));
    },

    answer,

    async handleRespond(body): Promise<RpcReceipt> {
      const routing = clientResponseRoutingSchema.safeParse(body);
      if (!routing.success) return { accepted: false, reason: 'bad-response', message: `invalid response: ${summarizeIssues(routing.error.issues)}` };
      let receipt: RpcReceipt;
      try {
        receipt = questionProvider.respond(body);
      } catch (error) {
        return {
          accepted: false,
          reason: 'bad-response',
          message: `the response could not be checked: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      if (!receipt.accepted) return receipt;
      // Accepted means stored and on disk: the receipt waits for the answer's line to be durable.
      try {
        await settle();
      } catch (error) {
        logger.warn('host: an answer could not be synced to the session log', error);
        return { accepted: false, reason: error instanceof Error ? error.message : String(error) };
      }
      return receipt;
    },
  };
}
