/**
 * What the rename field says as the person types: an empty (or blank) title goes back to the automatic title; a
 * title nears or passes the host's limit of {@link MAX_CUSTOM_TITLE_CHARS} characters (counted after trimming, as the
 * host counts them, `customTitleOf` in src/core/sessions/title.ts); anything else saves as typed. Pure.
 */
import { MAX_CUSTOM_TITLE_CHARS } from '../../../core/sessions/limits.ts';

/** From this many characters on, the field shows the count against the limit. */
export const SHOW_COUNT_FROM = MAX_CUSTOM_TITLE_CHARS - 40;

/** The state of the typed title: `reset` (empty: Save goes back to the automatic title), `ok` or `tooLong`, with the count when shown. */
export type RenameFieldState = { kind: 'reset' } | { kind: 'ok'; count: number | undefined; limit: number } | { kind: 'tooLong'; count: number; limit: number };

/**
 * @param typed the field's text
 * @returns `reset` for a blank text; `tooLong` past the limit (Save refused); else `ok`, with `count` from
 *   {@link SHOW_COUNT_FROM} characters on (undefined below)
 */
export function renameFieldStateOf(typed: string): RenameFieldState {
  const count = typed.replace(/[\r\n\t]+/gu, ' ').trim().length;
  if (count === 0) return { kind: 'reset' };
  if (count > MAX_CUSTOM_TITLE_CHARS) return { kind: 'tooLong', count, limit: MAX_CUSTOM_TITLE_CHARS };
  return { kind: 'ok', count: count >= SHOW_COUNT_FROM ? count : undefined, limit: MAX_CUSTOM_TITLE_CHARS };
}
