/**
 * One instance per large text: the same plan arrives in several frames (the tool call's streamed arguments, its
 * completed block, the assistant message, the review's question) and each `JSON.parse` makes its own copy. Texts of
 * `SHARED_TEXT_MIN_CHARS` or more are looked up among the last `SHARED_TEXT_KEEP` such texts and replaced by the one
 * seen first. Invariant: only equal strings are swapped, so no reader can tell; at most `SHARED_TEXT_KEEP` texts are
 * held by this module.
 */

/** Shortest text that is shared (characters); shorter ones cost less than the lookup saves. */
export const SHARED_TEXT_MIN_CHARS = 4096;

/** How many recent large texts are kept to share (most recently seen last). */
export const SHARED_TEXT_KEEP = 16;

const recent = new Map<string, string>();

/** How many large texts were found among the recent ones (and so given the instance seen first): tests read it. */
export const sharedTextStats = { hits: 0 };

/**
 * The instance of `text` seen first among the recent large texts (`text` itself when it is short or new).
 * @param text any string
 * @returns a string equal to `text`
 */
export function sharedText(text: string): string {
  if (text.length < SHARED_TEXT_MIN_CHARS) return text;
  const seen = recent.get(text);
  if (seen !== undefined) sharedTextStats.hits += 1;
  const known = seen ?? text;
  recent.delete(known);
  recent.set(known, known);
  if (recent.size > SHARED_TEXT_KEEP) recent.delete(recent.keys().next().value!);
  return known;
}

/**
 * Replace, in place, every large string in a freshly parsed JSON value (objects and arrays, any depth) with its
 * shared instance ({@link sharedText}).
 * @param value the result of `JSON.parse` (mutated: only its large strings are swapped for equal ones)
 * @returns `value`, or the shared instance when `value` itself is a large string
 */
export function shareTexts<T>(value: T): T {
  if (typeof value === 'string') return sharedText(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (typeof child === 'string') {
      if (child.length >= SHARED_TEXT_MIN_CHARS) record[key] = sharedText(child);
    } else if (typeof child === 'object' && child !== null) {
      shareTexts(child);
    }
  }
  return value;
}
