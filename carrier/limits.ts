/**
 * Carrier limits shared by the Node server (server/http.ts) and the MSW adapter (mocks/handlers.ts), so both
 * answer 413 at the same size (docs/protocol.md "Unary calls"). Every path takes 1 MiB except `session.import`, whose
 * body carries a whole recorded log and takes 32 MiB (room for a `MAX_IMPORT_JSONL_CHARS` log with JSON escaping).
 */
import { MAX_IMPORT_JSONL_CHARS, MAX_IMPORT_REQUEST_BODY_BYTES, MAX_REQUEST_BODY_BYTES, requestBodyLimitOf } from '../src/core/protocol/methods.ts';

/** Largest request body of any `/api` path but import, in bytes (docs/protocol.md: 1 MiB; the client checks it too). */
export const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES;

/** Largest `/api/session.import` body, in bytes (32 MiB; ui-plan extension). */
export const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_REQUEST_BODY_BYTES;

// The import body must be able to carry the largest log the payload schema accepts (ASCII, lightly escaped).
if (MAX_IMPORT_BODY_BYTES < MAX_IMPORT_JSONL_CHARS) throw new Error('MAX_IMPORT_BODY_BYTES is below MAX_IMPORT_JSONL_CHARS');

/**
 * The body limit of one `/api/<method>` path.
 * @param method - the path after `/api/` (e.g. `session.import`, `respond`)
 * @returns the largest accepted body, in bytes
 */
export function bodyLimitOf(method: string): number {
  return requestBodyLimitOf(method);
}

/**
 * The 413 text of a body over `limit` bytes, naming the limit (e.g. `request body too large (limit 1 MiB)`).
 * @param limit - the limit in bytes
 */
export function tooLargeText(limit: number): string {
  return `request body too large (limit ${Math.round(limit / (1024 * 1024))} MiB)`;
}
