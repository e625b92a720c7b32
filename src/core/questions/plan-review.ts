/**
 * Narrowing of a question batch to a plan review: the specialised decision card claims a request only
 * when it can express every reachable answer (docs/upstream-spec.md §3.5, §3.6: "an intent never removes a
 * reachable answer"); anything else stays with the generic flow.
 */
import type { QuestionItem, QuestionOption } from './types.ts';

/**
 * A claimed plan review: the question id and text, the plan markdown (`detail`), the approving option
 * and, when offered, the other (declining) option. Labels are sent back verbatim.
 */
export interface PlanReview {
  id: string;
  question: string;
  plan: string;
  approve: QuestionOption;
  decline?: QuestionOption;
}

/**
 * Claim a question batch as a plan review. All must hold: exactly one question; `intent.kind` is
 * `plan-review`; `detail` is present (a string); not `multiSelect`; at most two options; `intent.approve`
 * equals an option label. Defensive addition: a second option with the same label as the approving one
 * is refused too (its Decline button would send an approval).
 * Source: docs/upstream-spec.md §3.5; §6 items 77–78; §8 items 27, 30.
 * @param questions - the batch of a `question/requested` frame
 * @returns `{id, question, plan, approve, decline?}` (`decline` omitted when only one option), or
 *   `undefined` when the generic flow must render the batch
 */
export function planReviewOf(questions: readonly QuestionItem[]): PlanReview | undefined {
  if (questions.length !== 1) return undefined;
  const item = questions[0] as QuestionItem;
  const intent = item.intent;
  if (intent === undefined || intent.kind !== 'plan-review') return undefined;
  if (typeof item.detail !== 'string' || item.multiSelect === true) return undefined;
  const options = item.options ?? [];
  if (options.length > 2) return undefined;
  const approve = options.find((option) => option.label === intent.approve);
  if (approve === undefined) return undefined;
  const decline = options.find((option) => option !== approve);
  if (decline !== undefined && decline.label === approve.label) return undefined;
  const review: PlanReview = { id: item.id, question: item.question, plan: item.detail, approve };
  if (decline !== undefined) review.decline = decline;
  return review;
}
