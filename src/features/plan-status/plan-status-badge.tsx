/**
 * The plan-mode badge: a `status` that says whether plan mode is on, off, or pending (asked for but not
 * yet in force). It is not live itself (the app's live region announces its changes once). It only reads the `plan` projection; it never keeps or guesses plan state of its own.
 */
import { effectiveTarget } from '../../core/plan/fold.ts';
import type { PlanProjectionValue } from '../../core/protocol/methods.ts';
import { planStatusLocales } from './locales.ts';
import './plan-status.css';

/** Which of the four badge states a projection value shows. */
export type PlanBadgeState = 'on' | 'off' | 'entering' | 'leaving';

/**
 * Badge state of a `plan` projection value: the effective target `pending ? !active : active`
 * (upstream spec §1.11, §8 item 23), with the pending case told apart.
 * @param plan the projection value `{active, pending}` (both required on the wire)
 * @returns `'entering'` for `{false,true}`, `'leaving'` for `{true,true}`, else `'on'`/`'off'` from `active`
 */
export function planBadgeStateOf(plan: PlanProjectionValue): PlanBadgeState {
  const target = effectiveTarget(plan);
  if (plan.pending) return target ? 'entering' : 'leaving';
  return target ? 'on' : 'off';
}

/**
 * Plan-mode status badge (`role="status"`, name "Plan mode …").
 * @param props.plan the session's `plan` projection value; `undefined` (capability absent or no baseline yet)
 *   renders nothing (upstream spec §4.4)
 */
export function PlanStatusBadge({ plan }: { plan: PlanProjectionValue | undefined }) {
  if (plan === undefined) return null;
  const state = planBadgeStateOf(plan);
  const text = planStatusLocales.en.badge[state];
  return (
    <span role="status" aria-live="off" aria-label={text} title={text} className="plan-badge" data-state={state}>
      <span className="plan-badge__dot" aria-hidden="true" />
      <span className="plan-badge__text">{text}</span>
    </span>
  );
}
