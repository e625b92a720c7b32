/**
 * The toggle-button group both collaboration-mode pickers render (plan mode, seed 000; session modes, seed 002):
 * `aria-pressed` follows the value the caller names (a projection's target, never the last click), the pending target
 * is labelled "(pending)", and arrow keys never choose (a choice sends a command). One fixed-height note line holds
 * the disabled reason, the caller's pending note and an alert for a failed choice (cleared when the session or the
 * pressed or pending value changes).
 */
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { useCopy } from '../../lib/language.ts';
import { planStatusLocales } from './locales.ts';
import './plan-status.css';

/** One button of a {@link CollaborationPicker}: `value` is sent to `choose` and set as `data-mode`; `label` is its name. */
export type CollaborationOption = { value: string; label: string };

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

/** The error of the last choice, and the state it was given in (a later change of either value makes it stale). */
type ChoiceError = { text: string; checked: string | undefined; pending: string | undefined };

/**
 * Group "Collaboration mode" of toggle buttons over `options` (Tab reaches each; Enter, Space or a click chooses).
 * Disabled while `disabled` or while a choice is in flight (`aria-busy`); a disabled button stays focusable so its
 * reason can be read.
 */
export function CollaborationPicker({
  sessionId,
  options,
  checked,
  pending,
  disabled: blocked,
  reason,
  reasonDetail,
  note,
  alert,
  choose,
}: CollaborationPickerProps) {
  const copy = useCopy(planStatusLocales);
  const reasonId = useId();
  const detailId = useId();
  const [error, setError] = useState<ChoiceError | undefined>(undefined);

  const mutation = useMutation({
    mutationFn: (value: string) => choose(value),
    onMutate: () => setError(undefined),
    onError: (failure: unknown) => setError({ text: describeApiError(failure), checked, pending }),
  });

  // An error belongs to the session it was asked for; adjusted while rendering (react.dev "You might not need an
  // effect"), so no stale error shows beside another session.
  const [errorFor, setErrorFor] = useState(sessionId);
  if (errorFor !== sessionId) {
    setErrorFor(sessionId);
    setError(undefined);
  }

  const disabled = blocked || mutation.isPending;

  const pick = (value: string) => {
    if (disabled || value === checked) return;
    mutation.mutate(value);
  };

  // A choice's error describes the state it was given in: a typed command, another tab or the switch committing makes it stale.
  const stale = error !== undefined && (error.checked !== checked || error.pending !== pending);
  const alertText = error !== undefined && !stale ? error.text : alert;
  const statusText = mutation.isPending ? copy.working : (note ?? '');
  const noteTitle = [reason, statusText, alertText].filter((text) => text !== undefined && text !== '').join(' · ');

  return (
    <div className="plan-picker">
      <div
        role="group"
        aria-label={copy.pickerLabel}
        aria-disabled={disabled || undefined}
        aria-describedby={reason ? (reasonDetail ? `${reasonId} ${detailId}` : reasonId) : undefined}
        aria-busy={mutation.isPending || undefined}
        className="plan-picker__group"
      >
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={checked === option.value}
            aria-disabled={disabled || undefined}
            className="plan-picker__radio"
            data-mode={option.value}
            data-pending={option.value === pending || undefined}
            onClick={() => pick(option.value)}
          >
            {option.value === pending ? copy.pendingRadio(option.label) : option.label}
          </button>
        ))}
      </div>
      <span className="plan-picker__note" title={noteTitle || undefined}>
        {reason ? (
          <span id={reasonId} className="plan-picker__reason" title={reasonDetail}>
            {reason}
          </span>
        ) : null}
        {reason && reasonDetail ? (
          <span id={detailId} className="visually-hidden">
            {reasonDetail}
          </span>
        ) : null}
        <span role="status" aria-live="off" className="plan-picker__status">
          {statusText}
        </span>
        {alertText !== undefined ? (
          <span role="alert" className="plan-picker__error">
            {alertText}
          </span>
        ) : null}
      </span>
    </div>
  );
}
