/**
 * Limits on the identifiers a client sends (session ids, agent ids, rpcIds, cursors, mode names), so an over-long
 * or odd id is a `bad-request` naming the field and the limit, never a file-system error deep in the host.
 * Ids ui-plan mints (`session-<uuid>`, UUID rpcIds) are far inside these limits.
 */
import { z } from '../zod.ts';

/** Longest identifier a request may carry, in characters. */
export const MAX_ID_CHARS = 128;

/** Characters an identifier may use: ASCII letters, digits, `.`, `_`, `:` and `-`. */
export const ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** Longest `cwd` a `session.create` may name, in characters (a path; the usual PATH_MAX). */
export const MAX_CWD_CHARS = 4096;

/**
 * The schema of one identifier field: non-empty, at most {@link MAX_ID_CHARS} characters of {@link ID_PATTERN}. Its
 * messages name the limit (the issue path names the field).
 * @param pattern a stricter pattern for this field (e.g. `session-…` for `session.create`), default {@link ID_PATTERN}
 * @param described how the message describes the allowed characters
 * @returns a zod string schema
 */
export function idSchema(pattern: RegExp = ID_PATTERN, described = "letters, digits, '.', '_', ':' and '-'") {
  return z
    .string()
    .check(z.minLength(1, { message: 'must not be empty' }))
    .check(z.maxLength(MAX_ID_CHARS, { message: `must be at most ${MAX_ID_CHARS} characters` }))
    .check(z.regex(pattern, { message: `may only contain ${described}` }));
}

/** Characters an opaque token (rpcId, cursor, mode name) may use: anything but control characters. */

export const TOKEN_PATTERN = /^[^\u0000-\u001f\u007f]+$/;

/**
 * The schema of an opaque token a client mints or echoes (rpcId, cursor, mode name): non-empty, at most
 * {@link MAX_ID_CHARS} characters, no control characters (clients mint rpcIds freely, e.g. `rpc-commands/list-10`).
 * @returns a zod string schema
 */
export function tokenSchema() {
  return idSchema(TOKEN_PATTERN, 'printable characters');
}

/**
 * One line naming the first failing fields of a zod error, e.g. `sessionId: must be at most 128 characters`.
 * @param issues the error's issues (path and message are read)
 * @param max how many issues to name (default 3)
 * @returns the summary, `''` for no issues
 */
export function summarizeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], max = 3): string {
  const named = issues.slice(0, max).map((issue) => {
    const field = issue.path.map(String).join('.');
    return field === '' ? issue.message : `${field}: ${issue.message}`;
  });
  return `${named.join('; ')}${issues.length > max ? ` (and ${issues.length - max} more)` : ''}`;
}
