/**
 * User-facing copy of the plan-status feature (badge and collaboration-mode picker). English now; another
 * language is a second dictionary of the same `PlanStatusCopy` type.
 */
import type { SetOutcome } from '../../core/protocol/methods.ts';

/** Every string the badge and the picker show. Functions take the effective target (`true` = plan mode). */
export type PlanStatusCopy = {
  /** Accessible name and visible text of the badge, by effective target and whether it is still pending. */
  badge: { on: string; off: string; entering: string; leaving: string };
  pickerLabel: string;
  defaultMode: string;
  planMode: string;
  /** Outcome of `session.setPlanMode` for the requested target (upstream spec §1.5). */
  outcome: (outcome: SetOutcome, active: boolean) => string;
  reviewPendingReason: string;
  readOnlyReason: string;
  unknownCommand: (line: string) => string;
  commandFailed: string;
  working: string;
};

/** English copy. */
export const planStatusEn: PlanStatusCopy = {
  badge: {
    on: 'Plan mode on',
    off: 'Plan mode off',
    entering: 'Plan mode entering (pending)',
    leaving: 'Plan mode leaving (pending)',
  },
  pickerLabel: 'Collaboration mode',
  defaultMode: 'Default',
  planMode: 'Plan',
  outcome: (outcome, active) => {
    switch (outcome) {
      case 'committed':
        return active ? 'Plan mode on' : 'Plan mode off';
      case 'queued':
        return active ? 'Entering plan mode; applies from the next step' : 'Leaving plan mode; applies from the next step';
      case 'cancelled':
        return 'Pending change cancelled';
      case 'noop':
        return active ? 'Plan mode is already on' : 'Plan mode is already off';
      default: {
        const never: never = outcome;
        return String(never);
      }
    }
  },
  reviewPendingReason: 'Decide on the plan under review first',
  readOnlyReason: 'This session is read-only',
  unknownCommand: (line) => `Unknown command: ${line}`,
  commandFailed: 'The command failed',
  working: 'Switching…',
};

/** Dictionaries by language tag. */
export const planStatusLocales = { en: planStatusEn } as const satisfies Record<string, PlanStatusCopy>;
