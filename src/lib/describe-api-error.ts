/**
 * The one place a failed call becomes words: transport failures (`network`, `http-413`, `bad-response`) get a
 * plain sentence, a host error keeps the host's message. Every feature that shows an error goes through it.
 */
import { MAX_REQUEST_BODY_BYTES } from '../core/protocol/methods.ts';
import { ApiError } from './api-client.ts';
import { currentCopy } from './language.ts';
import { apiErrorLocales } from './locales.ts';

/**
 * Plain-language text of a failure, for an alert beside the action that failed.
 * @param error what a call rejected with: an `ApiError` (from `callMethod` / `respondToQuestion`), another `Error`
 *   (a feature's own, e.g. "Unknown command: /x"), or any thrown value
 * @param options `keepsText`: the action's typed text stays in its field, so the network sentence says so
 * @returns `network` → "Can't reach the server; …" (+ "Your text is kept." with `keepsText`); `http-413` → "That is too large to send (limit N MB)." with N
 *   from `details.limit` (bytes; 1 MiB when absent); `bad-response` → "The server sent an answer ui-plan could not
 *   read."; any other `ApiError` or `Error` → its message; a string as is; any other value as JSON, else
 *   `String(value)` (docs/upstream-spec.md §3.5 "a non-Error value is stringified", §6 item 83). A failure that says nothing
 *   — `undefined`, `null`, a blank message or string, `{}`/`[]`, a function or symbol — is "The request failed
 *   without a reason." (+ "Your text is kept."), never the literal word "undefined".
 */
export function describeApiError(error: unknown, options: { keepsText?: boolean } = {}): string {
  const copy = currentCopy(apiErrorLocales);
  if (error instanceof ApiError) {
    if (error.code === 'network') return options.keepsText ? `${copy.network} ${copy.textKept}` : copy.network;
    if (error.code === 'bad-response') return copy.badResponse;
    if (error.code === 'http-413') {
      const limit = typeof error.details?.limit === 'number' ? error.details.limit : MAX_REQUEST_BODY_BYTES;
      return copy.tooLarge(Math.round(limit / (1024 * 1024)));
    }
    return error.message;
  }
  const text = error instanceof Error ? error.message : thrownValueText(error);
  if (text.trim() === '') return options.keepsText ? `${copy.noReason} ${copy.textKept}` : copy.noReason;
  return text;
}

/** What a thrown non-Error value says: a string as is, a value as JSON (else `String`), `''` when it says nothing. */
function thrownValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null || typeof value === 'function' || typeof value === 'symbol') return '';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text === '{}' || text === '[]' ? '' : text;
}
