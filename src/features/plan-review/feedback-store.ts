/**
 * Plan-review feedback drafts, keyed by the question's rpcId. View state only: the text survives the card
 * unmounting and remounting (session switch, a re-sent question with the same rpcId); a new rpcId starts empty.
 * Persisted in `sessionStorage` (key `ui-plan:review-feedback`) so a reload keeps it; blank texts are not stored
 * and at most `MAX_PERSISTED_DRAFTS` questions are.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { pruneEntries, sessionDraftStorage, touchEntry } from '../../lib/session-persist.ts';

/** The `sessionStorage` key of the feedback drafts. */
export const REVIEW_FEEDBACK_KEY = 'ui-plan:review-feedback';

/** Shape of the feedback draft store. */
export type ReviewFeedbackState = {
  /** question rpcId → feedback text (absent = empty). */
  feedback: Record<string, string>;
  setFeedback: (rpcId: string, text: string) => void;
  clearFeedback: (rpcId: string) => void;
};

/**
 * The feedback draft store (a zustand hook; `useReviewFeedbackStore.setState` resets it in tests), persisted to
 * `sessionStorage` under {@link REVIEW_FEEDBACK_KEY} as `{feedback}` (version 1).
 */
export const useReviewFeedbackStore = create<ReviewFeedbackState>()(
  persist(
    (set) => ({
      feedback: {},
      setFeedback: (rpcId, text) => set((state) => ({ feedback: touchEntry(state.feedback, rpcId, text) })),
      clearFeedback: (rpcId) =>
        set((state) => {
          if (!Object.hasOwn(state.feedback, rpcId)) return state;
          const { [rpcId]: _removed, ...rest } = state.feedback;
          return { feedback: rest };
        }),
    }),
    {
      name: REVIEW_FEEDBACK_KEY,
      version: 1,
      storage: sessionDraftStorage<Pick<ReviewFeedbackState, 'feedback'>>(),
      partialize: (state) => ({ feedback: pruneEntries(state.feedback, (text) => text.trim() !== '') }),
    },
  ),
);
