/**
 * The waiting items of every session with what the inbox and the notifications say about them: the session's title
 * (the person's own, else the `title` projection, else the list's), a review's revision and its wait since the plan was
 * put up (the stream's `reviews` projection, else `api/review-revision.ts`), else since this page first saw it. Recomputed only when a session's pending
 * questions or prompts change, not on every streamed event.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { sessionListQueryOptions } from '../../lib/queries.ts';
import { titleOfRow } from '../../session/derive.ts';
import { useSessionStreamStore } from '../../session/provider.tsx';
import { useStreamSelectorAfterPaint } from '../../session/select.ts';
import type { StreamState } from '../../session/reducers.ts';
import type { SessionStreamStore } from '../../session/store.ts';
import { REVIEWS_PROJECTION_KEY } from '../../core/review/history.ts';
import { reviewHistorySchema } from '../../core/review/revisions.ts';
import { revisionIn, reviewRevisionQueryOptions, type ReviewRevision } from './api/review-revision.ts';
import type { WaitingItem } from './model/attention.ts';
import { streamWaitingOf, type StreamWaiting } from './model/waiting.ts';

/** When this page first saw each waiting item, and in which order (kept for the page's life; ids are never reused). */
const firstSeen = new Map<string, { at: number; order: number }>();

function seen(rpcId: string): { at: number; order: number } {
  let entry = firstSeen.get(rpcId);
  if (!entry) {
    entry = { at: Date.now(), order: firstSeen.size };
    firstSeen.set(rpcId, entry);
  }
  return entry;
}

interface Snapshot {
  waiting: StreamWaiting[];
  /** Session titles of the `title` projection, for the sessions with something waiting. */
  titles: ReadonlyMap<string, string>;
  /** The `reviews` projection rows the stream holds (ui-plan's harness sends them live for every session). */
  reviews: ReadonlyMap<string, unknown>;
  /** The pending arrays it was computed from, to tell when to recompute. */
  basis: readonly unknown[];
}

function basisOf(state: StreamState): unknown[] {
  const basis: unknown[] = [];
  for (const slice of Object.values(state.sessions)) {
    if (slice.questions.length === 0 && slice.approvals.length === 0) continue;
    basis.push(slice.questions, slice.approvals, slice.projections.title, slice.projections[REVIEWS_PROJECTION_KEY]);
  }
  return basis;
}

const snapshots = new WeakMap<SessionStreamStore, Snapshot>();

/** The store's waiting items and their sessions' projected titles; the same object while none of it changed. */
function waitingSnapshot(store: SessionStreamStore): Snapshot {
  const state = store.getState();
  const basis = basisOf(state);
  const held = snapshots.get(store);
  if (held && held.basis.length === basis.length && held.basis.every((value, i) => value === basis[i])) return held;
  const waiting = streamWaitingOf(state);
  const titles = new Map<string, string>();
  const reviews = new Map<string, unknown>();
  for (const item of waiting) {
    const projections = state.sessions[item.sessionId]?.projections;
    const title = titleOfRow(projections?.title);
    if (title !== undefined) titles.set(item.sessionId, title);
    const row = projections?.[REVIEWS_PROJECTION_KEY];
    if (row !== undefined) reviews.set(item.sessionId, row.value);
  }
  const next = { waiting, titles, reviews, basis };
  snapshots.set(store, next);
  return next;
}

/**
 * {@link waitingSnapshot} of the app's store, once idle after the paint of the frame that changed it: the commit that
 * brings a question carries its card, and the title, favicon, notices and inbox follow after its paint (docs/style.md
 * "Lazy views render at once").
 */
function useStreamWaiting(): Snapshot {
  const store = useSessionStreamStore();
  // Deferred as well: a render for another reason in the question's commit still shows the snapshot from before it.
  return useDeferredValue(useStreamSelectorAfterPaint(() => waitingSnapshot(store)));
}

/**
 * Every waiting item with its session title, revision and wait, in stream order (see {@link WaitingItem}).
 * @returns a new array when any of it changed
 */
export function useWaitingItems(): WaitingItem[] {
  const { waiting, titles, reviews } = useStreamWaiting();
  const { data: list } = useQuery(sessionListQueryOptions());
  // A review's revision: from the `reviews` projection the stream holds, else read once from the session's history.
  const streamed = useMemo(
    () =>
      waiting.map((item) => {
        if (item.kind !== 'review' || !reviews.has(item.sessionId)) return undefined;
        const parsed = reviewHistorySchema.safeParse(reviews.get(item.sessionId));
        const found = parsed.success ? revisionIn(parsed.data, item.plan ?? '') : undefined;
        return found?.revision === undefined ? undefined : found;
      }),
    [waiting, reviews],
  );
  const revisions = useQueries({
    queries: waiting.map((item, index) => ({
      ...reviewRevisionQueryOptions(item.sessionId, item.rpcId, item.plan ?? ''),
      enabled: item.kind === 'review' && streamed[index] === undefined,
    })),
  });
  const revisionData = revisions.map((query, index) => streamed[index] ?? (query.isPending ? undefined : (query.data ?? null)));
  // useQueries returns a new array per render: compare what matters so the items keep their identity.
  const revisionKey = JSON.stringify(revisionData);
  return useMemo(() => {
    const known = JSON.parse(revisionKey) as (ReviewRevision | null | undefined)[];
    return waiting.map((item, index): WaitingItem => {
      const row = list?.items.find((summary) => summary.sessionId === item.sessionId);
      const revision = known[index];
      const first = seen(item.rpcId);
      return {
        rpcId: item.rpcId,
        sessionId: item.sessionId,
        kind: item.kind,
        since: revision?.since ?? first.at,
        order: first.order,
        sessionTitle: row?.customTitle ?? titles.get(item.sessionId) ?? row?.title ?? undefined,
        planTitle: item.planTitle,
        revision: revision?.revision ?? undefined,
        question: item.question,
        toolName: item.toolName,
        reason: item.reason,
        settled: item.kind !== 'review' || revision !== undefined,
      };
    });
  }, [waiting, titles, list, revisionKey]);
}
