/**
 * Drafts of the generic question flow, keyed by the carrier key `q:<rpcId>` (docs/upstream-spec.md §3.4): one draft
 * per question, the current position and the collapsed flag. A question re-sent with the same rpcId (mux
 * reopen) finds its drafts; a new rpcId starts fresh. A `createDraftStore` store (view state, persisted in
 * `sessionStorage` under `ui-plan:question-drafts`); untouched flows are not stored.
 */
import { createDraftStore } from '../../lib/draft-store.ts';
import { isFlowTouched, type QuestionFlowDraft } from './model/flow-draft.ts';

/** The `sessionStorage` key of the question drafts. */
export const QUESTION_DRAFTS_KEY = 'ui-plan:question-drafts';

/**
 * The draft key of a question batch (docs/upstream-spec.md §3.4, §6 item 94).
 * @param rpcId the `question/requested` frame's rpcId
 * @returns `q:<rpcId>`
 */
export function questionDraftKey(rpcId: string): string {
  return `q:${rpcId}`;
}

/**
 * The question draft store: `q:<rpcId>` → flow state (see `createDraftStore`; version 1 stored `{flows}`). Write a
 * flow through `update(key, (flow) => change(normaliseFlow(flow, count)))`, so it always fits its batch.
 */
export const useQuestionDraftStore = createDraftStore<QuestionFlowDraft>({ name: QUESTION_DRAFTS_KEY, keep: isFlowTouched, legacyField: 'flows' });
