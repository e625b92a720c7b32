/**
 * User-facing copy of the plan-status feature (badge and collaboration-mode picker, for plan mode and for the
 * session-modes variant), one `PlanStatusCopy` dictionary per interface language (English, Simplified Chinese); the plan-mode
 * badge's four labels are the shared `planBadgeLocales` (src/lib/locales.ts).
 */
import type { ModeState } from '../../core/protocol/methods.ts';
import { dictionaries } from '../../lib/language.ts';

/** Every string the badge and the picker show. Functions take the effective target (`true` = plan mode). */
export type PlanStatusCopy = {
  pickerLabel: string;
  defaultMode: string;
  planMode: string;
  /**
   * The picker's note while a plan-mode switch is pending, from the `plan` projection (`active` = the effective target)
   * and whether a turn runs: mid-turn it applies from the agent's next step, else with the next message sent
   * (docs/upstream-spec.md §1.5, §1.11).
   */
  planPendingNote: (active: boolean, running: boolean) => string;
  /**
   * What plan mode costs every request, or that it is not known yet (`undefined`: no header with plan mode on): the
   * Plan button's description (its tooltip, read on hover or focus).
   */
  planCostNote: (tokens: number | undefined) => string;
  /** The short form of `planCostNote` the header's note shows (a few words, never cut at 1280 px). */
  planCostShort: (tokens: number | undefined) => string;
  reviewPendingReason: string;
  /** Short marker beside the picker of a read-only session (the full reason is its `title` and the dock's notice). */
  readOnlyMarker: string;
  unknownCommand: (line: string) => string;
  commandFailed: string;
  working: string;
  /** Display name of a session mode (`default` → "Default", `deep-dive` → "Deep-dive"). */
  modeLabel: (mode: string) => string;
  /**
   * Said after the label of the pending target's button, to assistive technology only (its dashed outline shows it), so
   * the button keeps its width: "Review" is named "Review (pending)".
   */
  pendingMark: string;
  /** Badge text of the session-modes variant: the mode in force and, while asked for, the pending target. */
  modeBadge: (value: ModeState) => string;
  /** Visible badge text (the accessible name and `title` are `modeBadge`): both mode names in full, short enough never to be cut. */
  modeBadgeShort: (value: ModeState) => string;
  /** The picker's note while a session-mode switch to `mode` is pending, mid-turn or not (seed 002). */
  modePendingNote: (mode: string, running: boolean) => string;
  /** The list of modes could not be loaded. */
  modesUnavailable: (message: string) => string;
};

const modeLabel = (mode: string): string => mode.charAt(0).toUpperCase() + mode.slice(1);

/** English copy. */
export const planStatusEn: PlanStatusCopy = {
  pickerLabel: 'Collaboration mode',
  defaultMode: 'Default',
  planMode: 'Plan',
  planPendingNote: (active, running) => `Plan mode ${active ? 'starts' : 'ends'} ${running ? "at the agent's next step" : 'with your next message'}`,
  planCostNote: (tokens) =>
    tokens === undefined
      ? 'What plan mode adds to every request is not known yet: the session has not logged a request with plan mode on and one with it off'
      : `Plan mode adds about ${tokens} tokens to every request while on; switching resets the cache from order 50 on`,
  planCostShort: (tokens) => (tokens === undefined ? 'Plan mode cost: not known yet' : `Plan mode: +${tokens} tokens/request`),
  reviewPendingReason: 'Decide on the plan under review first',
  readOnlyMarker: 'Read-only',
  unknownCommand: (line) => `Unknown command: ${line}`,
  commandFailed: 'The command failed',
  working: 'Switching…',
  modeLabel,
  pendingMark: ' (pending)',
  modeBadge: ({ current, pending }) =>
    pending !== undefined && pending !== current ? `${modeLabel(current)} mode, switching to ${modeLabel(pending)} (pending)` : `${modeLabel(current)} mode`,
  modeBadgeShort: ({ current, pending }) =>
    pending !== undefined && pending !== current ? `${modeLabel(current)} → ${modeLabel(pending)} (pending)` : `${modeLabel(current)} mode`,
  modePendingNote: (mode, running) => `${modeLabel(mode)} mode starts ${running ? "at the agent's next step" : 'with your next message'}`,
  modesUnavailable: (message) => `Could not load the modes: ${message}`,
};
/** Every dictionary of the badge and the picker, by language. */
export const planStatusLocales = dictionaries('planStatus', planStatusEn);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    planStatus: PlanStatusCopy;
  }
}
