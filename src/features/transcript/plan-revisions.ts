/**
 * The revision label of each plan card: the app hands the transcript a map from `exit_plan_mode`
 * call id to the revision's number in its review chain and the chain's length, through context so memoised rows
 * re-render only when the map changes.
 */
import { createContext, useContext } from 'react';

/** A plan card's place in its review chain: v`version` of `total`. */
export interface PlanRevisionLabel {
  version: number;
  total: number;
}

/** Plan revision labels by call id; empty when the app has none. */
export const PlanRevisionsContext = createContext<ReadonlyMap<string, PlanRevisionLabel>>(new Map());

/**
 * @param callId the plan card's tool call id
 * @returns its revision label, or undefined when the call is not a known revision
 */
export function usePlanRevision(callId: string): PlanRevisionLabel | undefined {
  return useContext(PlanRevisionsContext).get(callId);
}
