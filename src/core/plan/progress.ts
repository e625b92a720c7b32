/**
 * Plan progress: a pure, incremental fold of a session log into the runs of its approved plans — each approved
 * revision with the to-do lists written for it and the end of its turn — and the view Plan progress and the audit
 * show (steps matched to to-dos, extras, counts). Feeding events one by one equals folding the whole log; `apply`
 * keeps the state reference for events that change nothing. Rules: docs/plan-progress.md.
 */
import type { SessionEvent, ToolCallData, TurnEndData } from '../log/types.ts';
import type { PlanRevision } from '../review/history.ts';
import { applyReviewEvent, initReviewState, type ReviewFoldState } from '../review/revisions.ts';
import { todoWriteOf, type TodoItem, type TodoStatus } from '../todos/todos.ts';
import { matchStepsToTodos, planStepsOf } from './steps.ts';

/** Where a to-do last changed: the `todo/write` event and the `todo_write` call that wrote it (when logged). */
export interface TodoChange {
  seq: number;
  callId: string | undefined;
}

/** The end of the turn a run was last worked in (`turn/end` reason kind: `completed`, `cancelled`, `error`, …). */
export interface RunEnd {
  kind: string;
  message: string | undefined;
  seq: number;
}

/** One approved plan being carried out: its revision, the latest to-do list written for it, and its turn's end. */
export interface PlanRun {
  /** The approved revision (its `exit_plan_mode` call id, seq, chain, version, plan, title). */
  revision: PlanRevision;
  /** The turn of the approval. */
  turn: number | undefined;
  /** The latest to-do list written for this plan (after its approval, before the next `exit_plan_mode` call). */
  todos: readonly TodoItem[] | undefined;
  /** Where each to-do (by content) last changed status. */
  changes: Readonly<Record<string, TodoChange>>;
  /** The end of the last turn that worked on this plan (the approval's turn or a later one that wrote to-dos). */
  end: RunEnd | undefined;
  /** To-dos still count for this run (no newer `exit_plan_mode` call yet). */
  open: boolean;
}

/** The fold state: the review fold it reads approvals from, the runs, and a list written with no plan approved. */
export interface ProgressState {
  readonly reviews: ReviewFoldState;
  readonly runs: readonly PlanRun[];
  /** The latest list written while no run is open (`todo_write` outside a plan), with its changes. */
  readonly loose: { todos: readonly TodoItem[]; changes: Readonly<Record<string, TodoChange>> } | undefined;
  /** The turn that started and has not ended. */
  readonly turn: number | undefined;
  /** The last open run got a list in the current turn. */
  readonly wroteThisTurn: boolean;
  /** The last `todo_write` call seen (its `todo/write` follows it). */
  readonly lastCall: string | undefined;
}

/** A fresh state: no runs, no list. */
export function initProgress(): ProgressState {
  return { reviews: initReviewState(), runs: [], loose: undefined, turn: undefined, wroteThisTurn: false, lastCall: undefined };
}

function changesOf(
  before: readonly TodoItem[] | undefined,
  after: readonly TodoItem[],
  changes: Readonly<Record<string, TodoChange>>,
  at: TodoChange,
): Record<string, TodoChange> {
  const old = new Map((before ?? []).map((todo) => [todo.content, todo.status]));
  const next: Record<string, TodoChange> = {};
  for (const todo of after) {
    const known = changes[todo.content];
    next[todo.content] = known !== undefined && old.get(todo.content) === todo.status ? known : at;
  }
  return next;
}

function withLastRun(state: ProgressState, run: PlanRun, rest: Partial<ProgressState> = {}): ProgressState {
  return { ...state, ...rest, runs: [...state.runs.slice(0, -1), run] };
}

function onReviews(state: ProgressState, reviews: ReviewFoldState, event: SessionEvent): ProgressState {
  const revisions = reviews.history.revisions;
  const before = state.reviews.history.revisions;
  let next: ProgressState = { ...state, reviews };
  const last = next.runs[next.runs.length - 1];
  // A new exit_plan_mode call: the run before it takes no more to-dos.
  if (revisions.length > before.length && last?.open) next = withLastRun(next, { ...last, open: false });
  const latest = revisions[revisions.length - 1];
  const was = before.find((r) => r.callId === latest?.callId);
  if (latest?.outcome.kind === 'approved' && was?.outcome.kind !== 'approved') {
    const data = event.data as { turn?: unknown } | null;
    const run: PlanRun = {
      revision: latest,
      turn: typeof data?.turn === 'number' ? data.turn : state.turn,
      todos: undefined,
      changes: {},
      end: undefined,
      open: true,
    };
    next = { ...next, runs: [...next.runs, run], wroteThisTurn: false };
  }
  return next;
}

/**
 * Fold one event (any shape; wrong shapes change nothing).
 * @param state - the state so far
 * @param event - the next logged event
 * @returns the next state, the same object when nothing changed
 */
export function applyProgress(state: ProgressState, event: SessionEvent): ProgressState {
  if (typeof event !== 'object' || event === null) return state;
  const reviews = applyReviewEvent(state.reviews, event);
  if (reviews !== state.reviews) {
    if (reviews.history === state.reviews.history) return { ...state, reviews };
    return onReviews(state, reviews, event);
  }
  switch (event.type) {
    case 'turn/start': {
      const turn = (event.data as { turn?: unknown } | null)?.turn;
      return { ...state, turn: typeof turn === 'number' ? turn : undefined, wroteThisTurn: false };
    }
    case 'turn/end': {
      const data = event.data as TurnEndData | null;
      const turn = typeof data?.turn === 'number' ? data.turn : state.turn;
      const last = state.runs[state.runs.length - 1];
      const next = { ...state, turn: undefined, wroteThisTurn: false };
      if (!last || !(last.turn === turn || (last.open && state.wroteThisTurn))) return next;
      const reason = data?.reason;
      const end: RunEnd = {
        kind: typeof reason?.kind === 'string' ? reason.kind : 'completed',
        message: typeof reason?.message === 'string' ? reason.message : undefined,
        seq: event.seq,
      };
      return withLastRun(next, { ...last, end });
    }
    case 'tool/call': {
      const data = event.data as ToolCallData | null;
      return data?.name === 'todo_write' && typeof data.callId === 'string' ? { ...state, lastCall: data.callId } : state;
    }
    default: {
      const todos = todoWriteOf(event);
      if (todos === undefined) return state;
      const at: TodoChange = { seq: event.seq, callId: state.lastCall };
      const last = state.runs[state.runs.length - 1];
      if (last?.open) {
        const run: PlanRun = { ...last, todos, changes: changesOf(last.todos, todos, last.changes, at) };
        return withLastRun(state, run, { wroteThisTurn: true, lastCall: undefined });
      }
      return { ...state, loose: { todos, changes: changesOf(state.loose?.todos, todos, state.loose?.changes ?? {}, at) }, lastCall: undefined };
    }
  }
}

/**
 * The progress state of `events` (equals feeding them one by one to {@link applyProgress}).
 * @param events - logged events in seq order
 * @param from - a state to go on from (default: a fresh one)
 */
export function foldProgress(events: readonly SessionEvent[], from: ProgressState = initProgress()): ProgressState {
  let state = from;
  for (const event of events) state = applyProgress(state, event);
  return state;
}

/** One step of the approved plan with the to-do matched to it. `status` is `pending` when no to-do matched. */
export interface StepProgress {
  text: string;
  status: TodoStatus;
  /** The matched to-do's content, when one matched. */
  todo: string | undefined;
  /** Where the matched to-do last changed. */
  change: TodoChange | undefined;
}

/** A to-do with where it last changed. */
export interface TodoProgress extends TodoItem {
  change: TodoChange | undefined;
}

/** What a run's view keeps of its revision: enough to name it and find its card (never the plan text). */
export type RunRevision = Pick<PlanRevision, 'callId' | 'seq' | 'chain' | 'version' | 'title'>;

/** What Plan progress and the audit show for one run. */
export interface RunProgress {
  revision: RunRevision;
  /** The plan's steps (docs/plan-progress.md "Steps"); with no steps, the to-dos stand in as the steps. */
  steps: StepProgress[];
  /** To-dos matching no step ("Not in the approved plan"). */
  extras: TodoProgress[];
  done: number;
  total: number;
  /** No list was written for this plan yet. */
  untracked: boolean;
  end: RunEnd | undefined;
}

/** The audit of a run: steps done, not done, extras and the turn's end reason (never written to the log). */
export interface PlanAudit {
  done: number;
  notDone: number;
  extra: number;
  total: number;
  end: RunEnd;
}

/** Runs are immutable (a change makes a new run), so each one's progress is computed once. */
const progressOfRun = new WeakMap<PlanRun, RunProgress>();

/**
 * The progress of a run: its steps matched to its latest to-do list by `matchStepsToTodos`. Computed once per run
 * object (runs never change in place).
 * @param run - a run of {@link ProgressState.runs}
 */
export function runProgressOf(run: PlanRun): RunProgress {
  let progress = progressOfRun.get(run);
  if (!progress) progressOfRun.set(run, (progress = computeRunProgress(run)));
  return progress;
}

function computeRunProgress(run: PlanRun): RunProgress {
  const todos = run.todos ?? [];
  const changeOf = (content: string) => run.changes[content];
  let planned = planStepsOf(run.revision.plan);
  if (planned.length === 0) planned = todos.map((todo) => todo.content);
  const match = matchStepsToTodos(planned, todos);
  const steps: StepProgress[] = planned.map((text, i) => {
    const j = match.byStep[i];
    const todo = j === undefined ? undefined : todos[j];
    return { text, status: todo?.status ?? 'pending', todo: todo?.content, change: todo ? changeOf(todo.content) : undefined };
  });
  const extras = match.extras.map((j) => ({ ...todos[j]!, change: changeOf(todos[j]!.content) }));
  const done = steps.filter((step) => step.status === 'completed').length;
  const { callId, seq, chain, version, title } = run.revision;
  const revision: RunRevision = { callId, seq, chain, version, title };
  return { revision, steps, extras, done, total: steps.length, untracked: run.todos === undefined, end: run.end };
}

/**
 * The audit of a run once the turn it was worked in has ended; undefined while it runs.
 * @param progress - {@link runProgressOf} of the run
 */
export function auditOf(progress: RunProgress): PlanAudit | undefined {
  if (!progress.end) return undefined;
  return { done: progress.done, notDone: progress.total - progress.done, extra: progress.extras.length, total: progress.total, end: progress.end };
}

/** What the Plan progress region shows: the latest run, or a to-do list written with no plan approved, or nothing. */
export type ProgressView = { kind: 'plan'; run: RunProgress } | { kind: 'todos'; todos: TodoProgress[]; done: number; total: number } | { kind: 'none' };

/**
 * The region's view of a state: the latest run when there is one (its list, or its steps with none written yet);
 * else the latest list written outside a plan; else nothing.
 * @param state - a progress state
 */
export function progressViewOf(state: ProgressState): ProgressView {
  const last = state.runs[state.runs.length - 1];
  if (last) return { kind: 'plan', run: runProgressOf(last) };
  if (state.loose) {
    const todos = state.loose.todos.map((todo) => ({ ...todo, change: state.loose!.changes[todo.content] }));
    return { kind: 'todos', todos, done: todos.filter((t) => t.status === 'completed').length, total: todos.length };
  }
  return { kind: 'none' };
}
