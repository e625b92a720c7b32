/**
 * Comment anchors on a plan's Markdown source: a 1-based inclusive line range taken from the parser's positions, plus
 * the quoted lines. Invariants: an anchor always covers whole blocks (a selection expands to every block it touches),
 * and it is computed from the plan text alone, never from how much of the plan has rendered.
 */

/** A block of the plan a comment can anchor to (docs/review-comments.md "Anchors"). */
export interface PlanBlock {
  kind: 'heading' | 'paragraph' | 'list-item' | 'table-row' | 'code' | 'other';
  /** First source line, 1-based. */
  start: number;
  /** Last source line, 1-based, inclusive (≥ `start`). */
  end: number;
}

/** A comment's anchor: the plan's source lines `start`..`end` (1-based, inclusive) and their text. */
export interface Anchor {
  start: number;
  end: number;
  /** The anchored source lines, joined by `\n` (line ends normalised, nothing cut). */
  quote: string;
}

/**
 * The source lines of a plan (`\r\n` and `\n` both end a line).
 * @param plan the plan markdown
 * @returns its lines, without line ends (a final newline does not start another line)
 */
export function sourceLinesOf(plan: string): string[] {
  const lines = plan.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Expand a line range to the whole blocks it touches: the smallest range that starts at the first touched block's
 * start and ends at the last touched block's end. Lines that touch no block (blank lines between blocks) are dropped.
 * @param blocks the plan's blocks (`planBlocksOf`), in any order
 * @param start first selected line (1-based)
 * @param end last selected line (1-based; swapped with `start` when smaller)
 * @returns the expanded `{start, end}`, or undefined when the range touches no block
 */
export function expandToBlocks(blocks: readonly PlanBlock[], start: number, end: number): { start: number; end: number } | undefined {
  const [from, to] = start <= end ? [start, end] : [end, start];
  let first: number | undefined;
  let last: number | undefined;
  for (const block of blocks) {
    if (block.end < from || block.start > to) continue;
    first = first === undefined ? block.start : Math.min(first, block.start);
    last = last === undefined ? block.end : Math.max(last, block.end);
  }
  return first === undefined || last === undefined ? undefined : { start: first, end: last };
}

/**
 * The anchor of lines `start`..`end` of a plan.
 * @param plan the plan markdown
 * @param start first line (1-based, clamped to the plan)
 * @param end last line (1-based, inclusive, clamped)
 * @returns the anchor with its quoted lines
 */
export function anchorOf(plan: string, start: number, end: number): Anchor {
  const lines = sourceLinesOf(plan);
  const from = Math.min(Math.max(1, Math.trunc(start)), lines.length);
  const to = Math.min(Math.max(from, Math.trunc(end)), lines.length);
  return { start: from, end: to, quote: lines.slice(from - 1, to).join('\n') };
}
