/**
 * The collaboration-mode picker: two toggle buttons (Default / Plan), the pressed one always the `plan` projection's
 * effective target, never the last click; while that target is pending (asked for, not yet in force, e.g.
 * `{false,true}` while a switch is queued mid-turn) the pressed button is labelled "(pending)" and the note says
 * whether it applies from the agent's next step (a turn runs) or with the next message. Choosing asks the host to set
 * plan mode (`requestPlanMode`); the projection then moves the pressed button. It sends nothing while a plan review is
 * pending, the session is read-only or the downlink is not open. With nothing pending the note says in short what plan
 * mode adds to every request (a fold loaded lazily, off the first load), and the Plan button's description says it in full. Everything is read from the session layer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { lazyModule } from '../../lib/lazy-module.ts';
import { capabilityNow } from '../../lib/queries.ts';
import { useSlice } from '../../session/select.ts';
import { useSessionPlan, useSessionRunning } from '../../session/hooks.ts';
import { useCopy } from '../../lib/language.ts';
import { requestPlanMode } from './api/set-plan-mode.ts';
import { CollaborationPicker } from './collaboration-picker.tsx';
import { PLAN_MODE_VALUES, planChoiceOf } from './model/choice.ts';
import { usePickerBlock } from './use-picker-block.ts';
import { planStatusLocales } from './locales.ts';

const planCost = lazyModule(() => import('../../core/model-view/plan-cost.ts'));

/**
 * Group "Collaboration mode" of two toggle buttons, "Default" and "Plan", pressed at the `plan` projection's effective
 * target (`data-mode` `default` / `plan`); while that target is pending, the note says when it applies.
 * @param sessionId the session shown
 */
export function PlanModePicker({ sessionId }: { sessionId: string }) {
  const copy = useCopy(planStatusLocales);
  const plan = useSessionPlan(sessionId);
  const queryClient = useQueryClient();
  const running = useSessionRunning(sessionId);
  const block = usePickerBlock(sessionId);
  const { checked, pending, target } = planChoiceOf(plan);
  const cost = planCost.use(plan !== undefined);
  const slice = useSlice(sessionId);
  // Off the hot path: with the host's `modelView` projection the estimate changes only with that row; the loaded
  // events are read only on a host without it (a plain dsh host).
  const row = cost ? slice.projections[cost.MODEL_VIEW_PROJECTION_KEY] : undefined;
  const events = row === undefined ? slice.events : undefined;
  const tokens = useMemo(() => cost?.planModeTokens(row, events ?? []), [cost, row, events]);
  return (
    <CollaborationPicker
      sessionId={sessionId}
      options={[
        { value: PLAN_MODE_VALUES.off, label: copy.defaultMode },
        // The cost in full is the Plan button's description (tooltip on hover or focus); the note says it in short.
        { value: PLAN_MODE_VALUES.on, label: copy.planMode, description: cost ? copy.planCostNote(tokens) : undefined },
      ]}
      checked={checked}
      pending={pending}
      disabled={block.disabled}
      reason={block.reason}
      reasonDetail={block.reasonDetail}
      // While the picker is blocked its reason is the note that matters (the header has room for one at 1280 px).
      note={
        pending !== undefined && target !== undefined ? copy.planPendingNote(target, running) : cost && !block.disabled ? copy.planCostShort(tokens) : undefined
      }
      // Decided when chosen, never from what this render read (host.describe may not have answered yet).
      choose={(value) => requestPlanMode(sessionId, value === PLAN_MODE_VALUES.on, () => capabilityNow(queryClient, 'setPlanMode'))}
    />
  );
}
