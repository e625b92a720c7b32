/**
 * Plan progress of a session: the fold of its loaded events (src/core/plan/progress.ts), folded on from the last state
 * while events only grow at the end, refolded when an older page arrives. On a plain dsh host the host's `todos`
 * projection stands in for a list the loaded events do not reach. Imported only by the lazy Plan progress chunk.
 */
import { useMemo } from 'react';
import type { SessionEvent } from '../core/log/types.ts';
import { auditOf, foldProgress, progressViewOf, runProgressOf, type PlanAudit, type ProgressState, type ProgressView } from '../core/plan/progress.ts';
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
 * @returns the Plan progress view of its loaded events; with none of its own, a `todos` projection the host sent
 */
export function useSessionProgress(sessionId: string): SessionProgress {
  const slice = useSlice(sessionId);
  const state = useMemo(() => foldOn(sessionId, slice.events), [sessionId, slice.events]);
  const row = slice.projections[TODOS_PROJECTION_KEY];
  return useMemo(() => {
    let view = progressViewOf(state);
    if (view.kind === 'none') {
      const todos = row?.value === null ? undefined : todoListOf(row?.value);
      if (todos && todos.length > 0) {
        const items = todos.map((todo) => ({ ...todo, change: undefined }));
        view = { kind: 'todos', todos: items, done: items.filter((t) => t.status === 'completed').length, total: items.length };
      }
    }
    return { view, complete: slice.olderBefore === undefined };
  }, [state, row, slice.olderBefore]);
}

/**
 * @param sessionId the session
 * @returns the audit of each approved revision whose turn ended, by its `exit_plan_mode` call id (from the loaded events)
 */
export function useSessionAudits(sessionId: string): ReadonlyMap<string, PlanAudit> {
  const slice = useSlice(sessionId);
  const state = useMemo(() => foldOn(sessionId, slice.events), [sessionId, slice.events]);
  return useMemo(() => {
    const audits = new Map<string, PlanAudit>();
    for (const run of state.runs) {
      const audit = auditOf(runProgressOf(run));
      if (audit) audits.set(run.revision.callId, audit);
    }
    return audits;
  }, [state]);
}
