/**
 * The session-log download route, decided once for both carriers (server/http.ts and mocks/handlers.ts):
 * `GET /api/sessions/<id>/log.jsonl` answers the stored log byte for byte as an attachment ("as
 * upstream offers"). The id is checked with the protocol's id rule (src/core/protocol/ids.ts); the trust fence runs
 * before this, in the carrier, as for every `/api` path. Pure apart from the log reader it is given.
 */
import { idSchema } from '../src/core/protocol/ids.ts';

/** The route's path pattern; the id is percent-decoded before it is checked. */
const LOG_PATH = /^\/api\/sessions\/([^/]*)\/log\.jsonl$/;

const sessionIdSchema = idSchema();

/** What a carrier writes: a status, headers and a body (bytes, or a short plain-text reason). */
export interface SessionLogAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

/**
 * Whether a path is the session-log route (so the carrier answers it here, not as a unary call).
 * @param pathname the request's path
 */
export function isSessionLogPath(pathname: string): boolean {
  return LOG_PATH.test(pathname);
}

const text = (status: number, body: string, extra: Record<string, string> = {}): SessionLogAnswer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra },
  body,
});

/**
 * Answer `GET`/`HEAD /api/sessions/<id>/log.jsonl`: 200 with the stored bytes (`application/jsonl`,
 * `Content-Disposition: attachment; filename="<id>.jsonl"`, `no-store`); 400 for an id that breaks the id rule (at most
 * 128 of letters, digits, `.`, `_`, `:`, `-`) or bad escapes; 404 for a session the harness does not hold (or a path that
 * is not this route); 405 for another verb.
 * @param readLog the stored log of a session the harness holds, byte for byte (`Harness.sessionLog`), `undefined` when
 *   it holds none (or cannot serve logs)
 * @param method the HTTP verb
 * @param pathname the request's path
 * @returns the answer to write
 */
export function sessionLogAnswer(readLog: (sessionId: string) => Uint8Array | undefined, method: string, pathname: string): SessionLogAnswer {
  const match = LOG_PATH.exec(pathname);
  if (!match) return text(404, 'not found');
  if (method !== 'GET' && method !== 'HEAD') return text(405, 'method not allowed', { allow: 'GET, HEAD' });
  let id: string;
  try {
    id = decodeURIComponent(match[1] ?? '');
  } catch {
    return text(400, 'bad request: the session id is not a valid escape');
  }
  const checked = sessionIdSchema.safeParse(id);
  if (!checked.success) return text(400, `bad request: sessionId: ${checked.error.issues[0]?.message ?? 'invalid'}`);
  const bytes = readLog(checked.data);
  if (bytes === undefined) return text(404, 'session not found');
  return {
    status: 200,
    headers: {
      'content-type': 'application/jsonl; charset=utf-8',
      'content-disposition': `attachment; filename="${checked.data}.jsonl"`,
      'content-length': String(bytes.byteLength),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: method === 'HEAD' ? '' : bytes,
  };
}
