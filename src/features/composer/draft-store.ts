/**
 * Composer drafts, keyed by sessionId. View state only (what the user is typing), so it lives in zustand and
 * outlives the composer itself: a mode toggle, the review card replacing the composer, or a session switch
 * never loses a draft. Persisted in `sessionStorage` (key `ui-plan:composer-drafts`), so a reload keeps it too;
 * blank drafts are not stored and at most `MAX_PERSISTED_DRAFTS` sessions are. Cleared only when a send succeeds.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { ownEntry, pruneEntries, sessionDraftStorage, touchEntry } from '../../lib/session-persist.ts';

/** The `sessionStorage` key of the composer drafts. */
export const COMPOSER_DRAFTS_KEY = 'ui-plan:composer-drafts';

/** Shape of the composer draft store. */
export type ComposerDraftState = {
  /** sessionId → draft text (absent = empty). */
  drafts: Record<string, string>;
  setDraft: (sessionId: string, text: string) => void;
  clearDraft: (sessionId: string) => void;
};

/**
 * The composer draft store (a zustand hook; `useComposerDraftStore.setState` resets it in tests), persisted to
 * `sessionStorage` under {@link COMPOSER_DRAFTS_KEY} as `{drafts}` (version 1).
 */
export const useComposerDraftStore = create<ComposerDraftState>()(
  persist(
    (set) => ({
      drafts: {},
      setDraft: (sessionId, text) => set((state) => ({ drafts: touchEntry(state.drafts, sessionId, text) })),
      clearDraft: (sessionId) =>
        set((state) => {
          if (!Object.hasOwn(state.drafts, sessionId)) return state;
          const { [sessionId]: _removed, ...rest } = state.drafts;
          return { drafts: rest };
        }),
    }),
    {
      name: COMPOSER_DRAFTS_KEY,
      version: 1,
      storage: sessionDraftStorage<Pick<ComposerDraftState, 'drafts'>>(),
      partialize: (state) => ({ drafts: pruneEntries(state.drafts, (text) => text.trim() !== '') }),
    },
  ),
);

/**
 * The draft of one session.
 * @returns the text, `''` when there is none
 */
export function useComposerDraft(sessionId: string): string {
  return useComposerDraftStore((state) => ownEntry(state.drafts, sessionId) ?? '');
}
