/**
 * Readable outcomes of failed tool results. A harness reports a failed tool as `isError: true` with the text
 * `"Error: <message>"` (docs/upstream-spec.md §1.9 "Checks"); the transcript shows the message without the prefix and a
 * short label that says what happened: the user dismissed it, it was aborted (turn cancelled, question aborted),
 * or it failed.
 */

/** What became of a failed tool call. */
export type ToolErrorKind = 'dismissed' | 'aborted' | 'failed';

/** A failed tool result as the transcript shows it. */
export interface ToolError {
  kind: ToolErrorKind;
  /** The message without the leading `Error: ` (the whole text when there is none; `''` for an empty result). */
  message: string;
}

/**
 * Drop a leading `Error:` (any case, with the spaces after it) from a tool result text.
 * Source: docs/upstream-spec.md §1.9 (`"Error: <message>"`); harness/tools.ts `toolError`.
 */
export function withoutErrorPrefix(text: string): string {
  return text.replace(/^\s*Error:\s*/i, '');
}

/**
 * Classify a failed tool result by its message: `dismissed` when the user dismissed the question or review
 * (`ASK_CANCELLED`, docs/upstream-spec.md §1.9 step 5), `aborted` when it was aborted or cancelled before it finished
 * (`ASK_ABORTED`, a cancelled turn), else `failed`.
 * @param text the tool result text, with or without the `Error: ` prefix
 */
export function toolErrorOf(text: string): ToolError {
  const message = withoutErrorPrefix(text).trim();
  if (/\bdismiss/i.test(message)) return { kind: 'dismissed', message };
  if (/\babort|\bcancel/i.test(message)) return { kind: 'aborted', message };
  return { kind: 'failed', message };
}
