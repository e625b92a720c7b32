/**
 * What the collaboration-mode pickers show, derived from the projection and the session's state without React:
 * which button is pressed, why the group is disabled, the options of the session-modes variant, and whether a
 * failed choice still describes the state on screen. The projection alone says what is in force (docs/upstream-spec.md §1.11).
 */
import { DEFAULT_MODE } from '../../../core/modes/fold.ts';
import { effectiveTarget } from '../../../core/plan/fold.ts';
import type { ModeProjectionValue, PlanProjectionValue } from '../../../core/protocol/methods.ts';

/** Values (and `data-mode`) of the two plan-mode buttons. */
export const PLAN_MODE_VALUES = { off: 'default', on: 'plan' } as const;

/** A failed choice: its text and the pressed and pending values it was made against. */
export type ChoiceError = { text: string; checked: string | undefined; pending: string | undefined };

/**
 * The alert line: a failed choice while the pressed and pending values are still those it was made against (a typed
 * command, another tab or the switch committing makes it stale), else the caller's own alert.
 * @returns the text, or undefined for none
 */
export function choiceAlertOf(
  error: ChoiceError | undefined,
  now: { checked: string | undefined; pending: string | undefined },
  alert: string | undefined,
): string | undefined {
  const stale = error !== undefined && (error.checked !== now.checked || error.pending !== now.pending);
  return error !== undefined && !stale ? error.text : alert;
}

/**
 * The plan-mode picker's pressed value: the `plan` projection's effective target (docs/upstream-spec.md §1.11), and
 * that value again as `pending` while the target is not yet in force.
 * @param plan the projection; undefined presses nothing
 */
export function planChoiceOf(plan: PlanProjectionValue | undefined): { checked: string | undefined; pending: string | undefined; target: boolean | undefined } {
  const target = plan === undefined ? undefined : effectiveTarget(plan);
  const checked = target === undefined ? undefined : target ? PLAN_MODE_VALUES.on : PLAN_MODE_VALUES.off;
  return { checked, pending: plan?.pending === true ? checked : undefined, target };
}

/**
 * The pending target of a `mode` projection: `pending` when it names another mode than `current`, else undefined.
 */
export function modePendingOf(mode: ModeProjectionValue | undefined): string | undefined {
  return mode?.pending !== undefined && mode.pending !== mode.current ? mode.pending : undefined;
}

/**
 * The buttons to show: the host's list with `default` first; before it arrives, `default` plus the modes the
 * projection names, so the pressed button is never missing.
 * @param listed `session.modes().modes`, or `undefined` while loading or after a failure
 * @param mode the projection value
 */
export function modeOptionsOf(listed: readonly string[] | undefined, mode: ModeProjectionValue | undefined): string[] {
  const names = listed ?? [mode?.current, mode?.pending].filter((name): name is string => name !== undefined);
  return [DEFAULT_MODE, ...names.filter((name, index) => name !== DEFAULT_MODE && names.indexOf(name) === index)];
}

/** Why a picker is disabled, in the words the caller gives (a review waits, the session is read-only, offline). */
export interface PickerBlock {
  disabled: boolean;
  /** The short reason beside the group; undefined when it is enabled. */
  reason: string | undefined;
  /** The long form (the host's read-only reason), only for a read-only session. */
  reasonDetail: string | undefined;
}

/**
 * A pending plan review wins over read-only, read-only over offline.
 * @param state what blocks the picker: a review waits, read-only (and the host's reason), the offline reason (`offlineReason`)
 * @param copy the review-pending reason and the read-only marker
 */
export function pickerBlockOf(
  state: { reviewPending: boolean; readOnly: boolean; readOnlyReason: string | undefined; offline: string | undefined },
  copy: { reviewPendingReason: string; readOnlyMarker: string },
): PickerBlock {
  const { reviewPending, readOnly, readOnlyReason, offline } = state;
  return {
    disabled: readOnly || reviewPending || offline !== undefined,
    reason: reviewPending ? copy.reviewPendingReason : readOnly ? copy.readOnlyMarker : offline,
    reasonDetail: !reviewPending && readOnly ? readOnlyReason : undefined,
  };
}
