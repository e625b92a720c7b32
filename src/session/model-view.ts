/**
 * The model view of a session for the "What the model sees" tab: the host's `modelView` projection (it folds the
 * whole log up to the tail page's `asOfSeq`; live frames never carry it) with the loaded events after it folded on,
 * else the client's own fold of the loaded events, saying so. Imported only by the lazy view, so the fold stays off
 * the first load.
 */
import { useMemo } from 'react';
import type { SessionEvent } from '../core/log/types.ts';
import {
  foldModelViewState,
  MODEL_VIEW_PROJECTION_KEY,
  modelViewOf,
  modelViewValue,
  stateOfView,
  type ModelView,
  type ModelViewState,
} from '../core/model-view/fold.ts';
import { useSlice } from './select.ts';

/** The last fold of each session (the page holds few sessions; one entry each) and the base it started from. */
const lastFolds = new Map<string, { base: ModelView | undefined; events: readonly SessionEvent[]; state: ModelViewState }>();

/**
 * Fold a session's events on from `base` (the projection's state) or from the start, going on from the last fold when
 * the base is the same and the events only grew at the end.
 * @param sessionId the session
 * @param base the host's projection value the events follow, or undefined to fold from the start
 * @param events the events to fold, in seq order
 */
function foldOn(sessionId: string, base: ModelView | undefined, events: readonly SessionEvent[]): ModelViewState {
  const before = lastFolds.get(sessionId);
  const n = before?.events.length ?? 0;
  const appended =
    before !== undefined &&
    before.base === base &&
    n <= events.length &&
    (n === 0 || (events[0] === before.events[0] && events[n - 1] === before.events[n - 1]));
  const state = appended ? foldModelViewState(events.slice(n), before.state) : foldModelViewState(events, base ? stateOfView(base) : undefined);
  lastFolds.set(sessionId, { base, events, state });
  return state;
}

/**
 * @param events loaded events in seq order
 * @param seq a projection's seq
 * @returns the events after `seq`
 */
function eventsAfter(events: readonly SessionEvent[], seq: number): readonly SessionEvent[] {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid]!.seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? events : events.slice(lo);
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
 * @returns its model view: the projection when the host sent a well-formed one, with the loaded events after its seq
 *   folded on (docs/protocol.md "session/projection"), else the fold of the loaded events (events appended after the
 *   ones folded are folded on from the last state; an older page or a new projection refolds)
 */
export function useSessionModelView(sessionId: string): SessionModelView {
  const slice = useSlice(sessionId);
  const row = slice.projections[MODEL_VIEW_PROJECTION_KEY];
  const projected = useMemo(() => (row ? modelViewOf(row.value) : undefined), [row]);
  const view = useMemo(() => {
    if (!projected) return modelViewValue(foldOn(sessionId, undefined, slice.events));
    const after = eventsAfter(slice.events, row!.seq);
    return after.length === 0 ? projected : modelViewValue(foldOn(sessionId, projected, after), projected.catalog);
  }, [projected, row, sessionId, slice.events]);
  return useMemo(
    () => (projected ? { view, complete: true, source: 'projection' } : { view, complete: slice.olderBefore === undefined, source: 'loaded' }),
    [projected, view, slice.olderBefore],
  );
}
