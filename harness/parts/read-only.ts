/**
 * Why a session is read-only, as a typed value: an imported recording (its stored header says `readOnly`), or a log
 * recorded under the other variant of the feature (plan-mode vs session modes, seed 002) than this harness runs. The
 * value is worded only where it is shown: the summary's `readOnlyReason` (the other-variant sentence; an imported
 * recording carries none, the client words that itself) and the text of a refused write.
 */
import type { SessionEvent } from '../../src/core/log/types.ts';

/** The two variants of the plan-mode feature, by plugin id. */
export type PlanVariant = 'plan-mode' | 'mode';

/** Why a session is read-only. */
export type ReadOnlyReason = { kind: 'imported' } | { kind: 'other-variant'; recordedWith: PlanVariant };

/**
 * The variant a stored log was written under: the first `plan/mode` (plan-mode) or `mode/set` (session modes)
 * event decides; `undefined` for a log with neither (it fits both).
 * @param events - the log
 */
export function variantOfLog(events: readonly SessionEvent[]): PlanVariant | undefined {
  for (const event of events) {
    if (event.type === 'plan/mode') return 'plan-mode';
    if (event.type === 'mode/set') return 'mode';
  }
  return undefined;
}

/**
 * Why a stored session opens read-only on this harness, or `undefined` when it is writable.
 * @param imported - whether its header says `readOnly` (an imported recording)
 * @param recordedWith - {@link variantOfLog} of its events
 * @param harnessVariant - the variant this harness runs (`undefined`: no plan-mode plugin of either kind)
 */
export function readOnlyReasonOf(
  imported: boolean,
  recordedWith: PlanVariant | undefined,
  harnessVariant: PlanVariant | undefined,
): ReadOnlyReason | undefined {
  if (imported) return { kind: 'imported' };
  if (recordedWith !== undefined && harnessVariant !== undefined && recordedWith !== harnessVariant) return { kind: 'other-variant', recordedWith };
  return undefined;
}

/**
 * The reason as one plain sentence, for a refused write (`session "…" is read-only: <text>`).
 * @param reason - the typed reason
 */
export function readOnlyReasonText(reason: ReadOnlyReason): string {
  switch (reason.kind) {
    case 'imported':
      return 'an imported recording';
    case 'other-variant':
      return reason.recordedWith === 'plan-mode'
        ? 'Recorded with plan mode; this server runs session modes, so it opens read-only.'
        : 'Recorded with session modes; this server runs plan mode, so it opens read-only.';
    default: {
      const never: never = reason;
      return String(never);
    }
  }
}

/**
 * The summary's `readOnlyReason` (src/core/protocol/methods.ts), which the client shows as is: the sentence of a log
 * of the other variant, worded the same in both directions; `undefined` for an imported recording (the client
 * says that one in its own words) and for a writable session.
 * @param reason - the typed reason, `undefined` when writable
 */
export function summaryReadOnlyReason(reason: ReadOnlyReason | undefined): string | undefined {
  return reason?.kind === 'other-variant' ? readOnlyReasonText(reason) : undefined;
}
