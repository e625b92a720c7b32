/**
 * The model view of a session for the "What the model sees" tab: the host's `modelView` projection when it sends one
 * (it folds the whole log), else the client's own fold of the loaded events, saying so. Imported only by the lazy
 * view, so the fold stays off the first load.
 */
import { useMemo } from 'react';
import type { SessionEvent } from '../core/log/types.ts';
import { foldModelViewState, MODEL_VIEW_PROJECTION_KEY, modelViewOf, modelViewValue, type ModelView, type ModelViewState } from '../core/model-view/fold.ts';
import { useSlice } from './select.ts';

/** The last fold of each session's loaded events (the page holds few sessions; one entry each). */
const lastFolds = new Map<string, { events: readonly SessionEvent[]; state: ModelViewState }>();

/**
 * Fold a session's loaded events, going on from the last fold when they only grew at the end.
 * @param sessionId the session
 * @param events its loaded events in seq order
 */
function foldLoaded(sessionId: string, events: readonly SessionEvent[]): ModelViewState {
  const before = lastFolds.get(sessionId);
  const n = before?.events.length ?? 0;
  const appended = before !== undefined && n > 0 && n <= events.length && events[0] === before.events[0] && events[n - 1] === before.events[n - 1];
  const state = appended ? foldModelViewState(events.slice(n), before.state) : foldModelViewState(events);
  lastFolds.set(sessionId, { events, state });
  return state;
}

/** A session's model view and where it comes from. */
export interface SessionModelView {
  view: ModelView;
  /** The view covers the whole log (the host's projection, or every page loaded). */
  complete: boolean;
  source: 'projection' | 'loaded';
}

/**
 * @param sessionId the session
 * @returns its model view: the projection when the host sends a well-formed one, else the fold of the loaded events
 *   (events appended after the ones folded are folded on from the last state; an older page refolds)
 */
export function useSessionModelView(sessionId: string): SessionModelView {
  const slice = useSlice(sessionId);
  const row = slice.projections[MODEL_VIEW_PROJECTION_KEY];
  const projected = useMemo(() => (row ? modelViewOf(row.value) : undefined), [row]);
  const folded = useMemo(() => {
    if (projected) return undefined;
    return modelViewValue(foldLoaded(sessionId, slice.events));
  }, [projected, sessionId, slice.events]);
  return useMemo(
    () =>
      projected ? { view: projected, complete: true, source: 'projection' } : { view: folded!, complete: slice.olderBefore === undefined, source: 'loaded' },
    [projected, folded, slice.olderBefore],
  );
}
