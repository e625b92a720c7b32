/**
 * The collaboration-mode picker of the session-modes variant (seed 002): one radio per mode that `session.modes`
 * lists (Default first), checked at the `mode` projection's target (`pending ?? current`), never the last click,
 * and the pending target labelled. Choosing sends `session.setMode`; the projection then moves the checked radio.
 * It sends nothing while a plan review is pending or the session is read-only. The radiogroup itself is
 * `CollaborationPicker`.
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
  /** The `mode` projection value; `undefined` leaves every radio unchecked (state unknown). */
  mode: ModeProjectionValue | undefined;
  /** A plan review is waiting for the user: the picker is disabled with a visible reason. */
  reviewPending: boolean;
  readOnly?: boolean;
  /** Why the session is read-only: the `title` of the short "Read-only" marker (none when undefined). */
  readOnlyReason?: string | undefined;
  /** The downlink state; anything but `connected` disables the picker with the reason shown. Undefined = connected. */
  connection?: ConnectionState | undefined;
};

/**
 * The radios to show: the host's list with `default` first; before it arrives, `default` plus the modes the
 * projection names, so the checked radio is never missing.
 * @param listed `session.modes().modes`, or `undefined` while loading or after a failure
 * @param mode the projection value
 */
export function modeOptionsOf(listed: readonly string[] | undefined, mode: ModeProjectionValue | undefined): string[] {
  const names = listed ?? [mode?.current, mode?.pending].filter((name): name is string => name !== undefined);
  return [DEFAULT_MODE, ...names.filter((name, index) => name !== DEFAULT_MODE && names.indexOf(name) === index)];
}

/**
 * Radio group "Collaboration mode" with every mode (arrow keys move and choose, roving tabindex), checked at the
 * `mode` projection's target; an alert says when the list of modes could not be loaded.
 * Disabled while a call is in flight, while the downlink is not open ("Reconnecting…" shown), while `reviewPending` (reason shown) and when `readOnly` (a short "Read-only"
 * marker whose `title` is `readOnlyReason`).
 */
export function ModePicker({ sessionId, mode, reviewPending, readOnly = false, readOnlyReason, connection }: ModePickerProps) {
  const copy = useCopy(planStatusLocales);
  const offline = offlineReason(connection);
  const modes = useQuery({ ...sessionModesQueryOptions(sessionId), enabled: !readOnly });

  return (
    <CollaborationPicker
      sessionId={sessionId}
      options={modeOptionsOf(modes.data?.modes, mode).map((name) => ({ value: name, label: copy.modeLabel(name) }))}
      checked={mode === undefined ? undefined : modeTargetOf(mode)}
      pending={mode?.pending !== undefined && mode.pending !== mode.current ? mode.pending : undefined}
      disabled={readOnly || reviewPending || offline !== undefined}
      reason={reviewPending ? copy.reviewPendingReason : readOnly ? copy.readOnlyMarker : offline}
      reasonDetail={!reviewPending && readOnly ? readOnlyReason : undefined}
      alert={modes.error ? copy.modesUnavailable(describeApiError(modes.error)) : undefined}
      choose={async (target) => copy.modeOutcome((await callMethod('session.setMode', { sessionId, mode: target })).state, target)}
    />
  );
}
