/**
 * Typed client for the dsh web transport's unary calls (docs/protocol.md): POST /api/<method> envelopes and
 * POST /api/respond. It returns values or throws `ApiError`; it never shows UI (features decide how to).
 */
import { methods, requestBodyLimitOf, type MethodName, type MethodPayload, type MethodValue } from '../core/protocol/methods.ts';
import { clientRequest, rpcReceiptSchema, serverResponseSchema, type RpcReceipt, type RpcResult } from '../core/protocol/envelopes.ts';
import type { QuestionAnswer } from '../core/questions/types.ts';
import { ApiError, mintRpcId, send } from './api-send.ts';
import { checkInSlices } from './sliced-check.ts';
import { pageClock } from './slices.ts';
import { shareTexts } from '../core/shared-text.ts';

export { ApiError };

/** A string longer than this (UTF-16 units) is serialised in slices, one task each (a 16 MB `session.import`). */
const LARGE_STRING = 1 << 20;

/** Let the browser run other tasks (input, paint) before the next slice of work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The JSON text of `value` inside a JSON string (no quotes), in UTF-8 slices of about `LARGE_STRING` units, one
 * task per slice. A slice never ends between the two halves of a surrogate pair.
 */
async function escapedSlices(value: string, out: Uint8Array<ArrayBuffer>[], encoder: TextEncoder): Promise<void> {
  for (let start = 0; start < value.length;) {
    let end = Math.min(value.length, start + LARGE_STRING);
    const last = value.charCodeAt(end - 1);
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.push(encoder.encode(JSON.stringify(value.slice(start, end)).slice(1, -1)));
    start = end;
    await yieldToBrowser();
  }
}

/**
 * A request body as UTF-8 bytes, encoded once, natively: the byte count for the limit is the body fetch sends (no
 * second encode inside fetch). Strings over `LARGE_STRING` units are serialised slice by slice in separate tasks,
 * so a 16 MB `session.import` never blocks the main thread for long. A lone surrogate counts as its U+FFFD
 * replacement, 3 bytes, as the carriers receive it.
 * @returns the parts of the body, in order, and their total length in bytes
 */
async function encodeBody(body: unknown): Promise<{ parts: Uint8Array<ArrayBuffer>[]; bytes: number }> {
  const encoder = new TextEncoder();
  const large: string[] = [];
  const marker = `\u0000large-${Math.random().toString(36).slice(2)}-`;
  const skeleton = JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value !== 'string' || value.length <= LARGE_STRING) return value;
    large.push(value);
    return `${marker}${large.length - 1}`;
  });
  const parts: Uint8Array<ArrayBuffer>[] = [];
  if (large.length === 0) {
    parts.push(encoder.encode(skeleton));
  } else {
    // The marker's NUL is written as the escape \u0000 and its suffix is random: no other text serialises to it.
    const [first, ...rest] = skeleton.split(JSON.stringify(marker).slice(1, -1));
    parts.push(encoder.encode(first!));
    for (const piece of rest) {
      const index = /^\d+/.exec(piece)![0];
      await escapedSlices(large[Number(index)]!, parts, encoder);
      parts.push(encoder.encode(piece.slice(index.length)));
    }
  }
  return { parts, bytes: parts.reduce((sum, part) => sum + part.byteLength, 0) };
}

async function post(path: string, body: unknown, signal?: AbortSignal, share = true): Promise<unknown> {
  const limit = requestBodyLimitOf(path.replace(/^\/api\//, ''));
  const { parts, bytes } = await encodeBody(body);
  // The carriers would answer 413 (docs/protocol.md "Unary calls"); say so without sending the body.
  if (bytes > limit) {
    throw new ApiError({ code: 'http-413', message: `request body too large (limit ${Math.round(limit / (1024 * 1024))} MiB)`, details: { limit } });
  }
  return send(path, parts.length === 1 ? parts[0]! : new Blob(parts), 'application/json', limit, signal, share);
}

/**
 * Call one unary method.
 * @param method a method of the protocol table (`session.create`, `commands/execute`, …)
 * @param payload its payload (validated by the host, not here)
 * @param signal optional abort signal
 * @returns the `value` of an `ok` result; `undefined` where the method allows it (unmatched command)
 * @throws ApiError with the host's code, or `http-<status>` / `network` / `bad-response`; `http-413` without sending
 *   when the request body is over the path's limit (`requestBodyLimitOf`, 1 MiB but for `session.import`). A
 *   `session-not-found` for a draft session this tab created is answered by creating it again and calling once more.
 */
export async function callMethod<M extends MethodName>(method: M, payload: MethodPayload<M>, signal?: AbortSignal): Promise<MethodValue<M>> {
  try {
    const value = await callOnce(method, payload, signal);
    if (method === 'session.create' && (payload as { draft?: unknown }).draft === true) draftSessions.add((value as { sessionId: string }).sessionId);
    return value;
  } catch (error) {
    // The host frees a draft session nobody used for a while (docs/protocol.md "session.create"); this tab still shows
    // it, so it is created again under its id, empty as it was, and the call goes once more.
    const sessionId = sessionIdOf(payload);
    if (!(error instanceof ApiError) || error.code !== 'session-not-found' || sessionId === undefined || !draftSessions.has(sessionId)) throw error;
    await callOnce('session.create', { sessionId, draft: true }, signal);
    return await callOnce(method, payload, signal);
  }
}

/** Draft sessions this tab created (`session.create {draft:true}`), by id. */
const draftSessions = new Set<string>();

/** The session a call names: `sessionId`, or the `agentId` of `commands/execute` (agent id = session id). */
function sessionIdOf(payload: unknown): string | undefined {
  const p = payload as { sessionId?: unknown; args?: { agentId?: unknown } } | null;
  const id = p?.sessionId ?? p?.args?.agentId;
  return typeof id === 'string' ? id : undefined;
}

async function callOnce<M extends MethodName>(method: M, payload: MethodPayload<M>, signal?: AbortSignal): Promise<MethodValue<M>> {
  const rpcId = mintRpcId();
  return valueOf(method, await post(`/api/${method}`, clientRequest(method, payload, rpcId), signal, SLICED_FIELDS[method] === undefined));
}

/**
 * The value of a call whose request was already sent by other means (the page's early tail read, `early-tail.ts`),
 * read exactly as `callMethod` reads its own answer.
 * @param method the method the request was for
 * @param answer the request's answer as `send` (api-send.ts) resolves it
 * @returns the `value` of an `ok` result
 * @throws ApiError as `callMethod` (the host's code, `http-<status>`, `network`, `bad-response`)
 */
export async function valueOfAnswer<M extends MethodName>(method: M, answer: Promise<unknown>): Promise<MethodValue<M>> {
  return valueOf(method, await answer);
}

/**
 * The array field of the values that can be large (a `session.history` page of a long log is thousands of events,
 * 0.5 to 3 MB): its items have their large texts shared (`shareTexts`) and are checked in slices of
 * `SLICE_MS` (`pageClock`, `slices.ts`), so one answer never costs one long task. `send` leaves these answers' texts to this.
 */
const SLICED_FIELDS: Partial<Record<MethodName, string>> = { 'session.history': 'events', 'session.list': 'items' };

/** Share the large texts of every field of `value` but `field` (whose items are shared as they are checked). */
function shareFieldsBeside(value: unknown, field: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (key !== field) record[key] = shareTexts(record[key]);
}

/**
 * The `value` of a `server-response` to `method`, checked against the method's value schema (in slices for the
 * methods of {@link SLICED_FIELDS}, with the result of a one-pass check).
 * @throws ApiError the host's error, or `bad-response` (`details.issues` names the failing fields)
 */
async function valueOf<M extends MethodName>(method: M, raw: unknown): Promise<MethodValue<M>> {
  const parsed = serverResponseSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError({ code: 'bad-response', message: `unreadable answer to ${method}` });
  const result = parsed.data.result as RpcResult;
  if (!result.ok) throw new ApiError(result.error);
  const schema = methods[method].value;
  const field = SLICED_FIELDS[method];
  if (field !== undefined) shareFieldsBeside(result.value, field);
  const value =
    field === undefined
      ? schema.safeParse(result.value)
      : await checkInSlices<MethodValue<M>>(schema as unknown as Parameters<typeof checkInSlices>[0], field, result.value, pageClock, shareTexts);
  if (!value.success) {
    const issues = 'issues' in value ? value.issues : value.error.issues;
    throw new ApiError({ code: 'bad-response', message: `unexpected value for ${method}`, details: { issues } });
  }
  return value.data as MethodValue<M>;
}

/** The streamed import route of a host with `capabilities.importStream` (docs/protocol.md "The streamed import"). */
const IMPORT_STREAM_PATH = '/api/sessions/import.jsonl';

/**
 * Import a recorded log by streaming the file's bytes to the host's streamed import route: the browser reads and
 * sends the file itself, nothing is read, copied or escaped on the main thread, and the host parses while it arrives.
 * Only for a host with `capabilities.importStream`; elsewhere call `session.import {jsonl}`.
 * @param file the chosen file, sent as it is (`application/jsonl`)
 * @param signal optional abort signal
 * @returns the `session.import` value, as `callMethod('session.import', …)` returns it for the same file
 * @throws ApiError as {@link callMethod} (a log over the import limit: `bad-request` with `details.refusal` `too-large`;
 *   a body over the route's 32 MiB: `http-413`)
 */
export async function importLogStreamed(file: Blob, signal?: AbortSignal): Promise<MethodValue<'session.import'>> {
  const raw = await send(IMPORT_STREAM_PATH, file, 'application/jsonl', requestBodyLimitOf('session.import'), signal);
  return valueOf('session.import', raw);
}

/**
 * Answer a pending question (docs/upstream-spec.md §3.3). `answer` sends `{ok:true, value:{sessionId, answer}}`;
 * `'cancelled'` sends the dismiss envelope `{ok:false, error:{code:'cancelled', …}}`.
 * @returns the host's receipt (`accepted:false` is returned, not thrown)
 * @throws ApiError on carrier or network failure
 */
export async function respondToQuestion(rpcId: string, sessionId: string, answer: QuestionAnswer | 'cancelled', signal?: AbortSignal): Promise<RpcReceipt> {
  const result =
    answer === 'cancelled'
      ? { ok: false, error: { code: 'cancelled', message: 'user closed this request', details: {} } }
      : { ok: true, value: { sessionId, answer } };
  const raw = await post('/api/respond', { type: 'client-response', rpcId, result }, signal);
  const parsed = rpcReceiptSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError({ code: 'bad-response', message: 'unreadable receipt from /api/respond' });
  return parsed.data;
}
