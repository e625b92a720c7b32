/**
 * Composer drafts, keyed by sessionId. View state only (what the user is typing), so it lives in zustand and
 * outlives the composer itself: a mode toggle, the review card replacing the composer, or a session switch
 * never loses a draft. Cleared only when a send succeeds.
 */
import { create } from 'zustand';

/** Shape of the composer draft store. */
export type ComposerDraftState = {
  /** sessionId → draft text (absent = empty). */
  drafts: Record<string, string>;
  setDraft: (sessionId: string, text: string) => void;
  clearDraft: (sessionId: string) => void;
};

/** The composer draft store (a zustand hook; `useComposerDraftStore.setState` resets it in tests). */
export const useComposerDraftStore = create<ComposerDraftState>()((set) => ({
  drafts: {},
  setDraft: (sessionId, text) => set((state) => ({ drafts: { ...state.drafts, [sessionId]: text } })),
  clearDraft: (sessionId) =>
    set((state) => {
      if (!(sessionId in state.drafts)) return state;
      const { [sessionId]: _removed, ...rest } = state.drafts;
      return { drafts: rest };
    }),
}));

/**
 * The draft of one session.
 * @returns the text, `''` when there is none
 */
export function useComposerDraft(sessionId: string): string {
  return useComposerDraftStore((state) => state.drafts[sessionId] ?? '');
}
