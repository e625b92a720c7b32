/**
 * The calls a session's agent made while planning (src/core/plan/acting.ts), folded on from the last fold of the
 * session while its loaded events only grow at the end, so a new event costs one step of the rule, not a pass over the
 * log. Shared by the transcript's marks and the review card's count.
 */
import { useMemo } from 'react';
import { foldActing, type ActingFold, type PlanModeCall } from '../core/plan/acting.ts';
import { useSlice } from './select.ts';

/** The last fold of each session. */
const lastFolds = new Map<string, ActingFold>();

/**
 * @param sessionId the session
 * @returns the calls that can change the workspace made while plan mode was on, in log order, of its loaded events
 */
export function useCallsWhilePlanning(sessionId: string): readonly PlanModeCall[] {
  const slice = useSlice(sessionId);
  return useMemo(() => {
    const fold = foldActing(slice.events, slice.views, lastFolds.get(sessionId));
    lastFolds.set(sessionId, fold);
    return fold.calls;
  }, [sessionId, slice.events, slice.views]);
}
