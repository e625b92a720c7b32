/**
 * Drafts of the generic question flow, keyed by the carrier key `q:<rpcId>` (docs/upstream-spec.md §3.4): one draft
 * per question, the current position and the collapsed flag. A question re-sent with the same rpcId (mux
 * reopen) finds its drafts; a new rpcId starts fresh. A `createDraftStore` store (view state, persisted in
 * `sessionStorage` under `ui-plan:question-drafts`); untouched flows are not stored.
 */
import type { AnswerDraft } from '../../core/questions/encode.ts';
import { createDraftStore } from '../../lib/draft-store.ts';

/** The `sessionStorage` key of the question drafts. */
export const QUESTION_DRAFTS_KEY = 'ui-plan:question-drafts';

/** Flow state of one question batch. `items[i]` is the draft of question `i`; `index` is the shown question. */
export type QuestionFlowDraft = { index: number; collapsed: boolean; items: AnswerDraft[] };

/**
 * The draft key of a question batch (docs/upstream-spec.md §3.4, §6 item 94).
 * @param rpcId the `question/requested` frame's rpcId
 * @returns `q:<rpcId>`
 */
export function questionDraftKey(rpcId: string): string {
  return `q:${rpcId}`;
}

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

/**
 * The question draft store: `q:<rpcId>` → flow state (see `createDraftStore`; version 1 stored `{flows}`). Write a
 * flow through `update(key, (flow) => change(normaliseFlow(flow, count)))`, so it always fits its batch.
 */
export const useQuestionDraftStore = createDraftStore<QuestionFlowDraft>({ name: QUESTION_DRAFTS_KEY, keep: isFlowTouched, legacyField: 'flows' });
