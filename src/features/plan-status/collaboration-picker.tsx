/**
 * The radiogroup both collaboration-mode pickers render (plan mode, seed 000; session modes, seed 002): one radio per
 * option in order, checked at the value the caller names (a projection's target, never the last click), the pending
 * target labelled "(pending)", roving tabindex with arrows/Home/End that move and choose, a visible disabled reason,
 * and the outcome of a choice as a notice that clears after {@link OUTCOME_VISIBLE_MS}, when the session changes, or
 * when the checked or pending value changes for any reason but the choice it reports. Reason, outcome and alert share
 * one line of fixed height that truncates (full text in `title`), so the header around the picker never grows.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { useCopy } from '../../lib/language.ts';
import { planStatusLocales } from './locales.ts';
import './plan-status.css';

/** How long an outcome stays in the status line, in ms. */
export const OUTCOME_VISIBLE_MS = 4000;

/** One radio of a {@link CollaborationPicker}: `value` is sent to `choose` and set as `data-mode`; `label` is its name. */
export type CollaborationOption = { value: string; label: string };

/** The outcome of the last choice: `requested` is the value chosen; `followed` once the projection moved to it. */
type Notice = { kind: 'status' | 'error'; text: string; requested: string; followed: boolean };

/** Whether a move of the checked value to `checked` is the projection catching up with the notice's choice. */
function followsChoice(notice: Notice, checked: string | undefined): boolean {
  return !notice.followed && notice.kind === 'status' && checked === notice.requested;
}

/** Props of {@link CollaborationPicker}. */
export type CollaborationPickerProps = {
  /** The session the notice belongs to; a change clears it. */
  sessionId: string;
  /** The radios, in order (arrow keys wrap around them). */
  options: readonly CollaborationOption[];
  /** The value of the checked radio; `undefined` leaves every radio unchecked (state unknown). */
  checked: string | undefined;
  /** The value asked for but not yet in force: its radio is marked `data-pending` and named "<label> (pending)". */
  pending: string | undefined;
  /** Nothing may be chosen (review pending, read-only); the picker is also disabled while a choice is in flight. */
  disabled: boolean;
  /** Why the picker is disabled, shown beside it and linked by `aria-describedby`; `undefined` shows nothing. */
  reason: string | undefined;
  /**
   * The long form of `reason` (e.g. the host's read-only reason): its `title`, and part of the group's description
   * for assistive technology; `undefined` adds nothing.
   */
  reasonDetail?: string | undefined;
  /** Text of an alert that does not come from a choice (e.g. the options failed to load); a choice's error wins. */
  alert?: string | undefined;
  /**
   * Ask the host for `value`; never called for the checked value or while disabled.
   * @returns the outcome text for the status line; a rejection is shown as an alert, worded by `describeApiError`
   */
  choose: (value: string) => Promise<string>;
};

/**
 * Radio group "Collaboration mode" over `options` (arrow keys, Home and End move and choose; roving tabindex).
 * Disabled while `disabled` or while a choice is in flight (`aria-busy`).
 */
export function CollaborationPicker({
  sessionId,
  options,
  checked,
  pending,
  disabled: blocked,
  reason,
  reasonDetail,
  alert,
  choose,
}: CollaborationPickerProps) {
  const copy = useCopy(planStatusLocales);
  const reasonId = useId();
  const detailId = useId();
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  const radios = useRef<Array<HTMLButtonElement | null>>([]);

  const mutation = useMutation({
    mutationFn: (value: string) => choose(value),
    onMutate: () => setNotice(undefined),
    onSuccess: (text, requested) => setNotice({ kind: 'status', text, requested, followed: false }),
    onError: (error: unknown, requested) => setNotice({ kind: 'error', text: describeApiError(error), requested, followed: false }),
  });

  useEffect(() => {
    if (notice?.kind !== 'status') return undefined;
    const timer = setTimeout(() => setNotice(undefined), OUTCOME_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // A notice belongs to the session it was asked for, and describes the state it was given in: the projection
  // catching up with the choice keeps it (once, as the answer and the projection frame arrive in either order); any
  // other move of the checked or pending value — a typed command, another tab, the switch committing — makes it
  // stale. Adjusted while rendering (react.dev "You might not need an effect"), so no stale frame shows.
  const [seen, setSeen] = useState({ sessionId, checked, pending });
  if (seen.sessionId !== sessionId || seen.checked !== checked || seen.pending !== pending) {
    setSeen({ sessionId, checked, pending });
    if (seen.sessionId !== sessionId) setNotice(undefined);
    else setNotice((current) => (current === undefined ? current : followsChoice(current, checked) ? { ...current, followed: true } : undefined));
  }

  const disabled = blocked || mutation.isPending;
  const focusable = Math.max(
    0,
    options.findIndex((option) => option.value === checked),
  );

  const pick = (value: string) => {
    if (disabled || value === checked) return;
    mutation.mutate(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? options.length - 1 : undefined;
    if (step === 0 && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (index + step + options.length) % options.length;
    radios.current[next]?.focus();
    const option = options[next];
    if (option !== undefined) pick(option.value);
  };

  const alertText = notice?.kind === 'error' ? notice.text : alert;
  const statusText = mutation.isPending ? copy.working : notice?.kind === 'status' ? notice.text : '';
  const noteTitle = [reason, statusText, alertText].filter((text) => text !== undefined && text !== '').join(' · ');

  return (
    <div className="plan-picker">
      <div
        role="radiogroup"
        aria-label={copy.pickerLabel}
        aria-disabled={disabled || undefined}
        aria-describedby={reason ? (reasonDetail ? `${reasonId} ${detailId}` : reasonId) : undefined}
        aria-busy={mutation.isPending || undefined}
        className="plan-picker__group"
      >
        {options.map((option, index) => (
          <button
            key={option.value}
            ref={(element) => {
              radios.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked === option.value}
            aria-disabled={disabled || undefined}
            tabIndex={index === focusable ? 0 : -1}
            className="plan-picker__radio"
            data-mode={option.value}
            data-pending={option.value === pending || undefined}
            onClick={() => pick(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
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
        <span role="status" className="plan-picker__status">
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
