/**
 * Where a log stands in its turns and steps, read from the log alone (docs/upstream-spec.md §1.5: "idle" is decided by
 * these folds, not by agent status): the open turn, the last turn number, the last request header and the open step.
 * Pure: each scans the given events and allocates nothing per event.
 */
import type { SessionEvent } from '../../src/core/log/types.ts';

/**
 * The open turn of a log: the last `turn/start` with no later `turn/end` (docs/upstream-spec.md §1.5).
 * @param events - the log
 * @returns the open turn number (0 for a `turn/start` without a numeric `turn`), or `undefined` when no turn is open
 */
export function openTurnOf(events: readonly SessionEvent[]): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as SessionEvent;
    if (event.type === 'turn/end') return undefined;
    if (event.type === 'turn/start') {
      const turn = (event.data as { turn?: unknown } | null)?.turn;
      return typeof turn === 'number' ? turn : 0;
    }
  }
  return undefined;
}

/**
 * The highest turn number logged so far (0 when none), so the next turn is `lastTurnOf(events) + 1`.
 * @param events - the log
 */
export function lastTurnOf(events: readonly SessionEvent[]): number {
  let last = 0;
  for (const event of events) {
    if (event.type !== 'turn/start') continue;
    const turn = (event.data as { turn?: unknown } | null)?.turn;
    if (typeof turn === 'number' && turn > last) last = turn;
  }
  return last;
}

/**
 * Index of the last `request/header` event, or -1 when none was logged (docs/upstream-spec.md §1.7: the notice rule
 * compares against it).
 * @param events - the log
 */
export function lastHeaderIndex(events: readonly SessionEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) if ((events[i] as SessionEvent).type === 'request/header') return i;
  return -1;
}

/**
 * The `header` of the last logged `request/header` (what the model was last told: config, system prompt, tools), so
 * the loop logs a new one only when it changed (docs/glossary.md "request header").
 * @param events - the log
 * @returns its `data.header`, or `undefined` when none was logged (or it carries none)
 */
export function lastHeaderOf(events: readonly SessionEvent[]): unknown {
  const index = lastHeaderIndex(events);
  return index < 0 ? undefined : ((events[index] as SessionEvent).data as { header?: unknown } | null)?.header;
}

/** Where an open turn stands: its number, its last step, whether that step ended, and the step's model output. */
export interface OpenStep {
  turn: number;
  step: number;
  /** Whether the step's `step/end` is logged. */
  ended: boolean;
  /** The step's `assistant/message`, `undefined` while the model had not finished. */
  message: SessionEvent | undefined;
}

/**
 * The last step of the open turn: after the open turn's `turn/start`, the last `step/start` with a numeric `step`,
 * whether a `step/end` followed it, and the `assistant/message` of that step.
 * @param events - the log
 * @returns the step, or `undefined` when no turn is open or the open turn has no step yet
 */
export function openStepOf(events: readonly SessionEvent[]): OpenStep | undefined {
  const turn = openTurnOf(events);
  if (turn === undefined) return undefined;
  let start = events.length - 1;
  while (start >= 0 && (events[start] as SessionEvent).type !== 'turn/start') start--;
  let step: number | undefined;
  let ended = false;
  let message: SessionEvent | undefined;
  for (let i = start + 1; i < events.length; i++) {
    const event = events[i] as SessionEvent;
    const data = event.data as { step?: unknown } | null;
    if (event.type === 'step/start' && typeof data?.step === 'number') {
      step = data.step;
      ended = false;
      message = undefined;
    } else if (event.type === 'step/end') ended = true;
    else if (event.type === 'assistant/message' && step !== undefined && data?.step === step) message = event;
  }
  return step === undefined ? undefined : { turn, step, ended, message };
}
