/**
 * Where the one open "Add comment" box of a review is: the plan lines it will anchor to (whole blocks), shown under
 * the last block of that range; and the blocks a text selection in the plan touches ("Comment on selected lines" is
 * offered under the last of them). View state of this tab only; the comments themselves are drafts in
 * `comments-store.ts`.
 */
import { create } from 'zustand';

/** The open box: its review and its anchor lines (1-based, inclusive); undefined when none is open. */
export interface ComposerTarget {
  rpcId: string;
  start: number;
  end: number;
}

/** The open box and how to open or close it; `selection`: the blocks the current text selection in a plan touches. */
export const useComposerTarget = create<{
  target: ComposerTarget | undefined;
  selection: ComposerTarget | undefined;
  open: (target: ComposerTarget) => void;
  close: () => void;
  select: (selection: ComposerTarget | undefined) => void;
}>()((set) => ({
  target: undefined,
  selection: undefined,
  open: (target) => set({ target, selection: undefined }),
  close: () => set({ target: undefined }),
  select: (selection) =>
    set((state) =>
      state.selection?.rpcId === selection?.rpcId && state.selection?.start === selection?.start && state.selection?.end === selection?.end
        ? state
        : { selection },
    ),
}));
