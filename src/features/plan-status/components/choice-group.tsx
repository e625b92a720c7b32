/**
 * The markup of a collaboration-mode picker: a group of toggle buttons whose `aria-pressed` is the value the caller
 * names, the pending value named "(pending)" (said, not shown: its dashed outline shows it, so a button never changes
 * width), and one fixed-height note line holding the disabled reason, the status and an alert. A disabled button stays
 * focusable (so its reason can be read) and a click on it does nothing. A button's description is its tooltip (shown
 * on hover or keyboard focus, `aria-describedby`); a note cut by the header's width is focusable and shows its full
 * text the same way, so no note is ever cut without a way to read it.
 */
import { Fragment, useId, useLayoutEffect, useState } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { planStatusLocales } from '../locales.ts';

/**
 * One button: `value` is passed to `onPick` and set as `data-mode`; `label` is its name; `description`, if set, is
 * its tooltip and accessible description (e.g. what plan mode costs every request).
 */
export type CollaborationOption = { value: string; label: string; description?: string | undefined };

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
  const tipId = useId();
  const noteTitle = [reason, status, alert].filter((text) => text !== undefined && text !== '').join(' · ');
  const [measureNote, cut] = useCut(noteTitle);
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
        {options.map((option, index) => (
          <Fragment key={option.value}>
            <button
              type="button"
              aria-pressed={checked === option.value}
              aria-disabled={disabled || undefined}
              aria-describedby={option.description ? `${tipId}-${index}` : undefined}
              className="plan-picker__radio"
              data-mode={option.value}
              data-pending={option.value === pending || undefined}
              onClick={() => pick(option.value)}
            >
              {option.label}
              {option.value === pending ? <span className="visually-hidden">{copy.pendingMark}</span> : null}
            </button>
            {option.description ? (
              <span id={`${tipId}-${index}`} role="tooltip" className="plan-picker__tip">
                {option.description}
              </span>
            ) : null}
          </Fragment>
        ))}
      </div>
      <span
        ref={measureNote}
        className="plan-picker__note"
        title={noteTitle || undefined}
        // Cut by the header's width: reachable by Tab, and its full text is the tooltip after it (hover or focus).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a cut text a sighted keyboard user must be able to read whole
        tabIndex={cut ? 0 : undefined}
        data-cut={cut || undefined}
      >
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
      {cut ? (
        // Its text is read whole already (the cut is only visual): the tooltip is for the eye.
        <span className="plan-picker__tip plan-picker__tip--note" aria-hidden="true">
          {noteTitle}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Whether the element the returned callback ref is set on is cut (its text wider than its box), measured after each change of `text` and
 * of the element's size. The measure runs in the ResizeObserver's report, which comes after the browser's own layout
 * (an observer reports once when it starts observing), never in the commit: reading `scrollWidth` there would lay out
 * the whole page at once, and a review card's commit changes the note (5 ms of the first card's commit). Without
 * ResizeObserver (jsdom) it measures in the commit.
 */
function useCut(text: string): [measure: (element: HTMLElement | null) => void, cut: boolean] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [value, setValue] = useState(false);
  useLayoutEffect(() => {
    if (element === null || text === '') return undefined;
    const measure = () => setValue(element.scrollWidth > element.clientWidth + 0.5);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, text]);
  // An empty note is never cut (whatever the last measure of a text said).
  return [setElement, text !== '' && value];
}
