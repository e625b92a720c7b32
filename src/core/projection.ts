/**
 * The projection-unit contract: a pure fold of session events into a small view value, keyed by name
 * (docs/upstream-spec.md §1.11, §4.4). A host registry folds every logged event through every unit and pushes a
 * `session/projection` frame only when a unit's state reference changes, so `apply` must return the
 * same object for an event that does not change the state.
 */
import type { SessionEvent } from './log/types.ts';

/**
 * One projection unit, e.g. `planProjection` (key `plan`).
 * - `init()` returns a fresh initial state.
 * - `apply(state, event)` returns the next state, and the SAME reference when the event changes nothing
 *   (including when a new value equals the old one); it never throws and never mutates `state`.
 * - `view(state)` derives the wire value (what `session/projection` frames and history baselines carry).
 * - `sameView(before, after)`, optional: true when a state change leaves the wire value as it was, so no frame is
 *   pushed (a unit whose state also tracks what its view does not show, e.g. `reviews` tracking plan mode).
 * Source: docs/upstream-spec.md §1.11 ("the change feed fires on reference change only") and §4.4.
 * @typeParam S - fold state (in memory only, never on the wire)
 * @typeParam V - wire value
 * @typeParam K - the registry key
 */
export interface ProjectionUnit<S, V, K extends string = string> {
  readonly key: K;
  init(): S;
  apply(state: S, event: SessionEvent): S;
  view(state: S): V;
  sameView?(before: S, after: S): boolean;
}

/**
 * Fold `events[0, end)` through one unit from its initial state.
 * @param unit - the projection unit
 * @param events - the logged events in seq order
 * @param end - exclusive upper index (events, not seq); clamped to `[0, events.length]`
 * @returns the unit's state after the prefix (apply `unit.view` for the wire value)
 */
export function foldUnitState<S, V>(unit: ProjectionUnit<S, V>, events: readonly SessionEvent[], end: number = events.length): S {
  const stop = Math.max(0, Math.min(end, events.length));
  let state = unit.init();
  for (let i = 0; i < stop; i++) state = unit.apply(state, events[i] as SessionEvent);
  return state;
}
