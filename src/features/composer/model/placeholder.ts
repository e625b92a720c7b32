/**
 * Which placeholder the composer's textbox shows: read-only, the plan placeholder while plan mode (or the `plan`
 * session mode) is where the session is heading, else the plain one.
 */
import { PLAN_MODE } from '../../../core/modes/fold.ts';
import { modeTargetOf } from '../../../core/modes/projection.ts';
import { effectiveTarget } from '../../../core/plan/fold.ts';
import type { ModeProjectionValue, PlanProjectionValue } from '../../../core/protocol/methods.ts';

/**
 * Whether the composer should offer the plan placeholder: plan mode is the effective target (docs/upstream-spec.md §1.11
 * "Client effective target"), or, in the session-modes variant, the target mode (`pending ?? current`) is `plan`.
 * @param plan the `plan` projection value, undefined when absent
 * @param mode the `mode` projection value, undefined when absent
 */
export function isPlanningTarget(plan: PlanProjectionValue | undefined, mode: ModeProjectionValue | undefined): boolean {
  if (mode !== undefined) return modeTargetOf(mode) === PLAN_MODE;
  return plan !== undefined && effectiveTarget(plan);
}

/** The placeholder to show, as a key of the composer's copy. */
export type PlaceholderKey = 'readOnly' | 'planPlaceholder' | 'placeholder';

/**
 * @param readOnly the session is read-only
 * @param planning `isPlanningTarget` of the session
 */
export function placeholderOf(readOnly: boolean, planning: boolean): PlaceholderKey {
  return readOnly ? 'readOnly' : planning ? 'planPlaceholder' : 'placeholder';
}
