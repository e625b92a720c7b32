/**
 * What a session row says beside its title: "Waiting for your review" / "Waiting for your answer" instead of
 * "Running" while a question waits, the plan-mode or session-mode indicator (the header badge's rule and words; "off"
 * and the default mode are the quiet default, not labelled), and what deleting the session would stop. Pure.
 */
import { DEFAULT_MODE } from '../../../core/modes/fold.ts';
import { modeTargetOf } from '../../../core/modes/projection.ts';
import { planBadgeStateOf } from '../../../core/plan/fold.ts';
import type { SessionBadges } from '../../../session/derive.ts';

/** The row's activity: a question waits for the user, or a turn runs (a plan review shows as the plan label instead). */
export function rowActivityOf(badges: SessionBadges): 'awaitingAnswer' | 'running' | undefined {
  if (badges.reviewPending) return undefined;
  if (badges.questionPending) return 'awaitingAnswer';
  return badges.running ? 'running' : undefined;
}

/** The row's plan indicator, as data for the copy: a review waits, a session mode, a plan-mode state, or none. */
export type RowPlanLabel =
  { kind: 'review' } | { kind: 'mode'; mode: string; pending: boolean } | { kind: 'plan'; state: 'on' | 'entering' | 'leaving' } | undefined;

/**
 * The plan indicator of a row: "Waiting for your review" while a review waits; else the target of the `mode`
 * projection when it is not the default; else the plan projection's badge state when it is not off
 * (docs/upstream-spec.md §1.11).
 */
export function rowPlanLabelOf(badges: SessionBadges): RowPlanLabel {
  if (badges.reviewPending) return { kind: 'review' };
  if (badges.mode !== undefined) {
    const target = modeTargetOf(badges.mode);
    return target === DEFAULT_MODE ? undefined : { kind: 'mode', mode: target, pending: target !== badges.mode.current };
  }
  if (!badges.plan) return undefined;
  const state = planBadgeStateOf(badges.plan);
  return state === 'off' ? undefined : { kind: 'plan', state };
}

/** What deleting a session stops besides its log, said before the user confirms: a review, a question, a turn, or nothing. */
export function deleteStopsOf(badges: SessionBadges): 'review' | 'question' | 'turn' | undefined {
  if (badges.reviewPending) return 'review';
  if (badges.questionPending) return 'question';
  return badges.running ? 'turn' : undefined;
}
