/**
 * The revision label of each plan card: the transcript hands its rows the map of `model/plan-revisions.ts` (call id →
 * the revision's number in its review chain and the chain's length) through context, so memoised rows re-render only
 * when the map changes.
 */
import { createContext, useContext } from 'react';
import type { PlanRevisionLabel } from '../model/plan-revisions.ts';

/** Plan revision labels by call id; empty when the history has none. */
export const PlanRevisionsContext = createContext<ReadonlyMap<string, PlanRevisionLabel>>(new Map());

/**
 * @param callId the plan card's tool call id
 * @returns its revision label, or undefined when the call is not a known revision
 */
export function usePlanRevision(callId: string): PlanRevisionLabel | undefined {
  return useContext(PlanRevisionsContext).get(callId);
}
