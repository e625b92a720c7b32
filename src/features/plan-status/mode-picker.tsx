/**
 * The collaboration-mode picker of the session-modes variant (seed 002): one toggle button per mode that `session.modes`
 * lists (Default first), pressed at the `mode` projection's target (`pending ?? current`), never the last click,
 * and the pending target labelled. Choosing sends `session.setMode`; the projection then moves the pressed button.
 * It sends nothing while a plan review is pending or the session is read-only. The button group itself
 * is `CollaborationPicker`.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MODE } from '../../core/modes/fold.ts';
import { modeTargetOf } from '../../core/modes/projection.ts';
import type { ModeProjectionValue } from '../../core/protocol/methods.ts';
import { callMethod } from '../../lib/api-client.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { sessionModesQueryOptions } from '../../lib/queries.ts';
import { CollaborationPicker } from './collaboration-picker.tsx';
import { useCopy } from '../../lib/language.ts';
import { planStatusLocales } from './locales.ts';

/** Props of {@link ModePicker}. */
export type ModePickerProps = {
  sessionId: string;
  /** The `mode` projection value; `undefined` leaves every button unpressed (state unknown). */
  mode: ModeProjectionValue | undefined;
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
 * The buttons to show: the host's list with `default` first; before it arrives, `default` plus the modes the
 * projection names, so the pressed button is never missing.
 * @param listed `session.modes().modes`, or `undefined` while loading or after a failure
 * @param mode the projection value
 */
export function modeOptionsOf(listed: readonly string[] | undefined, mode: ModeProjectionValue | undefined): string[] {
  const names = listed ?? [mode?.current, mode?.pending].filter((name): name is string => name !== undefined);
  return [DEFAULT_MODE, ...names.filter((name, index) => name !== DEFAULT_MODE && names.indexOf(name) === index)];
}

/**
 * Group "Collaboration mode" of toggle buttons, one per mode, pressed at the `mode` projection's target; while a switch
 * is pending the note says when it applies; an alert says when the list of modes could not be loaded.
 * Disabled while a call is in flight, while the downlink is not open ("Reconnecting…" shown), while `reviewPending` (reason shown) and when `readOnly` (a short "Read-only"
 * marker whose `title` is `readOnlyReason`).
 */
export function ModePicker({ sessionId, mode, reviewPending, readOnly = false, readOnlyReason, connection, running = false }: ModePickerProps) {
  const copy = useCopy(planStatusLocales);
  const offline = offlineReason(connection);
  const pending = mode?.pending !== undefined && mode.pending !== mode.current ? mode.pending : undefined;
  const modes = useQuery({ ...sessionModesQueryOptions(sessionId), enabled: !readOnly });

  return (
    <CollaborationPicker
      sessionId={sessionId}
      options={modeOptionsOf(modes.data?.modes, mode).map((name) => ({ value: name, label: copy.modeLabel(name) }))}
      checked={mode === undefined ? undefined : modeTargetOf(mode)}
      pending={pending}
      disabled={readOnly || reviewPending || offline !== undefined}
      reason={reviewPending ? copy.reviewPendingReason : readOnly ? copy.readOnlyMarker : offline}
      reasonDetail={!reviewPending && readOnly ? readOnlyReason : undefined}
      note={pending === undefined ? undefined : copy.modePendingNote(pending, running)}
      alert={modes.error ? copy.modesUnavailable(describeApiError(modes.error)) : undefined}
      choose={(target) => callMethod('session.setMode', { sessionId, mode: target })}
    />
  );
}
