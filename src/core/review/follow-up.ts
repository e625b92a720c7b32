/**
 * Following comments across revisions (docs/review-comments.md "Across revisions"): whether the lines a comment sent
 * on revision n anchored to were changed in revision n+1 (from the line diff, never a guess about meaning), and where
 * a carried-forward comment lands in the new revision (exact match of its quoted lines), and where a comment read
 * back from a log sits in the revision it was sent on. Pure; pulls in `diff`, so the
 * app loads it lazily.
 */
import { diffLines } from 'diff';
import { anchorOf, sourceLinesOf, type Anchor } from './anchors.ts';
import { cutQuote, type FeedbackComment } from './feedback-format.ts';

/** Whether a comment's lines changed: `changed` with the first changed old line, or `unchanged`. */
export type LineChange = { kind: 'changed'; line: number } | { kind: 'unchanged' };

/**
 * The lines of `before` that `after` changed or removed, and the old lines before which `after` inserted lines (an
 * insertion between two lines of an anchor changes it). Line ends `\r\n` and `\n` compare equal, as in `diffPlans`.
 * @returns `changed` (1-based old lines removed or replaced) and `insertedBefore` (1-based old line numbers; n+1 = at the end)
 */
export function changedLinesOf(before: string, after: string): { changed: Set<number>; insertedBefore: Set<number> } {
  const changed = new Set<number>();
  const insertedBefore = new Set<number>();
  let line = 1;
  const norm = (text: string) => sourceLinesOf(text).join('\n');
  for (const change of diffLines(norm(before), norm(after), { ignoreNewlineAtEof: true })) {
    const count = change.count ?? sourceLinesOf(change.value).length;
    if (change.added) insertedBefore.add(line);
    else if (change.removed) for (let i = 0; i < count; i += 1) changed.add(line + i);
    if (!change.added) line += count;
  }
  return { changed, insertedBefore };
}

/**
 * Whether revision n+1 changed the lines `start`..`end` of revision n: a line in the range removed or replaced, or
 * lines inserted strictly inside it.
 * @param diff `changedLinesOf(revision n, revision n+1)`
 * @returns `changed` with the first such old line, else `unchanged`
 */
export function lineChangeOf(diff: ReturnType<typeof changedLinesOf>, start: number, end: number): LineChange {
  for (let line = start; line <= end; line += 1) {
    if (diff.changed.has(line) || (line > start && diff.insertedBefore.has(line))) return { kind: 'changed', line };
  }
  return { kind: 'unchanged' };
}

/**
 * Re-anchor a carried-forward comment in a new revision: the places where its quoted lines occur exactly (trailing
 * whitespace ignored, line ends normalised); of several, the one whose start is nearest its old start line (the
 * earlier one on a tie).
 * @param quote the comment's full quoted lines (from the older revision's source, not cut)
 * @param oldStart its start line in the older revision (1-based)
 * @param plan the new revision's markdown
 * @returns the new anchor, or undefined when the lines are not found
 */
export function reanchor(quote: string, oldStart: number, plan: string): Anchor | undefined {
  const strip = (line: string) => line.replace(/\s+$/, '');
  const wanted = sourceLinesOf(quote).map(strip);
  const lines = sourceLinesOf(plan);
  const stripped = lines.map(strip);
  if (wanted.length === 0 || wanted.every((line) => line === '')) return undefined;
  let best: number | undefined;
  for (let at = 0; at + wanted.length <= stripped.length; at += 1) {
    let same = true;
    for (let k = 0; k < wanted.length && same; k += 1) same = stripped[at + k] === wanted[k];
    if (same && (best === undefined || Math.abs(at + 1 - oldStart) < Math.abs(best + 1 - oldStart))) best = at;
  }
  if (best === undefined) return undefined;
  return { start: best + 1, end: best + wanted.length, quote: lines.slice(best, best + wanted.length).join('\n') };
}

/**
 * Where a comment read back from a feedback sits in the revision it was sent on: its own lines when that revision holds
 * its quote there (as sent: cut when over 10 lines; trailing whitespace ignored); else the place of its quote found by
 * exact match nearest its line (a log from another client whose line numbers are off); else undefined (its quoted
 * lines are not in that revision, or were cut and do not match at its lines).
 * @param plan the revision the comment was sent on
 * @param comment the comment as parsed from the feedback (`parseReviewFeedback`)
 * @returns its anchor in `plan`, with the full (uncut) quoted lines
 */
export function sentAnchorOf(plan: string, comment: Pick<FeedbackComment, 'start' | 'end' | 'quote'>): Anchor | undefined {
  const strip = (text: string) =>
    sourceLinesOf(text)
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n');
  const at = anchorOf(plan, comment.start, comment.end);
  if (at.start === comment.start && at.end === comment.end && strip(cutQuote(at.quote)) === strip(comment.quote)) return at;
  return reanchor(comment.quote, comment.start, plan);
}
