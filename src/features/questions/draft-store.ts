/**
 * Drafts of the generic question flow, keyed by the carrier key `q:<rpcId>` (upstream spec §3.4): one draft
 * per question, the current position and the collapsed flag. A question re-sent with the same rpcId (mux
 * reopen) finds its drafts; a new rpcId starts fresh. View state only, so it lives in zustand.
 */
import { create } from 'zustand';
import type { AnswerDraft } from '../../core/questions/encode.ts';

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

/** The question draft store (a zustand hook; `useQuestionDraftStore.setState` resets it in tests). */
export const useQuestionDraftStore = create<QuestionDraftState>()((set) => ({
  flows: {},
  updateFlow: (key, count, update) =>
    set((state) => ({ flows: { ...state.flows, [key]: update(normaliseFlow(state.flows[key], count)) } })),
  dropFlow: (key) =>
    set((state) => {
      if (!(key in state.flows)) return state;
      const { [key]: _removed, ...rest } = state.flows;
      return { flows: rest };
    }),
}));
