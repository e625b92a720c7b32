/**
 * Where the plan under review stands in its review chain: the revision shown ("Revision N of M") and the one before
 * it, against which "Changes since vN-1" diffs. A chain's first revision has none before it.
 */
import type { PlanRevision } from '../../../core/review/history.ts';

/** The chain of the plan under review: its revisions, v1 first, and the index of the one under review. */
export interface ReviewRevisions {
  chain: readonly PlanRevision[];
  current: number;
}

/**
 * @param revisions the chain, or undefined when the history does not know the plan yet
 * @returns the revision under review and the previous one (each undefined when there is none)
 */
export function revisionPairOf(revisions: ReviewRevisions | undefined): { current: PlanRevision | undefined; previous: PlanRevision | undefined } {
  if (revisions === undefined) return { current: undefined, previous: undefined };
  return { current: revisions.chain[revisions.current], previous: revisions.current > 0 ? revisions.chain[revisions.current - 1] : undefined };
}
