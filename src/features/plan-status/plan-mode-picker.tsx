/**
 * The collaboration-mode picker: a two-radio group (Default / Plan) whose checked radio is always the `plan`
 * projection's effective target, never the last click; while that target is pending (asked for, not yet in force,
 * e.g. `{false,true}` while a switch is queued mid-turn) the checked radio is labelled "(pending)". Choosing asks the host to set plan mode
 * (`session.setPlanMode`, or `/plan` / `/plan off` on a plain dsh host) and shows the outcome briefly;
 * the projection then moves the checked radio. It sends nothing while a plan review is pending.
 * The radiogroup itself is `CollaborationPicker`.
 */
import { effectiveTarget } from '../../core/plan/fold.ts';
import type { Capabilities, PlanProjectionValue } from '../../core/protocol/methods.ts';
import { callMethod } from '../../lib/api-client.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { CollaborationPicker } from './collaboration-picker.tsx';
import { currentCopy, useCopy } from '../../lib/language.ts';
import { planStatusLocales } from './locales.ts';

/** Radio values (and `data-mode`) of the two plan-mode radios. */
const DEFAULT = 'default';
const PLAN = 'plan';

/** Props of {@link PlanModePicker}. */
export type PlanModePickerProps = {
  sessionId: string;
  /** The `plan` projection value; `undefined` leaves both radios unchecked (state unknown). */
  plan: PlanProjectionValue | undefined;
  /** `host.describe().capabilities`; `undefined` on a plain dsh host. */
  capabilities: Capabilities | undefined;
  /** A plan review is waiting for the user: the picker is disabled with a visible reason. */
  reviewPending: boolean;
  readOnly?: boolean;
  /** Why the session is read-only: the `title` of the short "Read-only" marker (none when undefined). */
  readOnlyReason?: string | undefined;
  /** The downlink state; anything but `connected` disables the picker with the reason shown. Undefined = connected. */
  connection?: ConnectionState | undefined;
};

/**
 * Ask the host to set plan mode and describe the result for the status line.
 * Uses `session.setPlanMode` (= `ctx.planMode.set`, upstream spec §1.5) when the host advertises it, else
 * `commands/execute` of `/plan` or `/plan off` with `agentId = sessionId` (PROTOCOL.md "Fallback"; upstream spec §1.8).
 * @param active the requested target (`true` = plan mode)
 * @returns the text to show: the outcome wording, or the command's `result.text`
 * @throws ApiError from the transport; `Error` for an unmatched command or a command `error` result
 */
export async function requestPlanMode(sessionId: string, active: boolean, capabilities: Capabilities | undefined): Promise<string> {
  const copy = currentCopy(planStatusLocales);
  if (capabilities?.setPlanMode) {
    const value = await callMethod('session.setPlanMode', { sessionId, active });
    return copy.outcome(value.outcome, active);
  }
  const line = active ? '/plan' : '/plan off';
  const value = await callMethod('commands/execute', { args: { agentId: sessionId, line, images: [] } });
  if (value === undefined) throw new Error(copy.unknownCommand(line));
  if (value.result.kind === 'error') throw new Error(value.result.text ?? copy.commandFailed);
  return value.result.text ?? '';
}

/**
 * Radio group "Collaboration mode" with "Default" and "Plan" (arrow keys move and choose, roving tabindex), checked at
 * the `plan` projection's effective target (`data-mode` `default` / `plan`).
 * Disabled while a call is in flight, while the downlink is not open ("Reconnecting…" shown), while `reviewPending` (reason shown), and when `readOnly` (a short "Read-only"
 * marker whose `title` is `readOnlyReason`).
 */
export function PlanModePicker({ sessionId, plan, capabilities, reviewPending, readOnly = false, readOnlyReason, connection }: PlanModePickerProps) {
  const copy = useCopy(planStatusLocales);
  const offline = offlineReason(connection);
  const target = plan === undefined ? undefined : effectiveTarget(plan);
  const checked = target === undefined ? undefined : target ? PLAN : DEFAULT;
  return (
    <CollaborationPicker
      sessionId={sessionId}
      options={[
        { value: DEFAULT, label: copy.defaultMode },
        { value: PLAN, label: copy.planMode },
      ]}
      checked={checked}
      pending={plan?.pending === true ? checked : undefined}
      disabled={readOnly || reviewPending || offline !== undefined}
      reason={reviewPending ? copy.reviewPendingReason : readOnly ? copy.readOnlyMarker : offline}
      reasonDetail={!reviewPending && readOnly ? readOnlyReason : undefined}
      choose={(value) => requestPlanMode(sessionId, value === PLAN, capabilities)}
    />
  );
}
