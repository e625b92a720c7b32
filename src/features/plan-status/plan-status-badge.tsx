/**
 * The plan-mode badge: a `status` that says whether plan mode is on, off, or pending (asked for but not
 * yet in force). It is not live itself (the app's live region announces its changes once). It only reads the `plan` projection; it never keeps or guesses plan state of its own.
 */
import { planBadgeStateOf } from '../../core/plan/fold.ts';
import type { PlanProjectionValue } from '../../core/protocol/methods.ts';
import { useCopy } from '../../lib/language.ts';
import { planBadgeLocales } from '../../lib/locales.ts';
import './plan-status.css';

/**
 * Plan-mode status badge (`role="status"`, name "Plan mode …").
 * @param props.plan the session's `plan` projection value; `undefined` (capability absent or no baseline yet)
 *   renders nothing (docs/upstream-spec.md §4.4)
 */
export function PlanStatusBadge({ plan }: { plan: PlanProjectionValue | undefined }) {
  const copy = useCopy(planBadgeLocales);
  if (plan === undefined) return null;
  const state = planBadgeStateOf(plan);
  const text = copy[state];
  return (
    <span role="status" aria-live="off" aria-label={text} title={text} className="plan-badge" data-state={state}>
      <span className="plan-badge__dot" aria-hidden="true" />
      <span className="plan-badge__text">{text}</span>
    </span>
  );
}
