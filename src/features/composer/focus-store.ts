/**
 * The composer's focus request: view state shared by the app (which asks for focus when a question card goes
 * away) and the composer (which takes it). A request made while no composer is mounted waits for the next one to
 * mount; the composer that takes it clears it, so a request is honoured once.
 */
import { create } from 'zustand';

/** Shape of the composer focus store. */
export type ComposerFocusState = {
  /** A focus request is waiting for a composer to take it. */
  wanted: boolean;
  /** Ask for the composer's textbox to get keyboard focus. */
  request: () => void;
  /** The composer took the focus: clear the request. */
  taken: () => void;
};

/** The composer focus store (a zustand hook; `useComposerFocusStore.setState` resets it in tests). */
export const useComposerFocusStore = create<ComposerFocusState>()((set) => ({
  wanted: false,
  request: () => set({ wanted: true }),
  taken: () => set((state) => (state.wanted ? { wanted: false } : state)),
}));
