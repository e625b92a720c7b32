/**
 * The model view of a session for the "What the model sees" tab: the host's `modelView` projection when it sends one
 * (it folds the whole log), else the client's own fold of the loaded events, saying so. Imported only by the lazy
 * view, so the fold stays off the first load.
 */
import { useMemo } from 'react';
import { foldModelView, MODEL_VIEW_PROJECTION_KEY, modelViewOf, type ModelView } from '../core/model-view/fold.ts';
import { useSlice } from './select.ts';

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
 *   (refolded only when they change)
 */
export function useSessionModelView(sessionId: string): SessionModelView {
  const slice = useSlice(sessionId);
  const row = slice.projections[MODEL_VIEW_PROJECTION_KEY];
  const projected = useMemo(() => (row ? modelViewOf(row.value) : undefined), [row]);
  const folded = useMemo(() => (projected ? undefined : foldModelView(slice.events)), [projected, slice.events]);
  return useMemo(
    () =>
      projected ? { view: projected, complete: true, source: 'projection' } : { view: folded!, complete: slice.olderBefore === undefined, source: 'loaded' },
    [projected, folded, slice.olderBefore],
  );
}
