/**
 * The audits of approved plans by the `turn/end` that closed their turn, per session, so the transcript's turn-end row
 * can carry its plan's audit. The lazy Plan progress chunk computes them (src/core/plan/progress.ts) and publishes
 * them here; this module stays tiny so the transcript reads it on the first load.
 */
import { create } from 'zustand';

/** One audit as the transcript words it: steps done of all, not done, extras. */
export interface TurnAudit {
  done: number;
  total: number;
  notDone: number;
  extra: number;
}

const NONE: ReadonlyMap<number, TurnAudit> = new Map();

interface TurnAuditsState {
  bySession: Readonly<Record<string, ReadonlyMap<number, TurnAudit>>>;
}

const useTurnAuditsStore = create<TurnAuditsState>(() => ({ bySession: {} }));

/**
 * Publish a session's audits (replaces what it had).
 * @param sessionId the session
 * @param audits audit by the seq of the `turn/end` that closed its turn
 */
export function publishTurnAudits(sessionId: string, audits: ReadonlyMap<number, TurnAudit>): void {
  useTurnAuditsStore.setState((state) => ({ bySession: { ...state.bySession, [sessionId]: audits } }));
}

/**
 * @param sessionId the session
 * @returns its audits by `turn/end` seq (empty until Plan progress published any)
 */
export function useTurnAudits(sessionId: string): ReadonlyMap<number, TurnAudit> {
  return useTurnAuditsStore((state) => (Object.hasOwn(state.bySession, sessionId) ? state.bySession[sessionId]! : NONE));
}
