/**
 * The carrier checks of an `/api` request, decided once for both carriers (server/http.ts and the MSW adapter in
 * mocks/handlers.ts; docs/protocol.md "Unary calls"): the route (426 a downlink path without an upgrade, 404 an unknown
 * method, 405 a verb other than POST), content type (415), body size (413, carrier/limits.ts), JSON nesting depth
 * (400 naming the limit, checked by a linear scan before parsing so no parser or later walk can overflow the stack)
 * and JSON syntax (400). Every refusal's status, plain-text body and headers come from here, so the two carriers
 * answer a bad request byte for byte alike. Pure; nothing here throws.
 */
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../src/core/json-depth.ts';
import { bodyLimitOf, MAX_BODY_BYTES, tooLargeText } from './limits.ts';

/** Deepest nesting of arrays and objects a request body may have (src/core/json-depth.ts). */
export { MAX_JSON_DEPTH };

/** Path of the mux downlink: session frames of every attached session (docs/protocol.md "Downlink"). */
export const MUX_PATH = '/api/events.mux';
/** Path of the host downlink: host frames (docs/protocol.md "Downlink"). */
export const HOST_PATH = '/api/events.host';

/** The plain-text bodies of the carrier's refusals that are not about the body (which name their rule inline). */
export const CARRIER_TEXTS = {
  badRequest: 'bad request',
  forbidden: 'forbidden',
  unauthorized: 'unauthorized: pair this device first (Pair a phone, on the computer running ui-plan)',
  notFound: 'not found',
  methodNotAllowed: 'method not allowed',
  upgradeRequired: 'upgrade required',
  contentType: 'content type must be application/json',
  notJson: 'body is not JSON',
  internal: 'internal server error',
} as const;

/** Headers of every plain-text carrier answer (refusals, 403, 500): never cached, never sniffed. */
export const PLAIN_TEXT_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** Headers of every JSON answer of an `/api` call. */
export const JSON_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** A carrier refusal: HTTP status and a plain-text body naming the rule. */
export interface CarrierRefusal {
  status: 400 | 403 | 404 | 405 | 413 | 415 | 426 | 500;
  text: string;
  /** Extra response headers (e.g. `connection: close` after an oversized body, `allow: POST` with a 405). */
  headers?: Record<string, string>;
}

/** Where an accepted `/api` request goes: `/api/respond`, or a unary method; with the body limit of its path in bytes. */
export type ApiRoute = { kind: 'respond'; limit: number } | { kind: 'call'; method: string; limit: number };

/** The facts of an `/api` request a carrier has before reading its body. */
export interface ApiRequestHead {
  /** The HTTP verb, e.g. `POST`. */
  verb: string;
  /** The URL path as received (not decoded: a percent-escaped method name is not a method), starting `/api`. */
  pathname: string;
  /** The `Content-Type` header, `undefined`/`null` when absent. */
  contentType: string | undefined | null;
}

/**
 * Whether a request path is the harness's: `/api` or under `/api/` (docs/protocol.md "Unary calls"). Both adapters
 * route on it; a path that merely contains `/api/` (e.g. a dev server's `/src/features/<name>/api/….ts`) is not.
 * @param pathname the URL's path, e.g. `/api/session.list`
 */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Route an `/api` request before its body is read, in this order: a downlink path (426, it needs a WebSocket
 * upgrade), an unknown method (404), a verb other than POST (405 with `allow: POST`), a content type other than
 * `application/json` (415).
 * @param head the verb, path and content type
 * @param hasMethod whether the engine has a unary method of that name (`Harness.hasMethod`)
 * @returns the route with its body limit, or the refusal to send
 */
export function routeApiRequest(
  head: ApiRequestHead,
  hasMethod: (method: string) => boolean,
): { ok: true; route: ApiRoute } | { ok: false; refusal: CarrierRefusal } {
  if (head.pathname === MUX_PATH || head.pathname === HOST_PATH) {
    return { ok: false, refusal: { status: 426, text: CARRIER_TEXTS.upgradeRequired, headers: { upgrade: 'websocket' } } };
  }
  const method = head.pathname.startsWith('/api/') ? head.pathname.slice('/api/'.length) : '';
  const isRespond = method === 'respond';
  if (!isRespond && !hasMethod(method)) return { ok: false, refusal: { status: 404, text: CARRIER_TEXTS.notFound } };
  if (head.verb.toUpperCase() !== 'POST') return { ok: false, refusal: { status: 405, text: CARRIER_TEXTS.methodNotAllowed, headers: { allow: 'POST' } } };
  const wrongType = contentTypeRefusal(head.contentType);
  if (wrongType !== undefined) return { ok: false, refusal: wrongType };
  return { ok: true, route: isRespond ? { kind: 'respond', limit: bodyLimitOf('respond') } : { kind: 'call', method, limit: bodyLimitOf(method) } };
}

/**
 * The response headers of a refusal: {@link PLAIN_TEXT_HEADERS} plus the refusal's own.
 * @param refusal the refusal
 */
export function refusalHeaders(refusal: CarrierRefusal): Record<string, string> {
  return { ...PLAIN_TEXT_HEADERS, ...refusal.headers };
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
  return type === 'application/json' ? undefined : { status: 415, text: CARRIER_TEXTS.contentType };
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
    return { ok: false, refusal: { status: 400, text: CARRIER_TEXTS.notJson } };
  }
}

/**
 * The body checks for an adapter that holds the whole body (the MSW adapter), after {@link routeApiRequest}: size,
 * depth, JSON.
 * @param text the body
 * @param limit the route's body limit in bytes
 * @returns the parsed body or the refusal
 */
export function checkJsonBody(text: string, limit: number): CarrierBody {
  if (new TextEncoder().encode(text).byteLength > limit) return { ok: false, refusal: tooLargeRefusal(limit) };
  return parseJsonBody(text);
}

/**
 * The HTTP status of a unary answer: 200 for a result, and for an error envelope the status its code stands for, so
 * an invalid request is a 4xx on ui-plan's own carriers while the body stays the protocol's `server-response`
 * envelope (a real dsh host answers 200 for every well-formed call, docs/protocol.md "Unary calls"; the client reads the
 * envelope either way). `bad-request` → 400, `session-not-found` → 404, `log-stopped` → 409 (writing to the session
 * stopped: its log file changed under the server, or the data directory's lock was lost), `internal` → 500, other
 * codes → 200.
 * @param answer the engine's answer (`{result:{ok, error?:{code}}}`; anything else is 200)
 * @returns the status to send
 */
export function statusOfAnswer(answer: unknown): number {
  const result = (answer as { result?: { ok?: unknown; error?: { code?: unknown } } } | null)?.result;
  if (!result || result.ok !== false) return 200;
  const code = result.error?.code;
  if (code === 'bad-request') return 400;
  if (code === 'session-not-found') return 404;
  if (code === 'log-stopped') return 409;
  if (code === 'internal') return 500;
  return 200;
}

/**
 * The HTTP status of a `/api/respond` receipt (docs/upstream-spec.md §3.3 reasons): 200 accepted, 400 `bad-response` (the
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
