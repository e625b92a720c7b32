/**
 * The collaboration-mode picker of the session-modes variant (seed 002): one toggle button per mode that `session.modes`
 * lists (Default first), pressed at the `mode` projection's target (`pending ?? current`), never the last click,
 * and the pending target labelled. Choosing sends `session.setMode` (`requestMode`); the projection then moves the
 * pressed button. It sends nothing while a plan review is pending, the session is read-only or the downlink is not
 * open. Everything is read from the session layer.
 */
import { useQuery } from '@tanstack/react-query';
import { modeTargetOf } from '../../core/modes/projection.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { sessionModesQueryOptions } from '../../lib/queries.ts';
import { useCopy } from '../../lib/language.ts';
import { useSessionMode, useSessionRunning } from '../../session/hooks.ts';
import { requestMode } from './api/set-mode.ts';
import { CollaborationPicker } from './collaboration-picker.tsx';
import { modeOptionsOf, modePendingOf } from './model/choice.ts';
import { usePickerBlock } from './use-picker-block.ts';
import { planStatusLocales } from './locales.ts';

/**
 * Group "Collaboration mode" of toggle buttons, one per mode, pressed at the `mode` projection's target; while a switch
 * is pending the note says when it applies; an alert says when the list of modes could not be loaded.
 * @param sessionId the session shown
 */
export function ModePicker({ sessionId }: { sessionId: string }) {
  const copy = useCopy(planStatusLocales);
  const mode = useSessionMode(sessionId);
  const running = useSessionRunning(sessionId);
  const block = usePickerBlock(sessionId);
  const pending = modePendingOf(mode);
  const modes = useQuery({ ...sessionModesQueryOptions(sessionId), enabled: !block.readOnly });
  return (
    <CollaborationPicker
      sessionId={sessionId}
      options={modeOptionsOf(modes.data?.modes, mode).map((name) => ({ value: name, label: copy.modeLabel(name) }))}
      checked={mode === undefined ? undefined : modeTargetOf(mode)}
      pending={pending}
      disabled={block.disabled}
      reason={block.reason}
      reasonDetail={block.reasonDetail}
      note={pending === undefined ? undefined : copy.modePendingNote(pending, running)}
      alert={modes.error ? copy.modesUnavailable(describeApiError(modes.error)) : undefined}
      choose={(target) => requestMode(sessionId, target)}
    />
  );
}
