/**
 * The review history's shapes and the small lookups the first load needs (the `reviews` projection key, a chain of
 * revisions, the chain of the plan under review): types and pure functions only, no fold and no schema, so the app's
 * first-load bundle stays small; the fold, the projection unit and the wire schema live in `revisions.ts`.
 */

/** The projection key of the review history (a ui-plan extension; a plain dsh host has none). */
export const REVIEWS_PROJECTION_KEY = 'reviews';

/**
 * How a revision's review ended, read from the `exit_plan_mode` result (docs/upstream-spec.md §1.9 result texts):
 * - `pending`: no result logged yet (under review, or the log ends there);
 * - `approved`: a success result;
 * - `kept-planning`: Keep planning, with the reviewer's feedback verbatim when they typed one;
 * - `dismissed`: Chat about it (the review was dismissed to talk);
 * - `aborted`: any other failure (aborted before the user answered, the service reloaded, no channel, …) with its text.
 */
export type RevisionOutcome =
  | { kind: 'pending' }
  | { kind: 'approved' }
  | { kind: 'kept-planning'; feedback?: string | undefined }
  | { kind: 'dismissed' }
  | { kind: 'aborted'; reason: string };

/** What the user said that led to a revision: the Keep planning feedback on the one before, or messages sent after dismissing it. */
export interface RevisionPrompt {
  kind: 'feedback' | 'message';
  /** The feedback verbatim, or the user's messages joined by a blank line. */
  text: string;
}

/**
 * One plan put up for review. `chain` (1-based) counts review chains of the session; `version` (1-based) is the
 * revision's number within its chain (v1, v2, …). Times are epoch ms when the log stores them, else undefined.
 */
export interface PlanRevision {
  /** The tool call's id (the transcript's plan card is keyed by it). */
  callId: string;
  /** Seq of the `tool/call` event. */
  seq: number;
  /** When the plan was put up (the call's `time`), ms; undefined when the log has no time. */
  time?: number | undefined;
  chain: number;
  version: number;
  /** The plan markdown, verbatim. */
  plan: string;
  /** The plan's first heading (any level), else `'Plan'` (docs/upstream-spec.md §1.9 presentation). */
  title: string;
  outcome: RevisionOutcome;
  /** Seq of the `tool/result` that settled it; undefined while pending. */
  resultSeq?: number | undefined;
  /** When it was answered (the result's `time`), ms; undefined while pending or when the log has no time. */
  answeredAt?: number | undefined;
  /** Who answered, when the log records it (a string `answeredBy` on the result); undefined otherwise (dsh logs do not say). */
  answeredBy?: string | undefined;
  /** What led to this revision; undefined for a chain's v1 and after a Keep planning without feedback. */
  prompt?: RevisionPrompt | undefined;
}

/** The `reviews` projection value: every revision of the session in log order. */
export interface ReviewHistory {
  revisions: readonly PlanRevision[];
}

/**
 * The revisions of one chain, in order.
 * @param history the review history
 * @param chain the chain number (1-based)
 * @returns its revisions (empty when there is no such chain)
 */
export function chainRevisions(history: ReviewHistory, chain: number): PlanRevision[] {
  return history.revisions.filter((r) => r.chain === chain);
}

/**
 * How many plan reviews the history holds: its review chains, each of one or more revisions (the Reviews tab counts
 * these, as the Reviews view's "Plan review N · M revisions" headings do).
 * @param history the review history
 * @returns the number of distinct chains (0 for no revision)
 */
export function reviewCountOf(history: ReviewHistory): number {
  return new Set(history.revisions.map((r) => r.chain)).size;
}

/**
 * The revision of a tool call.
 * @param history the review history
 * @param callId the `exit_plan_mode` call id
 * @returns the revision, or undefined when that call is not a revision (not reviewable, or not loaded)
 */
export function revisionOfCall(history: ReviewHistory, callId: string): PlanRevision | undefined {
  return history.revisions.find((r) => r.callId === callId);
}

/**
 * The chain of a plan under review: the latest pending revision with that plan text (a plain dsh host's question
 * carries the plan, not the call id), else the latest revision with it.
 * @param history the session's review history
 * @param plan the plan markdown of the pending review
 * @returns `{chain, current}` — the chain's revisions (v1 first) and the index of the revision — or undefined when
 *   the history does not hold that plan (yet)
 */
export function reviewChainOf(history: ReviewHistory, plan: string): { chain: PlanRevision[]; current: number } | undefined {
  const all = history.revisions;
  let found: PlanRevision | undefined;
  for (let i = all.length - 1; i >= 0 && found === undefined; i--) if (all[i]!.plan === plan && all[i]!.outcome.kind === 'pending') found = all[i];
  for (let i = all.length - 1; i >= 0 && found === undefined; i--) if (all[i]!.plan === plan) found = all[i];
  if (found === undefined) return undefined;
  const chain = chainRevisions(history, found.chain);
  return { chain, current: chain.indexOf(found) };
}
