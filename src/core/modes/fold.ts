/**
 * Session-mode fold of the generalised "session modes" variant (docs/upstream-spec.md §2, seed 002): the last
 * `mode/set` with a string `mode` wins; a log without one is in the default mode. Pure and log-only.
 */
import { modeSetOf } from '../log/guards.ts';
import type { SessionEvent } from '../log/types.ts';
import { foldLogged, type LoggedValue } from '../logged-value.ts';

/** The reserved default mode name (docs/upstream-spec.md §2, `DEFAULT_MODE`). */
export const DEFAULT_MODE = 'default';
/** The reserved plan mode name (docs/upstream-spec.md §2, `PLAN_MODE`). */
export const PLAN_MODE = 'plan';

/** The session mode as the log holds it: `mode/set {mode}`, a string `mode` required, `default` before any (§2). */
export const MODE_VALUE: LoggedValue<string> = {
  read: (event) => modeSetOf(event)?.mode,
  initial: DEFAULT_MODE,
  entry: (mode) => ({ type: 'mode/set', data: { mode } }),
};

/**
 * Current session mode of `events[0, end)`: the last valid `mode/set` wins, `'default'` when there is none.
 * Wrong-shaped payloads are ignored. The name is returned as logged, even if no config defines it (mapping
 * an unknown name to `default` is the service's job, docs/upstream-spec.md §2 `get`).
 * @param events - logged events in seq order
 * @param end - exclusive upper index into `events` (not a seq); clamped to `[0, events.length]`
 * @returns the mode name
 */
export function foldMode(events: readonly SessionEvent[], end: number = events.length): string {
  return foldLogged(MODE_VALUE, events, end);
}
