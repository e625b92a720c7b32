/**
 * The review card's note on acting while planning: how many calls that can change files the agent made while plan
 * mode was on since the previous plan (src/core/plan/acting.ts), with a link to each. Nothing when there are none.
 */
import { useMemo } from 'react';
import type { ToolCallData } from '../../../core/log/types.ts';
import { useCopy } from '../../../lib/language.ts';
import { useCallsWhilePlanning } from '../../../session/acting.ts';
import { useSlice } from '../../../session/select.ts';
import { planReviewLocales } from '../locales.ts';

/**
 * @param sessionId the session under review
 * @param onShowCall show a call's row in the transcript
 */
export function PlanningCallsNote({ sessionId, onShowCall }: { sessionId: string; onShowCall?: ((callId: string) => void) | undefined }) {
  const copy = useCopy(planReviewLocales);
  const slice = useSlice(sessionId);
  const planningCalls = useCallsWhilePlanning(sessionId);
  const calls = useMemo(() => {
    // Since the exit_plan_mode call before the one under review (the previous plan), up to the one under review.
    const exits = slice.events.filter((e) => e.type === 'tool/call' && (e.data as ToolCallData | null)?.name === 'exit_plan_mode').map((e) => e.seq);
    const current = exits.at(-1) ?? Number.POSITIVE_INFINITY;
    const previous = exits.length > 1 ? exits.at(-2)! : -1;
    return planningCalls.filter((c) => c.seq > previous && c.seq < current);
  }, [slice.events, planningCalls]);
  if (calls.length === 0) return null;
  return (
    <p className="plan-review__planning-calls">
      {/* On a narrow card the sentence gives way (cut, whole in its tooltip); the links to the calls stay on screen. */}
      <span className="plan-review__planning-calls-text" title={copy.planningCalls(calls.length)}>
        {copy.planningCalls(calls.length)}
      </span>{' '}
      {calls.map((call, i) => (
        <span key={call.callId} className="plan-review__planning-call">
          {i > 0 ? ', ' : ''}
          {onShowCall ? (
            <button type="button" className="link-button plan-review__call-link" onClick={() => onShowCall(call.callId)}>
              {call.name}
            </button>
          ) : (
            <code>{call.name}</code>
          )}
        </span>
      ))}
    </p>
  );
}
