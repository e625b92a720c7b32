/**
 * The review history of a session for the Reviews view, the review card's revision label and the transcript's plan
 * cards: the host's `reviews` projection when it sends one, else the client's own fold of the loaded events. The fold
 * and its schema load on first use, off the first-load bundle.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { REVIEWS_PROJECTION_KEY, type ReviewHistory } from '../core/review/history.ts';
import type * as RevisionsModule from '../core/review/revisions.ts';
import { useSessionStreamStore } from './provider.tsx';
import { sliceOf } from './reducers.ts';
import { useSlice, useStreamSelector } from './select.ts';

/**
 * The review history of a session: `complete` when it covers the whole log — the host's `reviews`
 * projection, or the client's own fold once every page is loaded; otherwise (a plain dsh host has no such projection)
 * the fold of the loaded part of the log.
 */
export interface SessionReviews {
  history: ReviewHistory;
  /** The history covers the whole log. */
  complete: boolean;
  /** Where it comes from: the host's projection, or the client's fold of the events it holds. */
  source: 'projection' | 'loaded';
}

type ReviewsModule = typeof RevisionsModule;
let reviewsModule: ReviewsModule | undefined;
let reviewsModuleLoading: Promise<ReviewsModule> | undefined;

/** The review fold and its wire schema, loaded on first use (off the first-load bundle). */
function useReviewsModule(): ReviewsModule | undefined {
  const [loaded, setLoaded] = useState(reviewsModule);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    reviewsModuleLoading ??= import('../core/review/revisions.ts').then((module) => (reviewsModule = module));
    void reviewsModuleLoading.then((module) => live && setLoaded(module));
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

const NO_REVIEWS: ReviewHistory = Object.freeze({ revisions: Object.freeze([]) as readonly never[] });

/**
 * The review history of one session: the host's `reviews` projection when it sends one (it folds the whole log),
 * else `foldReviewHistory` over the loaded events, refolded only when they change. Empty (and complete) for the
 * moment the fold's module takes to load.
 * @param sessionId the session; undefined gives an empty, complete history
 */
export function useSessionReviews(sessionId: string | undefined): SessionReviews {
  const slice = useSlice(sessionId);
  const reviews = useReviewsModule();
  const row = slice.projections[REVIEWS_PROJECTION_KEY];
  const projected = useMemo(() => {
    if (!row || !reviews) return undefined;
    const parsed = reviews.reviewHistorySchema.safeParse(row.value);
    return parsed.success ? parsed.data : undefined;
  }, [row, reviews]);
  const folded = useMemo(() => (projected || !reviews ? undefined : reviews.foldReviewHistory(slice.events)), [projected, reviews, slice.events]);
  return useMemo(() => {
    if (projected) return { history: projected, complete: true, source: 'projection' };
    if (!folded) return { history: NO_REVIEWS, complete: true, source: 'loaded' };
    return { history: folded, complete: slice.olderBefore === undefined, source: 'loaded' };
  }, [projected, folded, slice.olderBefore]);
}

/**
 * Make sure a revision's plan card is in the loaded history: when the revision is older than the first loaded event
 * and older history exists, everything older is loaded (the transcript then finds its card).
 * @param sessionId the session
 * @returns a stable function of the revision's `callId`; an unknown `callId` loads nothing
 */
export function useLoadRevision(sessionId: string): (callId: string) => void {
  const store = useSessionStreamStore();
  const { history } = useSessionReviews(sessionId);
  const hasOlder = useStreamSelector((state) => sliceOf(state, sessionId).olderBefore !== undefined);
  return useCallback(
    (callId: string) => {
      const revision = history.revisions.find((r) => r.callId === callId);
      const first = sliceOf(store.getState(), sessionId).events[0]?.seq;
      if (revision && hasOlder && (first === undefined || revision.seq < first)) void store.loadAll(sessionId);
    },
    [history, hasOlder, store, sessionId],
  );
}
