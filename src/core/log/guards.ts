/**
 * Allocation-free narrowing of the event kinds the folds read (`plan/mode`, `mode/set`, `command/run`,
 * `command/done`). Each guard accepts exactly what `isKnownEventValid` (schemas.ts, zod) accepts for that
 * kind, so a fold ignores precisely the events the reader skips (a test cross-checks both). A guard never
 * throws, even for a value that is not an event at all.
 */
import type { CommandDoneData, CommandRunData, ModeSetData, PlanModeData, SessionEvent } from './types.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Narrow a `plan/mode` event with a boolean `active` (docs/upstream-spec.md §1.1: the only invariant).
 * @param event - any logged event
 * @returns its payload, or `undefined` when the event is another kind or wrong-shaped
 */
export function planModeOf(event: SessionEvent): PlanModeData | undefined {
  if (event?.type !== 'plan/mode') return undefined;
  const data = event.data;
  return isRecord(data) && typeof data.active === 'boolean' ? (data as unknown as PlanModeData) : undefined;
}

/**
 * Narrow a `mode/set` event with a string `mode` (docs/upstream-spec.md §2).
 * @param event - any logged event
 * @returns its payload, or `undefined` when the event is another kind or wrong-shaped
 */
export function modeSetOf(event: SessionEvent): ModeSetData | undefined {
  if (event?.type !== 'mode/set') return undefined;
  const data = event.data;
  return isRecord(data) && typeof data.mode === 'string' ? (data as unknown as ModeSetData) : undefined;
}

/**
 * Narrow a `command/run` event: string `commandId` and `name`, `args` absent or a string, `source` absent or an
 * object (docs/upstream-spec.md §4.5).
 * @param event - any logged event
 * @returns its payload, or `undefined` when the event is another kind or wrong-shaped
 */
export function commandRunOf(event: SessionEvent): CommandRunData | undefined {
  if (event?.type !== 'command/run') return undefined;
  const data = event.data;
  if (!isRecord(data) || typeof data.commandId !== 'string' || typeof data.name !== 'string') return undefined;
  if (data.args !== undefined && typeof data.args !== 'string') return undefined;
  if (data.source !== undefined && !isRecord(data.source)) return undefined;
  return data as unknown as CommandRunData;
}

/**
 * Narrow a `command/done` event: string `commandId`, `kind` `success` or `error`, `text` absent or a string
 * (docs/upstream-spec.md §4.5).
 * @param event - any logged event
 * @returns its payload, or `undefined` when the event is another kind or wrong-shaped
 */
export function commandDoneOf(event: SessionEvent): CommandDoneData | undefined {
  if (event?.type !== 'command/done') return undefined;
  const data = event.data;
  if (!isRecord(data) || typeof data.commandId !== 'string') return undefined;
  if (data.text !== undefined && typeof data.text !== 'string') return undefined;
  return data.kind === 'success' || data.kind === 'error' ? (data as unknown as CommandDoneData) : undefined;
}
