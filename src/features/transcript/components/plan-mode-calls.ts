/** The call ids of the transcript's session that ran while plan mode was on (src/core/plan/acting.ts), for the tool rows. */
import { createContext, useContext } from 'react';

/** The context; empty outside a transcript. */
export const PlanModeCallsContext = createContext<ReadonlySet<string>>(new Set());

/**
 * @param callId a tool call's id
 * @returns whether it can change the workspace and ran while plan mode was on for its step
 */
export function useRanWhilePlanning(callId: string): boolean {
  return useContext(PlanModeCallsContext).has(callId);
}
