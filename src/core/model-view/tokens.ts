/**
 * The one token-estimate rule of the "What the model sees" view: UTF-8 bytes ÷ {@link BYTES_PER_TOKEN}, shown as
 * "about". The figure is fitted once to the captured host's own token counts (see `token-fit.test.ts`, docs/model-view.md); it is an
 * estimate from the text, never a substitute for the `usage` figures a log carries.
 */

/**
 * UTF-8 bytes per token, fitted by least squares through the origin to the captured host's `contextBreakdown`
 * (`systemTokens`, `toolsTokens`) against the bytes of the same system prompt and tool catalog, at each header;
 * `token-fit.test.ts` recomputes the fit and pins this figure (docs/model-view.md "The token estimate").
 */
export const BYTES_PER_TOKEN = 4.1;

/**
 * UTF-8 length of a string without allocating (a lone surrogate counts as U+FFFD, 3 bytes, as TextEncoder writes it).
 * @param text any string
 * @param start first UTF-16 index (default 0)
 * @param end exclusive UTF-16 index (default `text.length`)
 * @returns bytes
 */
export function utf8Length(text: string, start = 0, end = text.length): number {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The token estimate of a byte count.
 * @param bytes UTF-8 bytes (≥ 0)
 * @returns whole tokens, rounded
 */
export function estimateTokens(bytes: number): number {
  return Math.round(bytes / BYTES_PER_TOKEN);
}

/** UTF-16 units measured per slice of {@link utf8LengthChunked} (about a millisecond of work). */
export const MEASURE_SLICE = 262_144;

/**
 * {@link utf8Length} of a long text in slices, yielding to the event loop between slices so no slice is a long task.
 * A slice never ends between the halves of a surrogate pair.
 * @param text any string
 * @param yieldNow resolves when the caller may go on (the view passes a macrotask; tests pass `Promise.resolve`)
 * @returns bytes, as {@link utf8Length}
 */
export async function utf8LengthChunked(text: string, yieldNow: () => Promise<void>): Promise<number> {
  let bytes = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + MEASURE_SLICE);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    bytes += utf8Length(text, start, end);
    start = end;
    if (start < text.length) await yieldNow();
  }
  return bytes;
}
