/**
 * The toggle-button group both collaboration-mode pickers render (plan mode, seed 000; session modes, seed 002):
 * `aria-pressed` follows the value the caller names (a projection's target, never the last click), the pending target
 * is labelled "(pending)", and arrow keys never choose (a choice sends a command). One fixed-height note line holds
 * the disabled reason, the caller's pending note and an alert for a failed choice (cleared when the session or the
 * pressed or pending value changes).
 */
import { useCopy } from '../../lib/language.ts';
import { useChoice } from './api/use-choice.ts';
import { ChoiceGroup, type CollaborationOption } from './components/choice-group.tsx';
import { choiceAlertOf } from './model/choice.ts';
import { planStatusLocales } from './locales.ts';
import './plan-status.css';

export type { CollaborationOption };

/** Props of {@link CollaborationPicker}. */
export type CollaborationPickerProps = {
  /** The session the alert belongs to; a change clears it. */
  sessionId: string;
  /** The buttons, in order. */
  options: readonly CollaborationOption[];
  /** The value of the pressed button; `undefined` leaves every button unpressed (state unknown). */
  checked: string | undefined;
  /** The value asked for but not yet in force: its button is marked `data-pending` and named "<label> (pending)". */
  pending: string | undefined;
  /** Nothing may be chosen (review pending, read-only, offline); the picker is also disabled while a choice is in flight. */
  disabled: boolean;
  /** Why the picker is disabled, shown beside it and linked by `aria-describedby`; `undefined` shows nothing. */
  reason: string | undefined;
  /**
   * The long form of `reason` (e.g. the host's read-only reason): its `title`, and part of the group's description
   * for assistive technology; `undefined` adds nothing.
   */
  reasonDetail?: string | undefined;
  /**
   * What the pending switch means, derived by the caller from the projection the badge shows (e.g. "Plan mode starts
   * with your next message"); shown in the status line while set. `undefined` shows nothing.
   */
  note?: string | undefined;
  /** Text of an alert that does not come from a choice (e.g. the options failed to load); a choice's error wins. */
  alert?: string | undefined;
  /**
   * Ask the host for `value`; never called for the pressed value or while disabled. What it resolves to is not shown:
   * the projection (badge, pressed button, `note`) says what became of the choice.
   * @throws a rejection is shown as an alert, worded by `describeApiError`
   */
  choose: (value: string) => Promise<unknown>;
};

/**
 * Group "Collaboration mode" of toggle buttons over `options` (Tab reaches each; Enter, Space or a click chooses).
 * Disabled while `disabled` or while a choice is in flight (`aria-busy`); a disabled button stays focusable so its
 * reason can be read.
 */
export function CollaborationPicker({ sessionId, options, checked, pending, disabled, reason, reasonDetail, note, alert, choose }: CollaborationPickerProps) {
  const copy = useCopy(planStatusLocales);
  const choice = useChoice(sessionId, choose, { checked, pending });
  return (
    <ChoiceGroup
      options={options}
      checked={checked}
      pending={pending}
      disabled={disabled || choice.busy}
      busy={choice.busy}
      reason={reason}
      reasonDetail={reasonDetail}
      status={choice.busy ? copy.working : (note ?? '')}
      alert={choiceAlertOf(choice.error, { checked, pending }, alert)}
      onPick={choice.pick}
    />
  );
}
