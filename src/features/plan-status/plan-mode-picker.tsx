/**
 * The collaboration-mode picker: a two-radio group (Default / Plan) whose checked radio is always the `plan`
 * projection's effective target, never the last click; while that target is pending (asked for, not yet in force,
 * e.g. `{false,true}` while a switch is queued mid-turn) the checked radio is labelled "(pending)". Choosing asks the host to set plan mode
 * (`session.setPlanMode`, or `/plan` / `/plan off` on a plain dsh host) and shows the outcome briefly;
 * the projection then moves the checked radio. It sends nothing while a plan review is pending.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { effectiveTarget } from '../../core/plan/fold.ts';
import type { Capabilities, PlanProjectionValue } from '../../core/protocol/methods.ts';
import { callMethod } from '../../lib/api-client.ts';
import { planStatusLocales } from './locales.ts';
import './plan-status.css';

/** How long an outcome stays in the status line, in ms. */
export const OUTCOME_VISIBLE_MS = 4000;

/** Props of {@link PlanModePicker}. */
export type PlanModePickerProps = {
  sessionId: string;
  /** The `plan` projection value; `undefined` leaves both radios unchecked (state unknown). */
  plan: PlanProjectionValue | undefined;
  /** `host.describe().capabilities`; `undefined` on a plain dsh host. */
  capabilities: Capabilities | undefined;
  /** A plan review is waiting for the user: the picker is disabled with a visible reason. */
  reviewPending: boolean;
  readOnly?: boolean;
};

/**
 * Ask the host to set plan mode and describe the result for the status line.
 * Uses `session.setPlanMode` (= `ctx.planMode.set`, upstream spec §1.5) when the host advertises it, else
 * `commands/execute` of `/plan` or `/plan off` with `agentId = sessionId` (PROTOCOL.md "Fallback"; upstream spec §1.8).
 * @param active the requested target (`true` = plan mode)
 * @returns the text to show: the outcome wording, or the command's `result.text`
 * @throws ApiError from the transport; `Error` for an unmatched command or a command `error` result
 */
export async function requestPlanMode(sessionId: string, active: boolean, capabilities: Capabilities | undefined): Promise<string> {
  const copy = planStatusLocales.en;
  if (capabilities?.setPlanMode) {
    const value = await callMethod('session.setPlanMode', { sessionId, active });
    return copy.outcome(value.outcome, active);
  }
  const line = active ? '/plan' : '/plan off';
  const value = await callMethod('commands/execute', { args: { agentId: sessionId, line, images: [] } });
  if (value === undefined) throw new Error(copy.unknownCommand(line));
  if (value.result.kind === 'error') throw new Error(value.result.text ?? copy.commandFailed);
  return value.result.text ?? '';
}

/**
 * Radio group "Collaboration mode" with "Default" and "Plan" (arrow keys move and choose, roving tabindex).
 * Disabled while a call is in flight, while `reviewPending` (reason shown), and when `readOnly`.
 */
export function PlanModePicker({ sessionId, plan, capabilities, reviewPending, readOnly = false }: PlanModePickerProps) {
  const copy = planStatusLocales.en;
  const reasonId = useId();
  const [notice, setNotice] = useState<{ kind: 'status' | 'error'; text: string } | undefined>(undefined);
  const radios = useRef<Array<HTMLButtonElement | null>>([]);

  const mutation = useMutation({
    mutationFn: (active: boolean) => requestPlanMode(sessionId, active, capabilities),
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

  const target = plan === undefined ? undefined : effectiveTarget(plan);
  const disabled = readOnly || reviewPending || mutation.isPending;
  const reason = reviewPending ? copy.reviewPendingReason : readOnly ? copy.readOnlyReason : undefined;
  const options = [
    { active: false, label: copy.defaultMode },
    { active: true, label: copy.planMode },
  ] as const;
  const focusable = target === undefined ? 0 : target ? 1 : 0;
  const pending = plan?.pending === true;

  const choose = (active: boolean) => {
    if (disabled || active === target) return;
    mutation.mutate(active);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? options.length - 1 : undefined;
    if (step === 0 && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (index + step + options.length) % options.length;
    radios.current[next]?.focus();
    const option = options[next];
    if (option) choose(option.active);
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
        {options.map((option, index) => (
          <button
            key={option.label}
            ref={(element) => {
              radios.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={target === option.active}
            aria-disabled={disabled || undefined}
            tabIndex={index === focusable ? 0 : -1}
            className="plan-picker__radio"
            data-mode={option.active ? 'plan' : 'default'}
            data-pending={(pending && target === option.active) || undefined}
            onClick={() => choose(option.active)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {pending && target === option.active ? copy.pendingRadio(option.label) : option.label}
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
      {notice?.kind === 'error' ? (
        <span role="alert" className="plan-picker__error">
          {notice.text}
        </span>
      ) : null}
    </div>
  );
}
