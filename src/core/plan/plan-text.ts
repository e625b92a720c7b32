/**
 * Rules on the plan text handed to `exit_plan_mode`: the validity check the tool runs before asking
 * (a level-1 heading first) and the title its call card shows (the first heading of any level).
 * The two rules differ on purpose, as upstream (docs/upstream-spec.md §7 "Quirks").
 */

const LEVEL_1_HEADING_FIRST = /^#\s+\S/;
const ANY_HEADING = /^#{1,6}\s+(.+?)\s*$/;

/** The card title used when a plan has no heading (docs/upstream-spec.md §1.9 presentation). */
export const DEFAULT_PLAN_TITLE = 'Plan';

/**
 * Whether a plan may be presented for review: `plan.trim()` must match `^#\s+\S`, i.e. start with a
 * level-1 heading. `## x`, `#x`, empty text and prose fail.
 * Source: docs/upstream-spec.md §1.9 check 3; §6 item 46; §8 item 14.
 * @param plan - the `plan` argument of `exit_plan_mode` (markdown)
 * @returns true when the tool may ask the review question
 */
export function isValidPlanText(plan: string): boolean {
  return LEVEL_1_HEADING_FIRST.test(plan.trim());
}

/**
 * The title of a plan's call card: the text of the first line matching `^#{1,6}\s+(.+?)\s*$`
 * (any heading level), else `'Plan'`. Lines split on `\n` or `\r\n`.
 * Source: docs/upstream-spec.md §1.9 presentation; §6 item 61.
 * @param plan - plan markdown
 * @returns the heading text without the hashes and trailing whitespace, or `'Plan'`
 */
export function planTitleOf(plan: string): string {
  for (const line of plan.split(/\r?\n/)) {
    const title = ANY_HEADING.exec(line)?.[1];
    if (title !== undefined) return title;
  }
  return DEFAULT_PLAN_TITLE;
}
