/**
 * Acting while planning: the tool calls that can change the workspace made while plan mode was on for their step.
 * Plan mode is guidance, not enforcement (docs/upstream-spec.md §1.9), so such calls run; this rule finds them.
 * One pass over the log, folded on as the log grows; the state is the logged plan state, never the picker. Rule:
 * docs/plan-progress.md "Acting while planning".
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

/** The running state of the rule over a log prefix (mutable; owned by one {@link ActingFold} chain). */
interface ActingRun {
  /** How many events it has folded. */
  at: number;
  planOn: boolean;
  candidates: (PlanModeCall & { batch: string; shell: boolean })[];
  failed: Set<string>;
  answered: Set<string>;
  exits: Map<string, string>;
  approvedBatches: Set<string>;
}

/** The rule folded over a log: the events and views it covers and the calls it found. */
export interface ActingFold {
  readonly events: readonly SessionEvent[];
  readonly views: Readonly<Record<number, ToolView>>;
  /** The calls made while planning, in log order. */
  readonly calls: readonly PlanModeCall[];
  readonly run: ActingRun;
}

function applyActing(run: ActingRun, event: SessionEvent, views: Readonly<Record<number, ToolView>>): void {
  const data = event?.data as Record<string, unknown> | null | undefined;
  if (event?.type === 'plan/mode' && typeof data?.active === 'boolean') run.planOn = data.active;
  else if (event?.type === 'mode/set' && typeof data?.mode === 'string') run.planOn = data.mode === 'plan';
  else if (event?.type === 'tool/call') {
    const call = data as Partial<ToolCallData> | null | undefined;
    if (typeof call?.callId !== 'string' || typeof call.name !== 'string') return;
    const batch = `${String(call.turn)}:${String(call.step)}`;
    if (call.name === 'exit_plan_mode') run.exits.set(call.callId, batch);
    else if (run.planOn && canChangeWorkspace(call.name, views[event.seq]?.view.kind))
      run.candidates.push({ callId: call.callId, seq: event.seq, name: call.name, batch, shell: SHELL_TOOLS.has(call.name) });
  } else if (event?.type === 'tool/result') {
    const result = toolResultOf(event);
    if (result?.callId === undefined) return;
    run.answered.add(result.callId);
    if (result.isError) run.failed.add(result.callId);
    const exit = run.exits.get(result.callId);
    const text = result.content.map((block) => ('text' in block && typeof block.text === 'string' ? block.text : '')).join('');
    // An approval's result (docs/upstream-spec.md §1.9), read as the transcript and the review history read it.
    if (exit !== undefined && reviewOutcomeOf({ isError: result.isError, text, view: undefined }).kind === 'approved') run.approvedBatches.add(exit);
  }
}

/**
 * The calls made while planning, by one rule: a `tool/call` that can change the workspace ({@link canChangeWorkspace}),
 * logged while the logged plan state was on (the last `plan/mode` active, or `mode/set` `plan`), whose result is not
 * an error (a shell call counts whatever its result), and not in the same assistant batch (turn and step) as an
 * `exit_plan_mode` call the user approved — those are the plan's execution. Incremental: given the fold of a prefix
 * of `events` over the same `views`, only the new events are folded (else the whole log is); equals
 * {@link callsWhilePlanning} of `events`.
 * @param events - logged events in seq order
 * @param views - the host's cards by seq (a call's `view.kind`), when it sent them
 * @param previous - an earlier fold of this session, when there is one
 * @returns the fold of `events`
 */
export function foldActing(events: readonly SessionEvent[], views: Readonly<Record<number, ToolView>> = {}, previous?: ActingFold): ActingFold {
  const n = previous?.events.length ?? 0;
  const extends_ =
    previous !== undefined &&
    previous.views === views &&
    previous.run.at === n &&
    n <= events.length &&
    (n === 0 || (events[0] === previous.events[0] && events[n - 1] === previous.events[n - 1]));
  if (extends_ && n === events.length) return previous;
  const run: ActingRun = extends_
    ? previous.run
    : { at: 0, planOn: false, candidates: [], failed: new Set(), answered: new Set(), exits: new Map(), approvedBatches: new Set() };
  for (let i = run.at; i < events.length; i += 1) applyActing(run, events[i] as SessionEvent, views);
  run.at = events.length;
  const calls = run.candidates
    .filter((c) => !run.approvedBatches.has(c.batch) && (c.shell || (run.answered.has(c.callId) && !run.failed.has(c.callId))))
    .map(({ callId, seq, name }) => ({ callId, seq, name }));
  return { events, views, calls, run };
}

/**
 * The calls made while planning in a whole log ({@link foldActing} from scratch).
 * @param events - logged events in seq order
 * @param views - the host's cards by seq (a call's `view.kind`), when it sent them
 * @returns the calls, in log order
 */
export function callsWhilePlanning(events: readonly SessionEvent[], views: Readonly<Record<number, ToolView>> = {}): PlanModeCall[] {
  return [...foldActing(events, views).calls];
}
