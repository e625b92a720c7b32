/**
 * Plan progress of a session: the host's `progress` projection when it sends one (the same fold over the whole log,
 * src/core/plan/progress-projection.ts), else the fold of its loaded events (src/core/plan/progress.ts), folded on from
 * the last state while events only grow at the end, refolded when an older page arrives. On a plain dsh host the
 * host's `todos` projection stands in for a list the loaded events do not reach. Imported only by the lazy Plan
 * progress chunk.
 */
import { useMemo } from 'react';
import type { SessionEvent } from '../core/log/types.ts';
import { auditOf, foldProgress, progressViewOf, runProgressOf, type PlanAudit, type ProgressState, type ProgressView } from '../core/plan/progress.ts';
import { PROGRESS_PROJECTION_KEY, progressProjectionOf, type ProgressProjectionValue } from '../core/plan/progress-projection.ts';
import { TODOS_PROJECTION_KEY, todoListOf } from '../core/todos/todos.ts';
import { useSlice } from './select.ts';

/** The last fold of each session and the events it covered. */
const lastFolds = new Map<string, { events: readonly SessionEvent[]; state: ProgressState }>();

/**
 * @param sessionId the session
 * @param events its loaded events in seq order
 * @returns the fold of `events`, going on from the last fold when they only grew at the end
 */
function foldOn(sessionId: string, events: readonly SessionEvent[]): ProgressState {
  const before = lastFolds.get(sessionId);
  const n = before?.events.length ?? 0;
  const appended = before !== undefined && n <= events.length && (n === 0 || (events[0] === before.events[0] && events[n - 1] === before.events[n - 1]));
  const state = appended ? foldProgress(events.slice(n), before.state) : foldProgress(events);
  lastFolds.set(sessionId, { events, state });
  return state;
}

/** A session's plan progress and whether it covers the whole log. */
export interface SessionProgress {
  view: ProgressView;
  /** Every page of the log is loaded (else the view folds the loaded part). */
  complete: boolean;
}

/**
 * @param sessionId the session
 * @returns the host's `progress` projection, when it sent a valid one
 */
function useProjectedProgress(sessionId: string): ProgressProjectionValue | undefined {
  const row = useSlice(sessionId).projections[PROGRESS_PROJECTION_KEY];
  return useMemo(() => progressProjectionOf(row?.value), [row]);
}

/**
 * @param sessionId the session
 * @param projected the host's `progress` value (the fold is skipped while there is one)
 * @returns the fold of its loaded events, or undefined while the host's projection stands for the whole log
 */
function useLoadedProgress(sessionId: string, projected: ProgressProjectionValue | undefined): ProgressState | undefined {
  const events = useSlice(sessionId).events;
  return useMemo(() => (projected ? undefined : foldOn(sessionId, events)), [sessionId, events, projected]);
}

/**
 * @param sessionId the session
 * @returns the host's `progress` view when it sends one (complete); else the view of its loaded events, and with none
 * of its own, a `todos` projection the host sent
 */
export function useSessionProgress(sessionId: string): SessionProgress {
  const slice = useSlice(sessionId);
  const projected = useProjectedProgress(sessionId);
  const state = useLoadedProgress(sessionId, projected);
  const row = slice.projections[TODOS_PROJECTION_KEY];
  return useMemo(() => {
    if (projected) return { view: projected.view, complete: true };
    let view = progressViewOf(state!);
    if (view.kind === 'none') {
      const todos = row?.value === null ? undefined : todoListOf(row?.value);
      if (todos && todos.length > 0) {
        const items = todos.map((todo) => ({ ...todo, change: undefined }));
        view = { kind: 'todos', todos: items, done: items.filter((t) => t.status === 'completed').length, total: items.length };
      }
    }
    return { view, complete: slice.olderBefore === undefined };
  }, [projected, state, row, slice.olderBefore]);
}

/**
 * @param sessionId the session
 * @returns the audit of each approved revision whose turn ended, by its `exit_plan_mode` call id (the host's `progress`
 * projection, else the loaded events)
 */
export function useSessionAudits(sessionId: string): ReadonlyMap<string, PlanAudit> {
  const projected = useProjectedProgress(sessionId);
  const state = useLoadedProgress(sessionId, projected);
  return useMemo(() => {
    const audits = new Map<string, PlanAudit>();
    if (projected) {
      for (const { callId, ...audit } of projected.audits) audits.set(callId, audit);
      return audits;
    }
    for (const run of state!.runs) {
      const audit = auditOf(runProgressOf(run));
      if (audit) audits.set(run.revision.callId, audit);
    }
    return audits;
  }, [projected, state]);
}
