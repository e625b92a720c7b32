/**
 * The `progress` projection (ui-plan extension, beside `plan` and `reviews`): the host folds the whole log through the
 * Plan progress fold (src/core/plan/progress.ts — the same rule the page folds with) and serves what the region, the
 * audits and the sessions list read, so a page holding only the log's tail shows the right progress. Never carries a
 * plan's text. Wire shape: docs/protocol.md "session.history".
 */
import type { RevisionOutcome } from '../review/history.ts';
import type { ProjectionUnit } from '../projection.ts';
import { z } from '../zod.ts';
import { applyProgress, auditOf, initProgress, progressViewOf, runProgressOf, type PlanAudit, type ProgressState, type ProgressView } from './progress.ts';

/** The registry key of the projection. */
export const PROGRESS_PROJECTION_KEY = 'progress';

/** The latest revision put up for review, whatever its outcome: where the session's latest plan is. */
export interface LatestRevision {
  callId: string;
  version: number;
  title: string;
  /** Its outcome's kind (`pending` while the review waits). */
  outcome: RevisionOutcome['kind'];
}

/** One audit with the `exit_plan_mode` call id of the revision it audits. */
export interface RevisionAudit extends PlanAudit {
  callId: string;
}

/** The wire value of the `progress` projection. */
export interface ProgressProjectionValue {
  /** What Plan progress shows (`progressViewOf` of the whole log). */
  view: ProgressView;
  /** The audit of every approved revision whose turn ended, in log order. */
  audits: RevisionAudit[];
  /** The latest revision of the log, `null` before any `exit_plan_mode` call. */
  latest: LatestRevision | null;
}

function latestOf(state: ProgressState): LatestRevision | null {
  const last = state.reviews.history.revisions.at(-1);
  return last ? { callId: last.callId, version: last.version, title: last.title, outcome: last.outcome.kind } : null;
}

/**
 * The wire value of a progress state.
 * @param state - a state of {@link applyProgress}
 */
export function progressProjectionValueOf(state: ProgressState): ProgressProjectionValue {
  const audits: RevisionAudit[] = [];
  for (const run of state.runs) {
    const audit = auditOf(runProgressOf(run));
    if (audit) audits.push({ callId: run.revision.callId, ...audit });
  }
  return { view: progressViewOf(state), audits, latest: latestOf(state) };
}

function sameLatest(a: LatestRevision | null, b: LatestRevision | null): boolean {
  return a === b || (a !== null && b !== null && a.callId === b.callId && a.outcome === b.outcome && a.title === b.title && a.version === b.version);
}

/**
 * The `progress` projection unit: state {@link ProgressState}, value {@link ProgressProjectionValue}. The state also
 * tracks what the value does not show (the review fold, the turn, the last `todo_write` call), so `sameView` keeps
 * those changes from becoming frames.
 */
export const progressProjection: ProjectionUnit<ProgressState, ProgressProjectionValue, typeof PROGRESS_PROJECTION_KEY> = {
  key: PROGRESS_PROJECTION_KEY,
  init: initProgress,
  apply: applyProgress,
  view: progressProjectionValueOf,
  sameView: (before, after) => before.runs === after.runs && before.loose === after.loose && sameLatest(latestOf(before), latestOf(after)),
};

const statusSchema = z.enum(['pending', 'in_progress', 'completed']);
const changeSchema = z.object({ seq: z.number(), callId: z.optional(z.string()) });
const todoSchema = z.object({ content: z.string(), status: statusSchema, change: z.optional(changeSchema) });
const endSchema = z.object({ kind: z.string(), message: z.optional(z.string()), seq: z.number() });
const runSchema = z.object({
  revision: z.object({ callId: z.string(), seq: z.number(), chain: z.number(), version: z.number(), title: z.string() }),
  steps: z.array(z.object({ text: z.string(), status: statusSchema, todo: z.optional(z.string()), change: z.optional(changeSchema) })),
  extras: z.array(todoSchema),
  done: z.number(),
  total: z.number(),
  untracked: z.boolean(),
  end: z.optional(endSchema),
});
const auditSchema = z.object({ callId: z.string(), done: z.number(), notDone: z.number(), extra: z.number(), total: z.number(), end: endSchema });

/**
 * Runtime schema of {@link ProgressProjectionValue} (the page checks the host's value with it; a value that fails is
 * ignored and the page folds the events it holds).
 */
export const progressProjectionSchema = z.object({
  view: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('plan'), run: runSchema }),
    z.object({ kind: z.literal('todos'), todos: z.array(todoSchema), done: z.number(), total: z.number() }),
    z.object({ kind: z.literal('none') }),
  ]),
  audits: z.array(auditSchema),
  latest: z.nullable(
    z.object({
      callId: z.string(),
      version: z.number(),
      title: z.string(),
      outcome: z.enum(['pending', 'approved', 'kept-planning', 'dismissed', 'aborted']),
    }),
  ),
});

/**
 * The host's `progress` value, checked, or `undefined` when it is absent or not one.
 * @param value - a `progress` projection value as received
 */
export function progressProjectionOf(value: unknown): ProgressProjectionValue | undefined {
  if (value === undefined) return undefined;
  const parsed = progressProjectionSchema.safeParse(value);
  return parsed.success ? (parsed.data as ProgressProjectionValue) : undefined;
}
