/**
 * The carrier checks of a unary `/api` call, decided once for both carriers (server/http.ts and the MSW adapter in
 * mocks/handlers.ts; PROTOCOL.md "Unary calls"): content type (415), body size (413, harness/limits.ts), JSON
 * nesting depth (400 naming the limit, checked by a linear scan before parsing so no parser or later walk can
 * overflow the stack) and JSON syntax (400). Pure; nothing here throws.
 */
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../src/core/json-depth.ts';
import { MAX_BODY_BYTES, tooLargeText } from './limits.ts';

/** Deepest nesting of arrays and objects a request body may have (src/core/json-depth.ts). */
export { MAX_JSON_DEPTH };

/** A carrier refusal: HTTP status and a plain-text body naming the rule. */
export interface CarrierRefusal {
  status: 400 | 413 | 415;
  text: string;
  /** Extra response headers (e.g. `connection: close` after an oversized body). */
  headers?: Record<string, string>;
}

/** A parsed body, or the refusal to send instead. */
export type CarrierBody = { ok: true; body: unknown } | { ok: false; refusal: CarrierRefusal };

/**
 * Refuse a request whose `Content-Type` is not `application/json` (parameters such as `charset` allowed).
 * @param value the header value, `undefined` when absent
 * @returns the 415 refusal, or `undefined` when the type is JSON
 */
export function contentTypeRefusal(value: string | undefined | null): CarrierRefusal | undefined {
  const type = (value ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' ? undefined : { status: 415, text: 'content type must be application/json' };
}

/**
 * The 413 refusal of a body over `limit` bytes.
 * @param limit the path's limit in bytes (`bodyLimitOf`)
 */
export function tooLargeRefusal(limit: number = MAX_BODY_BYTES): CarrierRefusal {
  return { status: 413, text: tooLargeText(limit), headers: { connection: 'close' } };
}

/**
 * Check and parse a body that is already within its size limit: nesting over {@link MAX_JSON_DEPTH} is a 400
 * naming the limit; text that is not JSON is a 400.
 * @param text the whole body, decoded as UTF-8
 * @returns the parsed value or the refusal
 */
export function parseJsonBody(text: string): CarrierBody {
  if (exceedsJsonDepth(text)) {
    return { ok: false, refusal: { status: 400, text: `body is nested too deeply (limit ${MAX_JSON_DEPTH} levels of arrays and objects)` } };
  }
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, refusal: { status: 400, text: 'body is not JSON' } };
  }
}

/**
 * All carrier checks for an adapter that holds the whole body (the MSW adapter): content type, size, depth, JSON.
 * @param contentType the `Content-Type` header
 * @param text the body
 * @param limit the path's body limit in bytes (`bodyLimitOf`)
 * @returns the parsed body or the refusal
 */
export function checkJsonBody(contentType: string | undefined | null, text: string, limit: number): CarrierBody {
  const type = contentTypeRefusal(contentType);
  if (type !== undefined) return { ok: false, refusal: type };
  if (new TextEncoder().encode(text).byteLength > limit) return { ok: false, refusal: tooLargeRefusal(limit) };
  return parseJsonBody(text);
}

/**
 * The HTTP status of a unary answer: 200 for a result, and for an error envelope the status its code stands for, so
 * an invalid request is a 4xx on ui-plan's own carriers while the body stays the protocol's `server-response`
 * envelope (a real dsh host answers 200 for every well-formed call, PROTOCOL.md "Unary calls"; the client reads the
 * envelope either way). `bad-request` → 400, `session-not-found` → 404, `internal` → 500, other codes → 200.
 * @param answer the engine's answer (`{result:{ok, error?:{code}}}`; anything else is 200)
 * @returns the status to send
 */
export function statusOfAnswer(answer: unknown): number {
  const result = (answer as { result?: { ok?: unknown; error?: { code?: unknown } } } | null)?.result;
  if (!result || result.ok !== false) return 200;
  const code = result.error?.code;
  if (code === 'bad-request') return 400;
  if (code === 'session-not-found') return 404;
  if (code === 'internal') return 500;
  return 200;
}

/**
 * The HTTP status of a `/api/respond` receipt (upstream spec §3.3 reasons): 200 accepted, 400 `bad-response` (the
 * answer does not fit the question, or the body is not a `client-response`), 404 `not-pending` (no such question, or
 * already settled), 500 any other reason (the answer could not be recorded; the question stays pending).
 * @param receipt the engine's receipt
 * @returns the status to send
 */
export function statusOfReceipt(receipt: { accepted: boolean; reason?: string }): number {
  if (receipt.accepted) return 200;
  if (receipt.reason === 'bad-response') return 400;
  if (receipt.reason === 'not-pending') return 404;
  return 500;
}
