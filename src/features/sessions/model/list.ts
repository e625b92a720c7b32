/**
 * The session list's order, titles and filter: newest activity first, each row titled by the person's own title, else
 * the stream's live one, else the list's, and the filter box matching titles case- and width-insensitively in any
 * script. Pure; the copy is passed in.
 */
import type { ImportReport, SessionSummary } from '../../../core/protocol/methods.ts';
import { withPlaceholdersWorded } from '../../../core/transcript/placeholders.ts';
import type { SessionBadges } from '../../../session/derive.ts';

/**
 * The list in display order: newest activity first (`updatedAt`, ms; an imported log carries its own last event
 * time), ties in host order.
 */
export function newestFirst(items: readonly SessionSummary[]): SessionSummary[] {
  return items
    .map((summary, index) => ({ summary, index }))
    .sort((a, b) => b.summary.updatedAt - a.summary.updatedAt || a.index - b.index)
    .map((row) => row.summary);
}

/**
 * The title a row shows: the person's own (`customTitle`), else the stream's live title, else the list's, else
 * `untitled`.
 * @param summary the list item
 * @param badges the row's badges (`title` from the stream)
 * @param untitled the copy for a session without a title ("New session")
 * @param leftOut the words for a recorder's `{{name}}` placeholder in a read-only session's title (its own, or the
 *   host's "(copy)" title of a second import); without it the title is shown as the host gave it
 */
export function rowTitleOf(summary: SessionSummary, badges: Pick<SessionBadges, 'title'>, untitled: string, leftOut?: (name: string) => string): string {
  const title = summary.customTitle?.trim() || badges.title?.trim() || summary.title?.trim();
  // A recording's title may hold the recorder's placeholders (`{{cwd}}`), also the "(copy)" title the host stores for
  // a second import of the same log: in a read-only session they are worded as left out, never shown raw.
  return (title && summary.readOnly && leftOut ? withPlaceholdersWorded(title, (name) => `⟨${leftOut(name)}⟩`) : title) || untitled;
}

const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/**
 * Whether a title matches the filter box: case-insensitive (and width-insensitive, NFKC) substring of the trimmed
 * query; an empty query matches everything. Chinese and any other script match as typed.
 * @param title the shown title
 * @param query the filter text
 */
export function matchesFilter(title: string, query: string): boolean {
  const q = folded(query.trim());
  return q === '' || folded(title).includes(q);
}

/**
 * The rows to show, in display order, each with its badges and title; the filter applied.
 * @param items the `session.list` items
 * @param badgesOf the badges of an item (the stream over the list's snapshot)
 * @param query the filter text
 * @param untitled the copy for a session without a title
 * @param leftOut see {@link rowTitleOf}
 */
export function shownRowsOf(
  items: readonly SessionSummary[],
  badgesOf: (summary: SessionSummary) => SessionBadges,
  query: string,
  untitled: string,
  leftOut?: (name: string) => string,
): { summary: SessionSummary; badges: SessionBadges; title: string }[] {
  return newestFirst(items)
    .map((summary) => {
      const badges = badgesOf(summary);
      return { summary, badges, title: rowTitleOf(summary, badges, untitled, leftOut) };
    })
    .filter((row) => matchesFilter(row.title, query));
}

/** What the sidebar says about the lines of an opened log it could not show (see {@link importNoteOf}). */
export interface ImportNote {
  /** Lines that could not be read (the torn one aside): `count` in all, the first `lines` of them named, ascending. */
  unreadable: { count: number; lines: number[] };
  /** The 1-based line of a last line cut mid-line, else undefined. */
  torn: number | undefined;
  /** Events of kinds dsh logs do not have: the host's counts, undefined when there were none. */
  unknown: ImportReport['unknown'];
}

/**
 * The note for an opened log from the host's `session.import` answer, bounded whatever the log (the host names at
 * most 20 lines and 5 kinds); an older host's answer without `skippedCount` counts the lines it lists.
 * @param value the host's answer: `skipped` (`{line, reason, torn?}`), `skippedCount` and `unknown`, each optional
 * @returns the note, or undefined when every line was shown
 */
export function importNoteOf(value: Partial<ImportReport>): ImportNote | undefined {
  const skipped = value.skipped ?? [];
  const torn = skipped.find((entry) => entry.torn)?.line;
  const lines = [...new Set(skipped.filter((entry) => !entry.torn).map((entry) => entry.line))].sort((a, b) => a - b);
  const count = value.skippedCount === undefined ? lines.length : Math.max(lines.length, value.skippedCount - (torn === undefined ? 0 : 1));
  if (count === 0 && torn === undefined && value.unknown === undefined) return undefined;
  return { unreadable: { count, lines }, torn, unknown: value.unknown };
}
