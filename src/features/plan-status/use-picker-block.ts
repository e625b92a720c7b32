/**
 * What keeps a collaboration-mode picker from sending, read from the session layer: a plan review waiting for the
 * user, a read-only session (with the host's reason), or a downlink that is not open.
 */
import { useCopy } from '../../lib/language.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { useSessionConnection, useSessionReadOnly, useSessionWaiting } from '../../session/hooks.ts';
import { pickerBlockOf, type PickerBlock } from './model/choice.ts';
import { planStatusLocales } from './locales.ts';

/** @param sessionId the session shown (see `pickerBlockOf` for which reason wins) */
export function usePickerBlock(sessionId: string): PickerBlock & { readOnly: boolean } {
  const copy = useCopy(planStatusLocales);
  const reviewPending = useSessionWaiting(sessionId) === 'review';
  const readOnly = useSessionReadOnly(sessionId);
  const offline = offlineReason(useSessionConnection());
  const block = pickerBlockOf({ reviewPending, readOnly: readOnly.readOnly, readOnlyReason: readOnly.reason, offline }, copy);
  return { ...block, readOnly: readOnly.readOnly };
}
