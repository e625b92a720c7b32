/**
 * Where the one open "Add comment" box of a review is: the plan lines it will anchor to (whole blocks), shown under
 * the last block of that range. View state of this tab only; the comments themselves are drafts in
 * `comments-store.ts`.
 */
import { create } from 'zustand';

/** The open box: its review and its anchor lines (1-based, inclusive); undefined when none is open. */
export interface ComposerTarget {
  rpcId: string;
  start: number;
  end: number;
}

/** The open box and how to open or close it. */
export const useComposerTarget = create<{ target: ComposerTarget | undefined; open: (target: ComposerTarget) => void; close: () => void }>()((set) => ({
  target: undefined,
  open: (target) => set({ target }),
  close: () => set({ target: undefined }),
}));
