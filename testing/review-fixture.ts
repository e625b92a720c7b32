/**
 * Test support of the plan-review tests: the review question of a plan as `planReviewOf` reads it from an
 * `exit_plan_mode` question (docs/upstream-spec.md §1.10), with bare option labels.
 */
import type { PlanReview } from '../src/core/questions/plan-review.ts';

/**
 * @param plan the plan markdown
 * @returns a `PlanReview` with the upstream question text and the Approve / Keep planning labels
 */
export function reviewOfPlan(plan: string): PlanReview {
  return { id: 'plan-review', question: 'Approve this plan and leave plan mode?', plan, approve: { label: 'Approve' }, decline: { label: 'Keep planning' } };
}
