/**
 * The one rule behind the `plan` and `mode` projections' `pending` (docs/upstream-spec.md §1.11 E3 fold with `running`;
 * seed 002 for modes): a command asking for a target is `running` from its `command/run`; its `command/done`
 * settles the target as `wanted` only on success and only when it differs from what is in force; the commit event
 * (`plan/mode`, `mode/set`) clears `wanted` but not `running`; the view is pending while `running?.wanted ??
 * wanted` is set and differs from what is in force. The committed value itself is read by logged-value.ts.
 * Pure; every step returns the same state object when nothing changes.
 */
import type { CommandDoneData } from './log/types.ts';

/** The intent part of a projection's fold state: the settled target and the command still running. */
export interface IntentState<T> {
  /** Target of the last finished, successful command that differed from what was in force; `null` when none or cleared. */
  readonly wanted: T | null;
  /** The command still running and its target; `null` when none. */
  readonly running: { readonly commandId: string; readonly wanted: T } | null;
}

/**
 * A `command/run` asking for `wanted`: it becomes the running command (replacing any other).
 * @returns `state` itself when the same command with the same target is already running
 */
export function intentOnRun<S extends IntentState<T>, T>(state: S, commandId: string, wanted: T): S {
  if (state.running !== null && state.running.commandId === commandId && state.running.wanted === wanted) return state;
  return { ...state, running: { commandId, wanted } };
}

/**
 * A `command/done`: when it finishes the running command, `wanted` becomes its target if it succeeded and differs
 * from `inForce`, else `null`, and nothing runs any more.
 * @param inForce the value in force (committed) when the command finishes
 * @returns `state` itself for a done of another command or when none runs
 */
export function intentOnDone<S extends IntentState<T>, T>(state: S, done: CommandDoneData, inForce: T): S {
  if (state.running === null || state.running.commandId !== done.commandId) return state;
  const settled = done.kind === 'success' && state.running.wanted !== inForce ? state.running.wanted : null;
  return { ...state, wanted: settled, running: null };
}

/**
 * The pending target of an intent: `running?.wanted ?? wanted` when set and different from `inForce`.
 * @returns the target, or `undefined` when nothing is pending
 */
export function pendingTargetOf<T>(state: IntentState<T>, inForce: T): T | undefined {
  const wanted = state.running?.wanted ?? state.wanted;
  return wanted !== null && wanted !== inForce ? wanted : undefined;
}
