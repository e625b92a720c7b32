/**
 * User-facing copy of the plan-status feature (badge and collaboration-mode picker, for plan mode and for the
 * session-modes variant); the plan-mode badge's four labels are the shared `planBadgeLocales` (src/lib/locales.ts). English now; another language is a second dictionary of the same `PlanStatusCopy` type.
 */
import type { ModeState, SetOutcome } from '../../core/protocol/methods.ts';

/** Every string the badge and the picker show. Functions take the effective target (`true` = plan mode). */
export type PlanStatusCopy = {
  pickerLabel: string;
  defaultMode: string;
  planMode: string;
  /** Outcome of `session.setPlanMode` for the requested target (upstream spec §1.5). */
  outcome: (outcome: SetOutcome, active: boolean) => string;
  reviewPendingReason: string;
  /** Short marker beside the picker of a read-only session (the full reason is its `title` and the dock's notice). */
  readOnlyMarker: string;
  unknownCommand: (line: string) => string;
  commandFailed: string;
  working: string;
  /** Display name of a session mode (`default` → "Default", `deep-dive` → "Deep-dive"). */
  modeLabel: (mode: string) => string;
  /** Accessible name of a picker radio whose value is the pending target (asked for, not yet in force). */
  pendingRadio: (label: string) => string;
  /** Badge text of the session-modes variant: the mode in force and, while asked for, the pending target. */
  modeBadge: (value: ModeState) => string;
  /** What a `session.setMode` answer means for the requested mode. */
  modeOutcome: (state: ModeState, requested: string) => string;
  /** The list of modes could not be loaded. */
  modesUnavailable: (message: string) => string;
};

const modeLabel = (mode: string): string => mode.charAt(0).toUpperCase() + mode.slice(1);

/** English copy. */
export const planStatusEn: PlanStatusCopy = {
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
  readOnlyMarker: 'Read-only',
  unknownCommand: (line) => `Unknown command: ${line}`,
  commandFailed: 'The command failed',
  working: 'Switching…',
  modeLabel,
  pendingRadio: (label) => `${label} (pending)`,
  modeBadge: ({ current, pending }) =>
    pending !== undefined && pending !== current ? `${modeLabel(current)} mode, switching to ${modeLabel(pending)} (pending)` : `${modeLabel(current)} mode`,
  modeOutcome: (state, requested) => {
    if (state.current !== requested) return `Switching to ${modeLabel(requested)} mode; applies from the next turn or step`;
    return state.pending === requested ? `Staying in ${modeLabel(requested)} mode` : `Already in ${modeLabel(requested)} mode`;
  },
  modesUnavailable: (message) => `Could not load the modes: ${message}`,
};

/** Dictionaries by language tag. */
export const planStatusLocales = { en: planStatusEn } as const satisfies Record<string, PlanStatusCopy>;
