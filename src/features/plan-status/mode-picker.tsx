/**
 * The collaboration-mode picker of the session-modes variant (seed 002): one radio per mode that `session.modes`
 * lists (Default first), checked at the `mode` projection's target (`pending ?? current`), never the last click,
 * and the pending target labelled. Choosing sends `session.setMode`; the projection then moves the checked radio.
 * It sends nothing while a plan review is pending or the session is read-only.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DEFAULT_MODE } from '../../core/modes/fold.ts';
import { modeTargetOf } from '../../core/modes/projection.ts';
import type { ModeProjectionValue } from '../../core/protocol/methods.ts';
import { callMethod } from '../../lib/api-client.ts';
import { planStatusLocales } from './locales.ts';
import { OUTCOME_VISIBLE_MS } from './plan-mode-picker.tsx';
import './plan-status.css';

/** Query keys of the mode picker. */
export const modeKeys = {
  all: ['modes'] as const,
  list: (sessionId: string) => ['modes', 'list', sessionId] as const,
};

/** Props of {@link ModePicker}. */
export type ModePickerProps = {
  sessionId: string;
  /** The `mode` projection value; `undefined` leaves every radio unchecked (state unknown). */
  mode: ModeProjectionValue | undefined;
  /** A plan review is waiting for the user: the picker is disabled with a visible reason. */
  reviewPending: boolean;
  readOnly?: boolean;
  /** Why the session is read-only (shown instead of the generic reason). */
  readOnlyReason?: string | undefined;
};

/**
 * The radios to show: the host's list with `default` first; before it arrives, `default` plus the modes the
 * projection names, so the checked radio is never missing.
 * @param listed `session.modes().modes`, or `undefined` while loading or after a failure
 * @param mode the projection value
 */
export function modeOptionsOf(listed: readonly string[] | undefined, mode: ModeProjectionValue | undefined): string[] {
  const names = listed ?? [mode?.current, mode?.pending].filter((name): name is string => name !== undefined);
  return [DEFAULT_MODE, ...names.filter((name, index) => name !== DEFAULT_MODE && names.indexOf(name) === index)];
}

/**
 * Radio group "Collaboration mode" with every mode (arrow keys move and choose, roving tabindex).
 * Disabled while a call is in flight, while `reviewPending` (reason shown) and when `readOnly`.
 */
export function ModePicker({ sessionId, mode, reviewPending, readOnly = false, readOnlyReason }: ModePickerProps) {
  const copy = planStatusLocales.en;
  const reasonId = useId();
  const [notice, setNotice] = useState<{ kind: 'status' | 'error'; text: string } | undefined>(undefined);
  const radios = useRef<Array<HTMLButtonElement | null>>([]);

  const modes = useQuery({
    queryKey: modeKeys.list(sessionId),
    queryFn: ({ signal }) => callMethod('session.modes', { sessionId }, signal),
    staleTime: Infinity,
    enabled: !readOnly,
  });

  const mutation = useMutation({
    mutationFn: async (target: string) => copy.modeOutcome((await callMethod('session.setMode', { sessionId, mode: target })).state, target),
    onMutate: () => setNotice(undefined),
    onSuccess: (text) => setNotice({ kind: 'status', text }),
    onError: (error: unknown) => setNotice({ kind: 'error', text: error instanceof Error ? error.message : String(error) }),
  });

  useEffect(() => {
    if (notice?.kind !== 'status') return undefined;
    const timer = setTimeout(() => setNotice(undefined), OUTCOME_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // A notice belongs to the session it was asked for.
  useEffect(() => setNotice(undefined), [sessionId]);

  const options = modeOptionsOf(modes.data?.modes, mode);
  const target = mode === undefined ? undefined : modeTargetOf(mode);
  const pending = mode?.pending !== undefined && mode.pending !== mode.current ? mode.pending : undefined;
  const disabled = readOnly || reviewPending || mutation.isPending;
  const reason = reviewPending ? copy.reviewPendingReason : readOnly ? (readOnlyReason ?? copy.readOnlyReason) : undefined;
  const focusable = Math.max(0, target === undefined ? 0 : options.indexOf(target));

  const choose = (name: string) => {
    if (disabled || name === target) return;
    mutation.mutate(name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? options.length - 1 : undefined;
    if (step === 0 && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (index + step + options.length) % options.length;
    radios.current[next]?.focus();
    const option = options[next];
    if (option !== undefined) choose(option);
  };

  return (
    <div className="plan-picker">
      <div
        role="radiogroup"
        aria-label={copy.pickerLabel}
        aria-disabled={disabled || undefined}
        aria-describedby={reason ? reasonId : undefined}
        aria-busy={mutation.isPending || undefined}
        className="plan-picker__group"
      >
        {options.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              radios.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={target === name}
            aria-disabled={disabled || undefined}
            tabIndex={index === focusable ? 0 : -1}
            className="plan-picker__radio"
            data-mode={name}
            data-pending={name === pending || undefined}
            onClick={() => choose(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {copy.modeRadio(name, name === pending)}
          </button>
        ))}
      </div>
      {reason ? (
        <span id={reasonId} className="plan-picker__reason">
          {reason}
        </span>
      ) : null}
      <span role="status" className="plan-picker__status">
        {mutation.isPending ? copy.working : notice?.kind === 'status' ? notice.text : ''}
      </span>
      {notice?.kind === 'error' || modes.error ? (
        <span role="alert" className="plan-picker__error">
          {notice?.kind === 'error' ? notice.text : copy.modesUnavailable(modes.error instanceof Error ? modes.error.message : String(modes.error))}
        </span>
      ) : null}
    </div>
  );
}
