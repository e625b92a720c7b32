/**
 * The request body limits of the `/api` paths (docs/protocol.md "Unary calls"), shared by both carriers, the typed
 * client and the entry's early tail read. Free of the protocol's schemas, so the browser entry's first module can
 * use them before any schema is built.
 */

/** Largest request body of any `/api` path but `session.import`, in bytes (docs/protocol.md "Unary calls": 1 MiB). */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** Largest `/api/session.import` request body, in bytes (32 MiB; ui-plan extension, room for an escaped log). */
export const MAX_IMPORT_REQUEST_BODY_BYTES = 32 * 1024 * 1024;

/**
 * The request body limit of one `/api/<method>` path, shared by both carriers and the client's own check.
 * @param method the path after `/api/` (`session.import`, `respond`, …)
 * @returns the largest accepted body, in bytes
 */
export function requestBodyLimitOf(method: string): number {
  return method === 'session.import' ? MAX_IMPORT_REQUEST_BODY_BYTES : MAX_REQUEST_BODY_BYTES;
}
