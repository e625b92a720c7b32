/**
 * Plan-mode folds over a session log: the committed state (`foldPlanMode`, last valid `plan/mode` wins)
 * and the `plan` projection unit (E3 fold with `running`), whose view `{active, pending}` is what the host
 * pushes and the client shows. Pure: derived from the log alone, so a cold replay reproduces `pending`.
 * `apply` returns the same state object for every event that does not change it.
 */
import { commandDoneOf, commandRunOf, planModeOf } from '../log/guards.ts';
import type { SessionEvent } from '../log/types.ts';
import type { PlanProjectionValue } from '../protocol/methods.ts';
import { intentOnDone, intentOnRun, pendingTargetOf, type IntentState } from '../intent.ts';
import { foldLogged, type LoggedValue } from '../logged-value.ts';
import { foldUnitState, type ProjectionUnit } from '../projection.ts';

export type { PlanProjectionValue } from '../protocol/methods.ts';

/** The command name whose runs the `plan` projection folds (docs/upstream-spec.md §1.8). */
export const PLAN_COMMAND_NAME = 'plan';

/** Plan mode as the log holds it: `plan/mode {active}`, a boolean `active` required, `false` before any (§1.2). */
export const PLAN_MODE_VALUE: LoggedValue<boolean> = {
  read: (event) => planModeOf(event)?.active,
  initial: false,
  entry: (active) => ({ type: 'plan/mode', data: { active } }),
};

/**
 * Committed plan state of `events[0, end)`: the last `plan/mode` with a boolean `active` wins; `false`
 * when there is none. Wrong-shaped `plan/mode` payloads are ignored.
 * Source: docs/upstream-spec.md §1.2; §6 items 4–5.
 * @param events - logged events in seq order
 * @param end - exclusive upper index into `events` (not a seq); clamped to `[0, events.length]`
 * @returns whether plan mode is active in the log prefix
 */
export function foldPlanMode(events: readonly SessionEvent[], end: number = events.length): boolean {
  return foldLogged(PLAN_MODE_VALUE, events, end);
}

/**
 * State of the `plan` projection (E3, `stateVersion: 2`): the committed `active`, the settled wanted target
 * of the last finished `/plan` command (`null` when none or cleared), and the `/plan` command still running
 * (`wanted` true for enter, false for `off`). Never sent on the wire.
 */
export interface PlanFoldState extends IntentState<boolean> {
  readonly active: boolean;
}

function apply(state: PlanFoldState, event: SessionEvent): PlanFoldState {
  switch (event?.type) {
    case 'plan/mode': {
      const data = planModeOf(event);
      if (data === undefined || (state.active === data.active && state.wanted === null)) return state;
      return { active: data.active, wanted: null, running: state.running };
    }
    case 'command/run': {
      const data = commandRunOf(event);
      if (data === undefined || data.name !== PLAN_COMMAND_NAME || data.args === undefined) return state;
      return intentOnRun(state, data.commandId, data.args.trim() !== 'off');
    }
    case 'command/done': {
      const data = commandDoneOf(event);
      return data === undefined ? state : intentOnDone(state, data, state.active);
    }
    default:
      return state;
  }
}

/**
 * The `plan` projection unit (docs/upstream-spec.md §1.11, E3 fold):
 * - `command/run` named `plan` with string `args` sets `running = {commandId, wanted: args.trim() !== 'off'}`;
 *   without `args`, or for another command, nothing changes;
 * - the matching `command/done` (same `commandId`) sets `wanted = running.wanted` only if `kind === 'success'`
 *   and it differs from `active`, else `null`, and clears `running`; a `command/done` for another id changes nothing;
 * - `plan/mode` sets `active` and clears `wanted` (not `running`);
 * - `view`: `w = running?.wanted ?? wanted`, `pending = w !== null && w !== active`.
 * `apply` returns the same object when the state would not change (the change feed fires on reference change).
 */
export const planProjection: ProjectionUnit<PlanFoldState, PlanProjectionValue, 'plan'> = {
  key: 'plan',
  init: () => ({ active: false, wanted: null, running: null }),
  apply,
  view(state) {
    return { active: state.active, pending: pendingTargetOf(state, state.active) !== undefined };
  },
};

/**
 * Fold state of the `plan` projection over `events[0, end)` (equals step-by-step `planProjection.apply`).
 * @param events - logged events in seq order
 * @param end - exclusive upper index into `events`; clamped to `[0, events.length]`
 * @returns the fold state
 */
export function foldPlanState(events: readonly SessionEvent[], end: number = events.length): PlanFoldState {
  return foldUnitState(planProjection, events, end);
}

/**
 * Whole-log convenience for the `plan` projection's wire value.
 * Source: docs/upstream-spec.md §1.11; §6 items 63–67, 69.
 * @param events - logged events in seq order
 * @param end - exclusive upper index into `events`; clamped to `[0, events.length]`
 * @returns `{active, pending}` as of the prefix
 */
export function foldPlanProjection(events: readonly SessionEvent[], end: number = events.length): PlanProjectionValue {
  return planProjection.view(foldPlanState(events, end));
}

/**
 * The effective target the client shows: where plan mode is heading, `pending ? !active : active`.
 * Source: docs/upstream-spec.md §1.11 ("Client effective target"), §8 item 23.
 * @param value - a `plan` projection value
 * @returns true when plan mode is on or about to be on
 */
export function effectiveTarget(value: PlanProjectionValue): boolean {
  return value.pending ? !value.active : value.active;
}

/** Which of the four plan-mode badge states a projection value shows (the header badge and the session list alike). */
export type PlanBadgeState = 'on' | 'off' | 'entering' | 'leaving';

/**
 * Badge state of a `plan` projection value: the effective target `pending ? !active : active`
 * (docs/upstream-spec.md §1.11, §8 item 23), with the pending case told apart. The one rule behind every plan-mode label.
 * @param plan the projection value `{active, pending}` (both required on the wire)
 * @returns `'entering'` for `{false,true}`, `'leaving'` for `{true,true}`, else `'on'`/`'off'` from `active`
 */
export function planBadgeStateOf(plan: PlanProjectionValue): PlanBadgeState {
  const target = effectiveTarget(plan);
  if (plan.pending) return target ? 'entering' : 'leaving';
  return target ? 'on' : 'off';
}
