/**
 * A collaboration state the log holds as whole values, the last valid one winning: plan mode as `plan/mode {active}`
 * (docs/upstream-spec.md §1.2) and the session mode as `mode/set {mode}` (§2, seed 002). One descriptor per state says
 * how an event logs a value, what holds before any, and how a value is logged, and every "last one wins" read goes
 * through {@link foldLogged}: the folds of plan/fold.ts and modes/fold.ts and the engine plugins' commits. Pure.
 */
import type { SessionEvent } from './log/types.ts';

/** How a whole-value state is logged. */
export interface LoggedValue<T> {
  /** The value an event logs; `undefined` for another event type or a wrong-shaped payload (ignored). */
  read(event: SessionEvent): T | undefined;
  /** The value before any event logs one. */
  readonly initial: T;
  /** The event that logs `value` (what a commit appends). */
  entry(value: T): { type: string; data: unknown };
}

/**
 * The last valid value in `events[0, end)`: scans back and returns the first `read(event)` that is not `undefined`
 * (docs/upstream-spec.md §1.2 "last valid `plan/mode` wins"; seed 002 likewise for `mode/set`).
 * @param end exclusive upper index into `events` (not a seq); clamped to `[0, events.length]`
 * @returns the value, or `undefined` when no event has one
 */
export function lastLogged<D>(events: readonly SessionEvent[], end: number, read: (event: SessionEvent) => D | undefined): D | undefined {
  for (let i = Math.min(end, events.length) - 1; i >= 0; i--) {
    const data = read(events[i] as SessionEvent);
    if (data !== undefined) return data;
  }
  return undefined;
}

/**
 * The value in force after `events[0, end)`: the last valid one logged, else `value.initial`.
 * @param value - the state's descriptor (`PLAN_MODE_VALUE`, `MODE_VALUE`)
 * @param events - logged events in seq order
 * @param end - exclusive upper index into `events` (not a seq); clamped to `[0, events.length]`
 */
export function foldLogged<T>(value: LoggedValue<T>, events: readonly SessionEvent[], end: number = events.length): T {
  const logged = lastLogged(events, end, value.read);
  return logged === undefined ? value.initial : logged;
}
