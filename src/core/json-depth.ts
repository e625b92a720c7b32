/**
 * How deeply JSON text nests, told without parsing it: one linear pass over the characters, no recursion, so any
 * input — valid JSON or not, megabytes long — is answered without risk to the stack. The carriers
 * refuse request bodies by it (carrier/rules.ts) and the log reader skips lines by it (src/core/log/reader.ts),
 * so no later `JSON.stringify` or recursive walk meets a structure deep enough to overflow.
 */

/** Deepest nesting of arrays and objects a request body or a log line may have (no dsh payload needs more than ~10). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays/objects deeper than `max` (brackets inside strings, including escaped quotes, do
 * not count). Works on any text; O(length).
 * @param text the JSON text (a body, a log line)
 * @param max the deepest allowed nesting (1 = `{}` or `[]` at top level); default {@link MAX_JSON_DEPTH}
 * @returns true when some bracket opens level `max + 1`
 */
export function exceedsJsonDepth(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
