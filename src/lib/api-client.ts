/**
 * Typed client for the dsh web transport's unary calls (PROTOCOL.md): POST /api/<method> envelopes and
 * POST /api/respond. It returns values or throws `ApiError`; it never shows UI (features decide how to).
 */
import { methods, type MethodName, type MethodPayload, type MethodValue } from '../core/protocol/methods.ts';
import { rpcReceiptSchema, serverResponseSchema, type RpcError, type RpcReceipt, type RpcResult } from '../core/protocol/envelopes.ts';
import type { QuestionAnswer } from '../core/questions/types.ts';

/**
 * A failed call. `code` is the host's error code (`bad-request`, `session-not-found`, …), or one of the
 * client-side codes `http-<status>` (carrier error), `network` (fetch failed), `bad-response` (unreadable answer).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(error: RpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.details = error.details;
  }
}

let counter = 0;
function mintRpcId(): string {
  counter += 1;
  const rand = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${counter}`;
  return rand;
}

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: 'network', message: error instanceof Error ? error.message : String(error) });
  }
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError({ code: `http-${response.status}`, message: text.trim() || response.statusText || `HTTP ${response.status}` });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError({ code: 'bad-response', message: `unreadable answer from ${path}` });
  }
}

/**
 * Call one unary method.
 * @param method a method of the protocol table (`session.create`, `commands/execute`, …)
 * @param payload its payload (validated by the host, not here)
 * @param signal optional abort signal
 * @returns the `value` of an `ok` result; `undefined` where the method allows it (unmatched command)
 * @throws ApiError with the host's code, or `http-<status>` / `network` / `bad-response`
 */
export async function callMethod<M extends MethodName>(method: M, payload: MethodPayload<M>, signal?: AbortSignal): Promise<MethodValue<M>> {
  const rpcId = mintRpcId();
  const raw = await post(`/api/${method}`, { type: 'client-request', rpcId, method, payload }, signal);
  const parsed = serverResponseSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError({ code: 'bad-response', message: `unreadable answer to ${method}` });
  const result = parsed.data.result as RpcResult;
  if (!result.ok) throw new ApiError(result.error);
  const value = methods[method].value.safeParse(result.value);
  if (!value.success) {
    throw new ApiError({ code: 'bad-response', message: `unexpected value for ${method}`, details: { issues: value.error.issues } });
  }
  return value.data as MethodValue<M>;
}

/**
 * Answer a pending question (upstream spec §3.3). `answer` sends `{ok:true, value:{sessionId, answer}}`;
 * `'cancelled'` sends the dismiss envelope `{ok:false, error:{code:'cancelled', …}}`.
 * @returns the host's receipt (`accepted:false` is returned, not thrown)
 * @throws ApiError on carrier or network failure
 */
export async function respondToQuestion(
  rpcId: string,
  sessionId: string,
  answer: QuestionAnswer | 'cancelled',
  signal?: AbortSignal,
): Promise<RpcReceipt> {
  const result =
    answer === 'cancelled'
      ? { ok: false, error: { code: 'cancelled', message: 'user closed this request', details: {} } }
      : { ok: true, value: { sessionId, answer } };
  const raw = await post('/api/respond', { type: 'client-response', rpcId, result }, signal);
  const parsed = rpcReceiptSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError({ code: 'bad-response', message: 'unreadable receipt from /api/respond' });
  return parsed.data;
}
