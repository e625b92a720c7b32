/**
 * The streamed import route, decided once for both carriers (server/http.ts and mocks/handlers.ts):
 * `POST /api/sessions/import.jsonl` takes a recorded log's raw UTF-8 bytes (`Content-Type: application/jsonl`) and
 * hands them, as they arrive, to `Harness.importStream`, which answers as `session.import {jsonl}` does. The body is
 * bounded in bytes here (as `session.import`'s) and the log in characters by the engine, both while it streams.
 */
import { statusOfAnswer, tooLargeRefusal, type CarrierRefusal } from './rules.ts';
import { MAX_IMPORT_BODY_BYTES } from './limits.ts';

/** The route's path (docs/protocol.md "The streamed import"). */
export const IMPORT_STREAM_PATH = '/api/sessions/import.jsonl';

/** The only content type the route takes (not a CORS-safelisted type, so a cross-site form cannot send it). */
export const IMPORT_STREAM_CONTENT_TYPE = 'application/jsonl';

/** Largest body of the route, in bytes: the one `/api/session.import` has (32 MiB, carrier/limits.ts). */
export const IMPORT_STREAM_BODY_LIMIT = MAX_IMPORT_BODY_BYTES;

/**
 * Whether a path is the streamed import route (so the carrier answers it here, not as a unary call).
 * @param pathname the request's path
 */
export function isImportStreamPath(pathname: string): boolean {
  return pathname === IMPORT_STREAM_PATH;
}

/**
 * The refusal of a streamed import from its head, before a byte of the body is read: 405 (with `Allow: POST`) for
 * another verb, 415 for a content type other than `application/jsonl` (parameters such as `charset` allowed), 413 for
 * a `Content-Length` over {@link IMPORT_STREAM_BODY_LIMIT}.
 * @param head the verb, the `Content-Type` and `Content-Length` headers (absent: `undefined` or `null`)
 * @returns the refusal, or `undefined` when the body may be read
 */
export function importStreamRefusal(head: {
  verb: string;
  contentType: string | undefined | null;
  contentLength: string | undefined | null;
}): CarrierRefusal | undefined {
  if (head.verb !== 'POST') return { status: 405, text: 'method not allowed', headers: { allow: 'POST' } };
  const type = (head.contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== IMPORT_STREAM_CONTENT_TYPE) return { status: 415, text: `content type must be ${IMPORT_STREAM_CONTENT_TYPE}` };
  if (Number(head.contentLength ?? NaN) > IMPORT_STREAM_BODY_LIMIT) return tooLargeRefusal(IMPORT_STREAM_BODY_LIMIT);
  return undefined;
}

/**
 * The HTTP status of the engine's answer: 413 for a log over the import limit (`details.refusal.kind` `too-large`,
 * the message naming the limit), else as for any unary call (carrier/rules.ts `statusOfAnswer`).
 * @param answer the `server-response` of `Harness.importStream`
 */
export function statusOfImportStream(answer: unknown): number {
  const error = (answer as { result?: { ok?: unknown; error?: { details?: { refusal?: { kind?: unknown } } } } } | null)?.result?.error;
  return error?.details?.refusal?.kind === 'too-large' ? 413 : statusOfAnswer(answer);
}

/** Thrown by {@link limitedChunks} when a body passes {@link IMPORT_STREAM_BODY_LIMIT} bytes. */
export class ImportBodyTooLargeError extends Error {
  constructor() {
    super(tooLargeRefusal(IMPORT_STREAM_BODY_LIMIT).text);
    this.name = 'ImportBodyTooLargeError';
  }
}

/**
 * A fetch body's bytes as they arrive, ended with {@link ImportBodyTooLargeError} as soon as they pass the limit.
 * @param body the request's `body` (`null`: no bytes)
 * @param limit the most bytes (default {@link IMPORT_STREAM_BODY_LIMIT})
 */
export async function* limitedChunks(body: ReadableStream<Uint8Array> | null, limit = IMPORT_STREAM_BODY_LIMIT): AsyncGenerator<Uint8Array> {
  if (body === null) return;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw new ImportBodyTooLargeError();
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
