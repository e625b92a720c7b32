/**
 * The collaboration-mode picker: two toggle buttons (Default / Plan), the pressed one always the `plan` projection's
 * effective target, never the last click; while that target is pending (asked for, not yet in force, e.g.
 * `{false,true}` while a switch is queued mid-turn) the pressed button is labelled "(pending)" and the note says
 * whether it applies from the agent's next step (a turn runs) or with the next message. Choosing asks the host to set
 * plan mode (`session.setPlanMode`, or `/plan` / `/plan off` on a plain dsh host); the projection then moves the
 * pressed button. It sends nothing while a plan review is pending. The button group itself is `CollaborationPicker`.
 */
import { effectiveTarget } from '../../core/plan/fold.ts';
import type { Capabilities, PlanProjectionValue } from '../../core/protocol/methods.ts';
import { callMethod } from '../../lib/api-client.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { CollaborationPicker } from './collaboration-picker.tsx';
import { currentCopy, useCopy } from '../../lib/language.ts';
import { planStatusLocales } from './locales.ts';

/** Values (and `data-mode`) of the two plan-mode buttons. */
const DEFAULT = 'default';
const PLAN = 'plan';

/** Props of {@link PlanModePicker}. */
export type PlanModePickerProps = {
  sessionId: string;
  /** The `plan` projection value; `undefined` leaves both buttons unpressed (state unknown). */
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
  /** A turn runs: a pending switch applies from the agent's next step, else with the next message (the note says which). */
  running?: boolean | undefined;
};

/**
 * Ask the host to set plan mode. What became of it (committed, queued, cancelled) is read from the `plan` projection
 * afterwards, like the badge, never from this answer, so the note and the badge cannot disagree.
 * Uses `session.setPlanMode` (= `ctx.planMode.set`, docs/upstream-spec.md §1.5) when the host advertises it, else
 * `commands/execute` of `/plan` or `/plan off` with `agentId = sessionId` (docs/protocol.md "Fallback"; docs/upstream-spec.md §1.8).
 * @param active the requested target (`true` = plan mode)
 * @returns the host's answer: the `session.setPlanMode` outcome, or the command's `result.text` (`''` when none)
 * @throws ApiError from the transport; `Error` for an unmatched command or a command `error` result
 */
export async function requestPlanMode(sessionId: string, active: boolean, capabilities: Capabilities | undefined): Promise<string> {
  const copy = currentCopy(planStatusLocales);
  if (capabilities?.setPlanMode) return (await callMethod('session.setPlanMode', { sessionId, active })).outcome;
  const line = active ? '/plan' : '/plan off';
  const value = await callMethod('commands/execute', { args: { agentId: sessionId, line, images: [] } });
  if (value === undefined) throw new Error(copy.unknownCommand(line));
  if (value.result.kind === 'error') throw new Error(value.result.text ?? copy.commandFailed);
  return value.result.text ?? '';
}

/**
 * Group "Collaboration mode" of two toggle buttons, "Default" and "Plan", pressed at the `plan` projection's effective
 * target (`data-mode` `default` / `plan`); while that target is pending, the note says when it applies.
 * Disabled while a call is in flight, while the downlink is not open ("Reconnecting…" shown), while `reviewPending` (reason shown), and when `readOnly` (a short "Read-only"
 * marker whose `title` is `readOnlyReason`).
 */
export function PlanModePicker({
  sessionId,
  plan,
  capabilities,
  reviewPending,
  readOnly = false,
  readOnlyReason,
  connection,
  running = false,
}: PlanModePickerProps) {
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
      note={plan?.pending === true && target !== undefined ? copy.planPendingNote(target, running) : undefined}
      choose={(value) => requestPlanMode(sessionId, value === PLAN, capabilities)}
    />
  );
}
