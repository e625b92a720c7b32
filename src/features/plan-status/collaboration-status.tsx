/**
 * The session header's collaboration controls: for a session with a `mode` projection (the session-modes variant,
 * seed 002) the mode badge and picker, else the plan-mode badge and picker. Reads the projections from the session layer.
 */
import { useSessionMode, useSessionPlan } from '../../session/hooks.ts';
import { ModePicker } from './mode-picker.tsx';
import { ModeStatusBadge } from './mode-status-badge.tsx';
import { PlanModePicker } from './plan-mode-picker.tsx';
import { PlanStatusBadge } from './plan-status-badge.tsx';

/** @param sessionId the session shown */
export function CollaborationStatus({ sessionId }: { sessionId: string }) {
  const mode = useSessionMode(sessionId);
  const plan = useSessionPlan(sessionId);
  if (mode !== undefined) {
    return (
      <>
        <ModeStatusBadge mode={mode} />
        <ModePicker sessionId={sessionId} />
      </>
    );
  }
  return (
    <>
      <PlanStatusBadge plan={plan} />
      <PlanModePicker sessionId={sessionId} />
    </>
  );
}
