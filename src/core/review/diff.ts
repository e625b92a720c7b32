/**
 * The diff between two plan revisions, as the review card and the exports show it: a line diff of the markdown
 * source (jsdiff `diffLines`) in which each run of removed lines followed by added lines is paired line by line and
 * word-diffed (jsdiff `diffWordsWithSpace`), plus the `+N −M` line summary. Pure and deterministic; this module pulls
 * in `diff`, so the app loads it lazily (first-load budget).
 */
import { diffLines, diffWordsWithSpace } from 'diff';

/** One piece of a changed line: unchanged, inserted or deleted words (spaces included). */
export interface WordPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * One line of the diff. `same` lines carry the text; `added`/`removed` lines carry their text and, when paired with
 * a line on the other side, the word-level parts of that pairing (only the parts of their own side plus `same`).
 */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** Word parts when the line is a changed line paired with one on the other side; undefined otherwise. */
  words?: WordPart[] | undefined;
}

/** The diff of two revisions: its lines in order and the count of added and removed lines. */
export interface PlanDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
  /** The two texts are identical (line ends `\r\n` and `\n` count as the same). */
  identical: boolean;
}

/** Lines of a jsdiff chunk value (its trailing newline does not start another line). */
function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.replace(/\r$/, ''));
}

/** Word parts of a removed line and of the added line it is paired with. */
function wordPairs(before: string, after: string): { removed: WordPart[]; added: WordPart[] } {
  const removed: WordPart[] = [];
  const added: WordPart[] = [];
  for (const change of diffWordsWithSpace(before, after)) {
    if (change.added) added.push({ kind: 'added', text: change.value });
    else if (change.removed) removed.push({ kind: 'removed', text: change.value });
    else {
      removed.push({ kind: 'same', text: change.value });
      added.push({ kind: 'same', text: change.value });
    }
  }
  return { removed, added };
}

/**
 * Diff two plan texts: lines first, then words inside each changed line paired with its counterpart (the i-th removed
 * line of a change with the i-th added line right after it). Line ends `\n` and `\r\n` compare equal.
 * Source: README "Plan revisions" (a line and word diff of the markdown).
 * @param before the older revision's markdown
 * @param after the newer revision's markdown
 * @returns `{lines, added, removed, identical}`; `added`/`removed` count lines
 */
export function diffPlans(before: string, after: string): PlanDiff {
  const a = before.replace(/\r\n/g, '\n');
  const b = after.replace(/\r\n/g, '\n');
  const identical = a === b;
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  // A last line with or without its newline is the same line (appending to a plan must not mark its old last line).
  const changes = diffLines(a, b, { ignoreNewlineAtEof: true });
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    if (!change.added && !change.removed) {
      for (const text of linesOf(change.value)) lines.push({ kind: 'same', text });
      continue;
    }
    const next = changes[i + 1];
    if (change.removed && next?.added) {
      const gone = linesOf(change.value);
      const come = linesOf(next.value);
      const pairs = Math.min(gone.length, come.length);
      const removedLines: DiffLine[] = [];
      const addedLines: DiffLine[] = [];
      gone.forEach((text, at) => {
        const counterpart = at < pairs ? come[at] : undefined;
        removedLines.push({ kind: 'removed', text, ...(counterpart !== undefined ? { words: wordPairs(text, counterpart).removed } : {}) });
      });
      come.forEach((text, at) => {
        const counterpart = at < pairs ? gone[at] : undefined;
        addedLines.push({ kind: 'added', text, ...(counterpart !== undefined ? { words: wordPairs(counterpart, text).added } : {}) });
      });
      lines.push(...removedLines, ...addedLines);
      removed += gone.length;
      added += come.length;
      i += 1;
      continue;
    }
    const kind = change.added ? 'added' : 'removed';
    for (const text of linesOf(change.value)) {
      lines.push({ kind, text });
      if (kind === 'added') added += 1;
      else removed += 1;
    }
  }
  return { lines, added, removed, identical };
}

/**
 * The `+N −M` line summary of two revisions (what the Markdown export and the Reviews view show).
 * @param before the older markdown
 * @param after the newer markdown
 * @returns added and removed line counts
 */
export function diffSummary(before: string, after: string): { added: number; removed: number } {
  const { added, removed } = diffPlans(before, after);
  return { added, removed };
}
