/**
 * Acting while planning: the tool calls that can change the workspace made while plan mode was on for their step.
 * Plan mode is guidance, not enforcement (docs/upstream-spec.md §1.9), so such calls run; this rule finds them.
 * Pure, one pass over the log; the state is the logged plan state, never the picker. Rule: docs/plan-progress.md
 * "Acting while planning".
 */
import type { SessionEvent, ToolCallData } from '../log/types.ts';
import type { ToolView } from '../protocol/methods.ts';
import { toolResultOf } from '../log/content.ts';
import { reviewOutcomeOf } from '../transcript/fold.ts';

/** Tool names that run a shell: they can change anything, and count whatever their result. */
export const SHELL_TOOLS: ReadonlySet<string> = new Set(['bash', 'pwsh', 'shell']);
/**
 * Tool names that write files, for a call whose host recorded no kind: the reference harness's `write_file` and the
 * dsh host's `write`, `edit` and `str_replace_editor`.
 */
export const WRITE_TOOLS: ReadonlySet<string> = new Set(['write_file', 'write', 'edit', 'str_replace_editor']);
/** Tool kinds (the dsh `view.kind` of a call) that can change the workspace. */
const WRITE_KINDS: ReadonlySet<string> = new Set(['edit', 'delete', 'move', 'execute']);

/** A call that can change the workspace, made while plan mode was on for its step. */
export interface PlanModeCall {
  callId: string;
  /** Seq of its `tool/call`. */
  seq: number;
  name: string;
}

/**
 * Whether a call can change the workspace: its recorded kind (`edit`, `delete`, `move`, `execute`) when the host gave
 * one, else its name ({@link WRITE_TOOLS}, {@link SHELL_TOOLS}).
 * @param name - the tool name
 * @param kind - the host's `view.kind` of the call, if recorded
 */
export function canChangeWorkspace(name: string, kind: string | undefined): boolean {
  if (kind !== undefined && kind !== 'other') return WRITE_KINDS.has(kind);
  return WRITE_TOOLS.has(name) || SHELL_TOOLS.has(name);
}

/**
 * The calls made while planning, by one rule: a `tool/call` that can change the workspace ({@link canChangeWorkspace}),
 * logged while the logged plan state was on (the last `plan/mode` active, or `mode/set` `plan`), whose result is not
 * an error (a shell call counts whatever its result), and not in the same assistant batch (turn and step) as an
 * `exit_plan_mode` call the user approved — those are the plan's execution.
 * @param events - logged events in seq order
 * @param views - the host's cards by seq (a call's `view.kind`), when it sent them
 * @returns the calls, in log order
 */
export function callsWhilePlanning(events: readonly SessionEvent[], views: Readonly<Record<number, ToolView>> = {}): PlanModeCall[] {
  let planOn = false;
  const candidates: (PlanModeCall & { batch: string; shell: boolean })[] = [];
  const failed = new Set<string>();
  const answered = new Set<string>();
  const exits = new Map<string, string>();
  const approvedBatches = new Set<string>();
  for (const event of events) {
    const data = event?.data as Record<string, unknown> | null | undefined;
    if (event?.type === 'plan/mode' && typeof data?.active === 'boolean') planOn = data.active;
    else if (event?.type === 'mode/set' && typeof data?.mode === 'string') planOn = data.mode === 'plan';
    else if (event?.type === 'tool/call') {
      const call = data as Partial<ToolCallData> | null | undefined;
      if (typeof call?.callId !== 'string' || typeof call.name !== 'string') continue;
      const batch = `${String(call.turn)}:${String(call.step)}`;
      if (call.name === 'exit_plan_mode') exits.set(call.callId, batch);
      else if (planOn && canChangeWorkspace(call.name, views[event.seq]?.view.kind))
        candidates.push({ callId: call.callId, seq: event.seq, name: call.name, batch, shell: SHELL_TOOLS.has(call.name) });
    } else if (event?.type === 'tool/result') {
      const result = toolResultOf(event);
      if (result?.callId === undefined) continue;
      answered.add(result.callId);
      if (result.isError) failed.add(result.callId);
      const exit = exits.get(result.callId);
      const text = result.content.map((block) => ('text' in block && typeof block.text === 'string' ? block.text : '')).join('');
      // An approval's result (docs/upstream-spec.md §1.9), read as the transcript and the review history read it.
      if (exit !== undefined && reviewOutcomeOf({ isError: result.isError, text, view: undefined }).kind === 'approved') approvedBatches.add(exit);
    }
  }
  return candidates
    .filter((c) => !approvedBatches.has(c.batch) && (c.shell || (answered.has(c.callId) && !failed.has(c.callId))))
    .map(({ callId, seq, name }) => ({ callId, seq, name }));
}
