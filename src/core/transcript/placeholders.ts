/**
 * Placeholders a recorder leaves where it scrubbed a value from a recorded dsh log (`{{cwd}}`, `{{sessionId}}`,
 * `{{system}}`, `{{tools}}`, `{{rpcId}}`, …; fixtures/dsh-recordings/README.md): found in text so a reader of the
 * recording shows them as left out, never as if they were the text. Pure; the wording is the caller's.
 */

/** `{{name}}`: a name of a letter then up to 39 letters, digits or `_`, in double braces. */
const PLACEHOLDER = /\{\{([A-Za-z][A-Za-z0-9_]{0,39})\}\}/g;

/** A run of text, or a placeholder by its name (`cwd` for `{{cwd}}`). */
export type TextPart = string | { placeholder: string };

/**
 * Split text at its placeholders.
 * @param text any text (a message, a tool's arguments or result)
 * @returns the runs and placeholders in order, no empty runs; `[text]` when there is none (and `[]` for `''`)
 */
export function placeholderPartsOf(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ placeholder: match[1] as string });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * Replace every placeholder in text (for text that is rendered as markdown, where no element can be put in).
 * @param text any text
 * @param word the words that stand for a placeholder, by its name
 * @returns the text with each `{{name}}` replaced by `word(name)`; the same string when there is none
 */
export function withPlaceholdersWorded(text: string, word: (name: string) => string): string {
  return text.includes('{{') ? text.replace(PLACEHOLDER, (_, name: string) => word(name)) : text;
}
