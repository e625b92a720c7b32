/**
 * Typed client for the dsh web transport's unary calls (PROTOCOL.md): POST /api/<method> envelopes and
 * POST /api/respond. It returns values or throws `ApiError`; it never shows UI (features decide how to).
 */
import { methods, requestBodyLimitOf, type MethodName, type MethodPayload, type MethodValue } from '../core/protocol/methods.ts';
import { rpcReceiptSchema, serverResponseSchema, type RpcError, type RpcReceipt, type RpcResult } from '../core/protocol/envelopes.ts';
import type { QuestionAnswer } from '../core/questions/types.ts';

/**
 * A failed call. `code` is the host's error code (`bad-request`, `session-not-found`, …), or one of the
 * client-side codes `http-<status>` (carrier error), `network` (fetch failed), `bad-response` (unreadable answer).
 * An `http-413` carries `details.limit`, the path's body limit in bytes (also when the client refused to send).
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

/** UTF-8 length of `text`, in bytes, without encoding it. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character: 2 + 2 over its two units; a lone surrogate encodes as 3 (U+FFFD).
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) bytes += 2;
    else if (unit >= 0xdc00 && unit <= 0xdfff && i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const limit = requestBodyLimitOf(path.replace(/^\/api\//, ''));
  const text = JSON.stringify(body);
  // The carriers would answer 413 (PROTOCOL.md "Unary calls"); say so without sending the body.
  if (utf8Bytes(text) > limit) {
    throw new ApiError({ code: 'http-413', message: `request body too large (limit ${Math.round(limit / (1024 * 1024))} MiB)`, details: { limit } });
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ code: 'network', message: error instanceof Error ? error.message : String(error) });
  }
  const answer = await response.text();
  if (!response.ok) {
    // ui-plan's own carriers answer an invalid call with a 4xx whose body is still the protocol's envelope or receipt
    // (harness/carrier.ts); the caller reads it as from a 200. Anything else is a carrier error.
    const envelope = envelopeIn(answer);
    if (envelope !== undefined) return envelope;
    throw new ApiError({
      code: `http-${response.status}`,
      message: answer.trim() || response.statusText || `HTTP ${response.status}`,
      ...(response.status === 413 ? { details: { limit } } : {}),
    });
  }
  try {
    return JSON.parse(answer) as unknown;
  } catch {
    throw new ApiError({ code: 'bad-response', message: `unreadable answer from ${path}` });
  }
}

/** A JSON `server-response` envelope or `/api/respond` receipt in an answer's text, else `undefined`. */
function envelopeIn(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as { type?: unknown }).type === 'server-response' || typeof (value as { accepted?: unknown }).accepted === 'boolean' ? value : undefined;
}

/**
 * Call one unary method.
 * @param method a method of the protocol table (`session.create`, `commands/execute`, …)
 * @param payload its payload (validated by the host, not here)
 * @param signal optional abort signal
 * @returns the `value` of an `ok` result; `undefined` where the method allows it (unmatched command)
 * @throws ApiError with the host's code, or `http-<status>` / `network` / `bad-response`; `http-413` without sending
 *   when the request body is over the path's limit (`requestBodyLimitOf`, 1 MiB but for `session.import`)
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
