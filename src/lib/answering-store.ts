/**
 * Which questions this tab is answering (view state, not persisted): a plan review or generic question flow marks its
 * rpcId when it sends an answer and unmarks it when the send fails. When a question resolves, the dock reads it to
 * tell an answer from this tab (its drafts are spent) from one given elsewhere — another tab, another client, or a
 * host that dropped the question — whose typed text must not vanish.
 */
import { create } from 'zustand';
import { ownEntry } from './session-persist.ts';

/** Shape of the answering store. */
export interface AnsweringState {
  /** rpcId → true while (or after) this tab sent an answer for it. */
  answering: Readonly<Record<string, true>>;
  /** Mark a question as answered from this tab (call before sending). */
  mark: (rpcId: string) => void;
  /** Forget a question: its send failed, or it resolved and its drafts were dealt with. */
  unmark: (rpcId: string) => void;
}

/** The answering store (a zustand hook; `useAnsweringStore.setState({answering: {}})` resets it in tests). */
export const useAnsweringStore = create<AnsweringState>()((set) => ({
  answering: {},
  mark: (rpcId) => set((state) => (ownEntry(state.answering, rpcId) ? state : { answering: { ...state.answering, [rpcId]: true } })),
  unmark: (rpcId) =>
    set((state) => {
      if (!Object.hasOwn(state.answering, rpcId)) return state;
      const { [rpcId]: _removed, ...rest } = state.answering;
      return { answering: rest };
    }),
}));

/**
 * Whether this tab sent an answer for a question.
 * @param rpcId the question's rpcId
 */
export function isAnsweredHere(rpcId: string): boolean {
  return ownEntry(useAnsweringStore.getState().answering, rpcId) === true;
}
