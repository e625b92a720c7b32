/**
 * How long the strings of a JSON body are, told while its bytes arrive and without parsing it: one pass over the
 * UTF-8 bytes that counts each string's characters as JavaScript counts them (UTF-16 code units: a 4-byte
 * sequence is two, an escape is one). The server refuses an import whose log passes its limit by it before the
 * body is complete (docs/protocol.md "Limits"). Works on any bytes; never throws.
 */

/** A scanner over the successive chunks of one body. */
export interface JsonStringScanner {
  /**
   * Scan the next chunk.
   * @returns true as soon as some string has more than the scanner's limit of characters
   */
  push(chunk: Uint8Array): boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

/**
 * A scanner that reports a string longer than `maxChars`.
 * @param maxChars the most characters (UTF-16 code units) one string may have
 */
export function createJsonStringScanner(maxChars: number): JsonStringScanner {
  let inString = false;
  /** 1 right after a backslash; 2–5 while the four hex digits of `\uXXXX` follow. */
  let escape = 0;
  let chars = 0;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i] as number;
        if (!inString) {
          if (byte === QUOTE) {
            inString = true;
            chars = 0;
          }
          continue;
        }
        if (escape === 1) {
          escape = byte === LETTER_U ? 5 : 0;
          chars += 1;
        } else if (escape > 1) {
          escape = escape === 2 ? 0 : escape - 1;
        } else if (byte === BACKSLASH) {
          escape = 1;
        } else if (byte === QUOTE) {
          inString = false;
        } else if ((byte & 0xc0) !== 0x80) {
          // A lead byte (continuation bytes 10xxxxxx add nothing): four-byte sequences are surrogate pairs.
          chars += byte >= 0xf0 ? 2 : 1;
        }
        if (chars > maxChars) return true;
      }
      return false;
    },
  };
}
