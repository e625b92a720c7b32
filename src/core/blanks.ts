/**
 * Runs of blanks at a position of a line, measured by sticky regular expressions: the scan is the regex engine's, not
 * a loop of the caller's, so a line that starts with a thousand spaces (a list nested 500 levels deep) costs about as
 * much as a short one, on the first run of a page too (the line passes of the plan's outline and of its Markdown
 * split call these once or more per line). Pure.
 */

const SPACES_AT = / */y;
const BLANKS_AT = /[ \t]*/y;

/**
 * The number of spaces in `line` from `at` on.
 * @param line any text
 * @param at a UTF-16 index, 0 to `line.length`
 */
export function spacesFrom(line: string, at: number): number {
  SPACES_AT.lastIndex = at;
  SPACES_AT.test(line);
  return SPACES_AT.lastIndex - at;
}

/**
 * The number of spaces and tabs in `line` from `at` on.
 * @param line any text
 * @param at a UTF-16 index, 0 to `line.length`
 */
export function blanksFrom(line: string, at: number): number {
  BLANKS_AT.lastIndex = at;
  BLANKS_AT.test(line);
  return BLANKS_AT.lastIndex - at;
}
