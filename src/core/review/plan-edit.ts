/**
 * Editing a plan under review (docs/review-comments.md "Editing the plan"): whether an edit changed anything, the
 * short unified diff sent with the edited plan, and whether the agent's next revision adopted the edited text. Plans
 * compare equal after normalising line ends, trailing whitespace of each line and the final newline; the diff is
 * jsdiff's (the `diff` library), never a guess about meaning. Pure; pulls in `diff`, so the app loads it lazily.
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';

/** Lines of context around each change in an edit diff. */
export const EDIT_DIFF_CONTEXT = 2;
/** Longest edit diff sent or shown, in lines; the rest is summed up in one line. */
export const MAX_EDIT_DIFF_LINES = 120;

/**
 * A plan as compared: `\r\n` and `\r` read as `\n`, trailing whitespace of each line and trailing blank lines dropped.
 * @param text a plan's Markdown
 */
export function normalisePlan(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

/**
 * Whether `edited` differs from `plan` once both are normalised (`normalisePlan`).
 * @param plan the plan the agent sent
 * @param edited the reviewer's text
 */
export function isEdited(plan: string, edited: string): boolean {
  return normalisePlan(plan) !== normalisePlan(edited);
}

/** Names of the two sides in a diff's `---`/`+++` header lines. */
export interface DiffSides {
  from: string;
  to: string;
}

/**
 * A short unified diff from `before` to `after` (line ends normalised, each text ending in one newline): file
 * header lines naming the sides, hunks with `EDIT_DIFF_CONTEXT` lines of context, cut after `MAX_EDIT_DIFF_LINES`
 * lines with a last line `… N more lines`.
 * @param before the older text
 * @param after the newer text
 * @param sides the header names (default "your plan" → "edited plan", as the agent reads it)
 * @returns the diff, or `''` when the texts are equal after normalising (`normalisePlan`)
 */
export function planEditDiff(before: string, after: string, sides: DiffSides = { from: 'your plan', to: 'edited plan' }): string {
  if (!isEdited(before, after)) return '';
  const lf = (text: string) => `${text.replace(/\r\n?/g, '\n').replace(/\n+$/, '')}\n`;
  const patch = createTwoFilesPatch(sides.from, sides.to, lf(before), lf(after), undefined, undefined, {
    context: EDIT_DIFF_CONTEXT,
    headerOptions: FILE_HEADERS_ONLY,
  });
  const lines = patch.replace(/\n$/, '').split('\n');
  if (lines.length <= MAX_EDIT_DIFF_LINES) return lines.join('\n');
  const more = lines.length - MAX_EDIT_DIFF_LINES;
  return [...lines.slice(0, MAX_EDIT_DIFF_LINES), `… ${more} more line${more === 1 ? '' : 's'}`].join('\n');
}

/** What the next revision did with the reviewer's edited plan. */
export type EditOutcome = { kind: 'adopted' } | { kind: 'changed'; diff: string };

/**
 * Whether the agent's next revision adopted the edited plan: `adopted` when the two are equal after normalising
 * (`normalisePlan`), else `changed` with the diff from the edited text to the revision.
 * @param edited the edited plan sent with Keep planning on the previous revision
 * @param revision the plan of the revision that followed
 */
export function editOutcomeOf(edited: string, revision: string): EditOutcome {
  const diff = planEditDiff(edited, revision, { from: 'your edits', to: 'this revision' });
  return diff === '' ? { kind: 'adopted' } : { kind: 'changed', diff };
}
