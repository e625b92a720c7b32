/**
 * The answer of a generic question batch (docs/upstream-spec.md §3.4 "Encoding"): one encoded item per question, in
 * order, and which question is not complete yet. A plan review that arrived without a plan falls back to this flow and
 * must never offer its Approve label.
 */
import { encodeAnswerItem, isDraftAnswered, type AnswerDraft } from '../../../core/questions/encode.ts';
import type { QuestionAnswer, QuestionItem } from '../../../core/questions/types.ts';
import { emptyAnswerDraft } from './flow-draft.ts';

/**
 * The approving label of a plan review that arrived without a plan: the batch falls back to this
 * generic flow (`planReviewOf` refuses it), which must never offer Approve with no plan above it.
 * @returns the label to disable, or `undefined` when the question is not a plan review or has a non-blank plan
 */
export function planlessApproveOf(question: QuestionItem): string | undefined {
  const intent = question.intent;
  if (intent?.kind !== 'plan-review' || typeof intent.approve !== 'string') return undefined;
  return typeof question.detail === 'string' && question.detail.trim() !== '' ? undefined : intent.approve;
}

/**
 * The whole answer of a batch (docs/upstream-spec.md §3.4 "Encoding"): one `encodeAnswerItem` per question, in order.
 * @param drafts one draft per question (missing drafts count as empty)
 */
export function answerOf(questions: readonly QuestionItem[], drafts: readonly AnswerDraft[]): QuestionAnswer {
  return { answers: questions.map((question, i) => encodeAnswerItem(question, drafts[i] ?? emptyAnswerDraft())) };
}

/**
 * Index of the first question whose draft is not complete (neither answered nor skipped).
 * @returns the index, or `-1` when every question is complete
 */
export function firstIncompleteOf(questions: readonly QuestionItem[], drafts: readonly AnswerDraft[]): number {
  return questions.findIndex((question, i) => !isDraftAnswered(question, drafts[i] ?? emptyAnswerDraft()));
}
