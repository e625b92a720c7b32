/**
 * The `/` command suggestions of the composer: which commands a draft offers and where the highlight moves. Pure; the
 * highlight belongs to the draft it was moved in, so any edit starts again at the first suggestion.
 */
import type { CommandDescriptor } from '../../../core/protocol/methods.ts';

/**
 * Whether a draft is `/` plus a partial command name (no whitespace yet): only then are commands listed.
 * @param draft the draft as typed
 */
export function isPartialCommand(draft: string): boolean {
  return /^\/\S*$/.test(draft);
}

/**
 * Commands offered for a draft: shown only while the draft is `/` plus a partial name (no whitespace yet).
 * @returns matching commands by name prefix, in host order; `[]` when the draft is not a partial command
 */
export function commandSuggestionsFor(draft: string, commands: readonly CommandDescriptor[] | undefined): CommandDescriptor[] {
  if (commands === undefined || !isPartialCommand(draft)) return [];
  const prefix = draft.slice(1);
  return commands.filter((command) => command.name.startsWith(prefix));
}

/** Where the highlight is: the index moved to, and the draft it was moved in. */
export type SuggestionCursor = { draft: string; index: number };

/**
 * The highlighted index for the current draft: the cursor's when it was moved in this draft, else the first; never
 * past the last suggestion.
 * @param count how many suggestions are shown (at least 1 for a meaningful index)
 */
export function highlightedIndex(cursor: SuggestionCursor, draft: string, count: number): number {
  const index = cursor.draft === draft ? cursor.index : 0;
  return Math.max(0, Math.min(index, count - 1));
}

/**
 * The index after moving the highlight one step, wrapping at both ends.
 * @param index the highlighted index
 * @param count how many suggestions are shown (> 0)
 * @param step `1` (ArrowDown) or `-1` (ArrowUp)
 */
export function stepHighlight(index: number, count: number, step: 1 | -1): number {
  return (Math.min(index, count - 1) + step + count) % count;
}
