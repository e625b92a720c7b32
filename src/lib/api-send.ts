/**
 * The HTTP leg of every unary call (docs/protocol.md "Unary calls"): POST a body, read a 2xx's JSON or the envelope a
 * ui-plan carrier puts in a 4xx, and `ApiError` for what failed. Free of the protocol's schemas, so the browser
 * entry's first module can send a read before the rest of the app is evaluated (`early-tail.ts`).
 */
import type { RpcError } from '../core/protocol/envelopes.ts';
import { SHARED_TEXT_MIN_CHARS, shareTexts } from '../core/shared-text.ts';

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

let minted = 0;

/**
 * A fresh `rpcId` for a `client-request` (docs/protocol.md "Unary calls": the host echoes it in its
 * `server-response`): a random UUID, or, outside a secure context (`serve --remote --insecure-http`, where
 * `crypto.randomUUID` is missing), the time, a page-wide counter and random digits.
 * @returns an id of at most 64 characters, unique within the page
 */
export function mintRpcId(): string {
  minted += 1;
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${minted.toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * POST a body and read the answer: a 2xx's JSON, or the envelope or receipt a ui-plan carrier puts in a 4xx.
 * @param path e.g. `/api/session.history`
 * @param body the request body as sent
 * @param contentType its `Content-Type`
 * @param limit the path's body limit in bytes (said in an `http-413`'s `details.limit`)
 * @param signal optional abort signal (an aborted fetch rethrows the abort, not an `ApiError`)
 * @param share whether the answer's large texts are shared (`shareTexts`) here; `false` for an answer the caller
 *   shares itself in slices (a `session.history` page, `api-client.ts`); default `true`
 * @returns the answer's JSON value (not yet checked against the protocol)
 * @throws ApiError `network`, `http-<status>` (an `http-413` with `details.limit`), `bad-response`
 */
export async function send(path: string, body: BodyInit, contentType: string, limit: number, signal?: AbortSignal, share = true): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': contentType }, body, signal });
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
    const value = JSON.parse(answer) as unknown;
    // A history page holds the plans its events carry: they share one instance with the frames' (and each other's).
    return share && answer.length >= SHARED_TEXT_MIN_CHARS ? shareTexts(value) : value;
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
