/**
 * The session list's order, titles and filter: newest activity first, each row titled by the person's own title, else
 * the stream's live one, else the list's, and the filter box matching titles case- and width-insensitively in any
 * script. Pure; the copy is passed in.
 */
import type { SessionSummary } from '../../../core/protocol/methods.ts';
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
 */
export function rowTitleOf(summary: SessionSummary, badges: Pick<SessionBadges, 'title'>, untitled: string): string {
  return summary.customTitle?.trim() || badges.title?.trim() || summary.title?.trim() || untitled;
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
 */
export function shownRowsOf(
  items: readonly SessionSummary[],
  badgesOf: (summary: SessionSummary) => SessionBadges,
  query: string,
  untitled: string,
): { summary: SessionSummary; badges: SessionBadges; title: string }[] {
  return newestFirst(items)
    .map((summary) => {
      const badges = badgesOf(summary);
      return { summary, badges, title: rowTitleOf(summary, badges, untitled) };
    })
    .filter((row) => matchesFilter(row.title, query));
}

/**
 * The 1-based line numbers a `session.import` skipped, ascending, without duplicates.
 * @param skipped the host's `skipped` list, undefined when it sent none
 */
export function skippedLines(skipped: ReadonlyArray<{ line: number }> | undefined): number[] {
  return [...new Set((skipped ?? []).map((entry) => entry.line))].sort((a, b) => a - b);
}
