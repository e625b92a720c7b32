/**
 * The markup of a collaboration-mode picker: a group of toggle buttons whose `aria-pressed` is the value the caller
 * names, the pending value named "(pending)" (said, not shown: its dashed outline shows it, so a button never changes
 * width), and one fixed-height note line holding the disabled reason, the status and an alert. A disabled button stays
 * focusable (so its reason can be read) and a click on it does nothing.
 */
import { useId } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { planStatusLocales } from '../locales.ts';

/** One button: `value` is passed to `onPick` and set as `data-mode`; `label` is its name. */
export type CollaborationOption = { value: string; label: string };

/** Props of {@link ChoiceGroup}. */
export interface ChoiceGroupProps {
  options: readonly CollaborationOption[];
  checked: string | undefined;
  pending: string | undefined;
  /** Nothing may be chosen; `busy` also disables. */
  disabled: boolean;
  /** A choice is on its way (`aria-busy`). */
  busy: boolean;
  reason: string | undefined;
  reasonDetail: string | undefined;
  /** The status line ("Switching…", the pending note, or `''`). */
  status: string;
  alert: string | undefined;
  /** Called for a button that is neither pressed nor disabled. */
  onPick: (value: string) => void;
}

/** Group "Collaboration mode" (Tab reaches each button; Enter, Space or a click chooses; arrows never choose). */
export function ChoiceGroup({ options, checked, pending, disabled, busy, reason, reasonDetail, status, alert, onPick }: ChoiceGroupProps) {
  const copy = useCopy(planStatusLocales);
  const reasonId = useId();
  const detailId = useId();
  const noteTitle = [reason, status, alert].filter((text) => text !== undefined && text !== '').join(' · ');
  const pick = (value: string) => {
    if (!disabled && value !== checked) onPick(value);
  };
  return (
    <div className="plan-picker">
      <div
        role="group"
        aria-label={copy.pickerLabel}
        aria-disabled={disabled || undefined}
        aria-describedby={reason ? (reasonDetail ? `${reasonId} ${detailId}` : reasonId) : undefined}
        aria-busy={busy || undefined}
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
            {option.label}
            {option.value === pending ? <span className="visually-hidden">{copy.pendingMark}</span> : null}
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
          {status}
        </span>
        {alert !== undefined ? (
          <span role="alert" className="plan-picker__error">
            {alert}
          </span>
        ) : null}
      </span>
    </div>
  );
}
