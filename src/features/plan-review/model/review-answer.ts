/**
 * The plan review's decisions and the answer each one sends (docs/upstream-spec.md §3.5, §3.1, §1.9): Approve, Keep
 * planning (with the Feedback text, verbatim, when it is not blank) and Chat about it (dismiss). Which decision may
 * be taken now, whether Approve asks first, and what the status line says while an answer is on its way.
 */
import type { PlanReview } from '../../../core/questions/plan-review.ts';
import type { QuestionAnswer } from '../../../core/questions/types.ts';

/** A decision on the card: approve, keep planning (decline, maybe with feedback), or dismiss to chat. */
export type ReviewDecision = 'approve' | 'decline' | 'chat';

/**
 * The answer the card sends for a decision (docs/upstream-spec.md §3.5, §3.1).
 * Approve → `{answers:[{id, selected:[approve.label]}]}`. Keep planning without feedback →
 * `{answers:[{id, selected:[decline.label]}]}`. Keep planning with non-blank feedback →
 * `{answers:[{id, selected:[], custom: feedback}]}`: on a single-select question custom text *replaces* the
 * selection (docs/upstream-spec.md §3.1) and a label plus `custom` is a `bad-response` (docs/upstream-spec.md §3.3); the
 * exit tool reads a non-empty `custom` as "keep planning" with the feedback verbatim (docs/upstream-spec.md §1.9 step 7).
 * @param feedback the Feedback text as typed; sent verbatim when it is not blank
 * @returns the answer, or `undefined` for `'decline'` when the review offers no declining option
 */
export function reviewAnswerOf(review: PlanReview, decision: 'approve' | 'decline', feedback: string): QuestionAnswer | undefined {
  if (decision === 'approve') return { answers: [{ id: review.id, selected: [review.approve.label] }] };
  if (review.decline === undefined) return undefined;
  if (feedback.trim() !== '') return { answers: [{ id: review.id, selected: [], custom: feedback }] };
  return { answers: [{ id: review.id, selected: [review.decline.label] }] };
}

/** Whether the plan under review is missing or blank: it cannot be approved (the card says so instead). */
export function isBlankPlan(review: PlanReview): boolean {
  return review.plan.trim() === '';
}

/**
 * Whether a decision can be taken now: never while an answer is on its way or was accepted (`latched`) or the downlink
 * is down (`offline`); Keep planning only when the review offers a declining option; Approve only with a plan.
 */
export function canDecide(review: PlanReview, decision: ReviewDecision, state: { latched: boolean; offline: boolean }): boolean {
  if (state.latched || state.offline) return false;
  if (decision === 'decline') return review.decline !== undefined;
  if (decision === 'approve') return !isBlankPlan(review);
  return true;
}

/**
 * Whether Approve asks first ("Approve and discard feedback" / "Send as feedback"): Feedback holds text, or line
 * comments are not sent or not resolved, and the review could take them as Keep planning. Nothing typed is dropped
 * silently.
 * @param feedback the Feedback text now
 * @param unsettled draft comments plus earlier comments neither resolved nor carried forward (default 0)
 */
export function approveAsksFirst(review: PlanReview, feedback: string, unsettled = 0): boolean {
  return review.decline !== undefined && (feedback.trim() !== '' || unsettled > 0);
}

/**
 * The text a decision sends with it: Keep planning and Chat about it take the Feedback text, Approve none.
 * @param feedback the Feedback text now
 */
export function decisionTextOf(decision: ReviewDecision, feedback: string): string {
  return decision === 'approve' ? '' : feedback;
}

/** What the status line says while an answer is on its way: `approving`, `sending`, or nothing. */
export function progressOf(sent: ReviewDecision | undefined): 'approving' | 'sending' | undefined {
  return sent === 'approve' ? 'approving' : sent !== undefined ? 'sending' : undefined;
}
