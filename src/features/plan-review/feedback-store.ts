/**
 * Plan-review feedback drafts, keyed by the question's rpcId. View state only: the text survives the card
 * unmounting and remounting (session switch, a re-sent question with the same rpcId); a new rpcId starts empty.
 */
import { create } from 'zustand';

/** Shape of the feedback draft store. */
export type ReviewFeedbackState = {
  /** question rpcId → feedback text (absent = empty). */
  feedback: Record<string, string>;
  setFeedback: (rpcId: string, text: string) => void;
  clearFeedback: (rpcId: string) => void;
};

/** The feedback draft store (a zustand hook; `useReviewFeedbackStore.setState` resets it in tests). */
export const useReviewFeedbackStore = create<ReviewFeedbackState>()((set) => ({
  feedback: {},
  setFeedback: (rpcId, text) => set((state) => ({ feedback: { ...state.feedback, [rpcId]: text } })),
  clearFeedback: (rpcId) =>
    set((state) => {
      if (!(rpcId in state.feedback)) return state;
      const { [rpcId]: _removed, ...rest } = state.feedback;
      return { feedback: rest };
    }),
}));
