/**
 * The state of one question batch in the generic flow (docs/upstream-spec.md §3.4): one answer draft per question, the
 * shown question and the collapsed flag. A stored state is always fitted to its batch before use, so a batch re-sent
 * with more or fewer questions never reads past its drafts.
 */
import type { AnswerDraft } from '../../../core/questions/encode.ts';

/** Flow state of one question batch. `items[i]` is the draft of question `i`; `index` is the shown question. */
export type QuestionFlowDraft = { index: number; collapsed: boolean; items: AnswerDraft[] };

/** An untouched draft. */
export function emptyAnswerDraft(): AnswerDraft {
  return { selected: [], custom: '', skipped: false };
}

/**
 * A flow state fitted to a batch of `count` questions: missing drafts are added empty, extra ones dropped,
 * the index clamped into `[0, count)`.
 * @param flow the stored state, `undefined` for a fresh batch
 */
export function normaliseFlow(flow: QuestionFlowDraft | undefined, count: number): QuestionFlowDraft {
  const items = Array.from({ length: count }, (_, i) => flow?.items[i] ?? emptyAnswerDraft());
  const index = Math.min(Math.max(flow?.index ?? 0, 0), Math.max(count - 1, 0));
  return { index, collapsed: flow?.collapsed ?? false, items };
}

/**
 * Whether a flow holds anything worth keeping across a reload: a chosen label, custom text, a skip, or a
 * position other than the first question.
 */
export function isFlowTouched(flow: QuestionFlowDraft): boolean {
  return flow.index > 0 || flow.collapsed || flow.items.some((item) => item.skipped || item.selected.length > 0 || item.custom !== '');
}
