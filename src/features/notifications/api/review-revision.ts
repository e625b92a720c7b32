/**
 * Which revision a waiting plan review is, and since when it waits: read once per review from the session's
 * `session.history` tail — the host's `reviews` projection when it has one (ui-plan's harness; a one-message tail page
 * carries it), else the client's fold of the events (a plain dsh host: a 40-message tail, the whole history when the
 * tail does not reach the start). Part of the
 * slice's lazy chunks, off the first load.
 */
import { queryOptions } from '@tanstack/react-query';
import { reviewChainOf, REVIEWS_PROJECTION_KEY, type ReviewHistory } from '../../../core/review/history.ts';
import { foldReviewHistory, reviewHistorySchema } from '../../../core/review/revisions.ts';
import { eventIssue } from '../../../core/log/schemas.ts';
import type { SessionEvent } from '../../../core/log/types.ts';
import { callMethod } from '../../../lib/api-client.ts';

/** What is known of a waiting review: its revision (1-based) and when it was put up (epoch ms), each when the log says. */
export interface ReviewRevision {
  revision: number | undefined;
  since: number | undefined;
}

/** Messages of the tail page a plain dsh host's fold starts from (enough for the last review chain of most sessions). */
const TAIL_MESSAGES = 40;

/**
 * The revision of the review `plan` in a session's history.
 * @param history the session's review history
 * @param plan the plan markdown of the waiting review
 * @returns revision and time, each undefined when the history does not hold that plan
 */
export function revisionIn(history: ReviewHistory, plan: string): ReviewRevision {
  const found = reviewChainOf(history, plan);
  const revision = found?.chain[found.current];
  return { revision: revision ? revision.version : undefined, since: revision?.time };
}

/**
 * The query of one waiting review's revision (never stale: a review's revision does not change while it waits).
 * @param sessionId the session
 * @param rpcId the question's id (a new review is a new query)
 * @param plan the plan markdown the question carries
 * @throws ApiError from `callMethod`, or Error when the history does not hold the plan (the query's `error` after its
 *   retries; the item is then shown without a revision)
 */
export function reviewRevisionQueryOptions(sessionId: string, rpcId: string, plan: string) {
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- the question id fixes the plan: a re-sent question carries the same one
  return queryOptions({
    queryKey: ['notifications', 'review-revision', sessionId, rpcId] as const,
    staleTime: Infinity,
    // The question can reach the page before its `tool/call` is in the history a read returns: look again, briefly.
    retry: 3,
    retryDelay: 500,
    queryFn: async ({ signal }): Promise<ReviewRevision> => {
      // The tail page carries the projections: one message is enough where the host has the `reviews` projection.
      const head = await callMethod('session.history', { sessionId, maxMessages: 1 }, signal);
      const projected = reviewHistorySchema.safeParse(head.projections?.values[REVIEWS_PROJECTION_KEY]);
      let found: ReviewRevision;
      if (projected.success) found = revisionIn(projected.data, plan);
      else {
        const tail = await callMethod('session.history', { sessionId, maxMessages: TAIL_MESSAGES }, signal);
        const whole = tail.hasMore ? await callMethod('session.history', { sessionId }, signal) : tail;
        const events = whole.events.flatMap((entry) => (eventIssue(entry.event) === undefined ? [entry.event as SessionEvent] : []));
        found = revisionIn(foldReviewHistory(events), plan);
      }
      if (found.revision === undefined) throw new Error('the plan under review is not in the session history yet');
      return found;
    },
  });
}
