/**
 * Where a session's latest plan is — drafting, waiting for review, approved, in progress, done, stopped or abandoned —
 * from the projections a `session.list` item carries, so the sessions list needs no request per session. Pure; with
 * ui-plan's `progress` projection it reads the whole log's fold, on a plain dsh host only `plan` and `todos`. Rule:
 * docs/plan-progress.md "In the sessions list".
 */
import { todoListOf } from '../todos/todos.ts';
import { progressProjectionOf } from './progress-projection.ts';

/** The stage of a session's latest plan; counts are steps done of all (to-dos on a plain dsh host). */
export type PlanLifecycle =
  | { kind: 'drafting' }
  | { kind: 'review' }
  | { kind: 'approved' }
  | { kind: 'in-progress'; done: number; total: number }
  | { kind: 'done'; done: number; total: number }
  | { kind: 'stopped'; done: number; total: number }
  | { kind: 'abandoned' };

/** What the rule reads: a `session.list` item's projection values (any shape; wrong shapes count as absent). */
export interface ListedProjections {
  plan?: unknown;
  todos?: unknown;
  progress?: unknown;
}

function planActive(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { active?: unknown }).active === true;
}

/**
 * The stage of a session's latest plan, by one rule (first match wins):
 * 1. the latest revision waits for review → `review` (ui-plan's `progress` only);
 * 2. plan mode is on (the logged state, `plan.active`) → `drafting` while a turn runs (the agent works on a plan); with no
 *    turn running, none: plan mode on alone is no plan (the row keeps its plan-mode badge, "Plan mode on");
 * 3. with `progress`: no revision → none; the latest revision not approved (kept planning, dismissed, aborted) with
 *    plan mode off → `abandoned`; approved: its run not ended → `approved` while no to-do list was written for it,
 *    else `in-progress`; ended → `done` when every step is done, `approved` when the turn completed with no list
 *    (nothing to count), else `stopped`;
 * 4. without `progress` (a plain dsh host): a non-empty `todos` list → `done` when all are completed, else
 *    `in-progress` while the session runs and `stopped` when it does not; else none.
 * @param values - the item's `projections.values` (or the stream's newer rows over them)
 * @param running - the session runs a turn now
 * @returns the stage, or undefined when the session has no plan to speak of
 */
export function planLifecycleOf(values: ListedProjections, running: boolean): PlanLifecycle | undefined {
  const progress = progressProjectionOf(values.progress);
  if (progress?.latest?.outcome === 'pending') return { kind: 'review' };
  if (planActive(values.plan)) return running ? { kind: 'drafting' } : undefined;
  if (progress) {
    const latest = progress.latest;
    if (!latest) return undefined;
    if (latest.outcome !== 'approved') return { kind: 'abandoned' };
    const run = progress.view.kind === 'plan' && progress.view.run.revision.callId === latest.callId ? progress.view.run : undefined;
    if (!run) return { kind: 'approved' };
    const { done, total } = run;
    if (!run.end) return run.untracked ? { kind: 'approved' } : { kind: 'in-progress', done, total };
    if (!run.untracked && done === total) return { kind: 'done', done, total };
    if (run.untracked && run.end.kind === 'completed') return { kind: 'approved' };
    return { kind: 'stopped', done, total };
  }
  const todos = values.todos === null ? undefined : todoListOf(values.todos);
  if (!todos || todos.length === 0) return undefined;
  const done = todos.filter((todo) => todo.status === 'completed').length;
  if (done === todos.length) return { kind: 'done', done, total: todos.length };
  return running ? { kind: 'in-progress', done, total: todos.length } : { kind: 'stopped', done, total: todos.length };
}
