/**
 * Drafts of the generic question flow, keyed by the carrier key `q:<rpcId>` (upstream spec §3.4): one draft
 * per question, the current position and the collapsed flag. A question re-sent with the same rpcId (mux
 * reopen) finds its drafts; a new rpcId starts fresh. View state only, so it lives in zustand. Persisted in
 * `sessionStorage` (key `ui-plan:question-drafts`) so a reload keeps it; untouched flows are not stored and at
 * most `MAX_PERSISTED_DRAFTS` batches are.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AnswerDraft } from '../../core/questions/encode.ts';
import { ownEntry, pruneEntries, sessionDraftStorage, touchEntry } from '../../lib/session-persist.ts';

/** The `sessionStorage` key of the question drafts. */
export const QUESTION_DRAFTS_KEY = 'ui-plan:question-drafts';

/** Flow state of one question batch. `items[i]` is the draft of question `i`; `index` is the shown question. */
export type QuestionFlowDraft = { index: number; collapsed: boolean; items: AnswerDraft[] };

/** Shape of the question draft store. */
export type QuestionDraftState = {
  /** `q:<rpcId>` → flow state (absent = fresh). */
  flows: Record<string, QuestionFlowDraft>;
  /** Replace one flow's state with `update(current)`, where `current` is normalised to `count` questions. */
  updateFlow: (key: string, count: number, update: (flow: QuestionFlowDraft) => QuestionFlowDraft) => void;
  dropFlow: (key: string) => void;
};

/**
 * The draft key of a question batch (upstream spec §3.4, §6 item 94).
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
 * The question draft store (a zustand hook; `useQuestionDraftStore.setState` resets it in tests), persisted to
 * `sessionStorage` under {@link QUESTION_DRAFTS_KEY} as `{flows}` (version 1).
 */
export const useQuestionDraftStore = create<QuestionDraftState>()(
  persist(
    (set) => ({
      flows: {},
      updateFlow: (key, count, update) => set((state) => ({ flows: touchEntry(state.flows, key, update(normaliseFlow(ownEntry(state.flows, key), count))) })),
      dropFlow: (key) =>
        set((state) => {
          if (!Object.hasOwn(state.flows, key)) return state;
          const { [key]: _removed, ...rest } = state.flows;
          return { flows: rest };
        }),
    }),
    {
      name: QUESTION_DRAFTS_KEY,
      version: 1,
      storage: sessionDraftStorage<Pick<QuestionDraftState, 'flows'>>(),
      partialize: (state) => ({ flows: pruneEntries(state.flows, isFlowTouched) }),
    },
  ),
);
