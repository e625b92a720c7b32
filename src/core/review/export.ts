/**
 * The review-history JSON export: a documented, versioned shape (`ReviewHistoryExport`, its zod
 * schema `reviewHistoryExportSchema`, and docs/review-history.md) built from a session's review history. Every
 * revision carries its chain, version, plan, outcome and the `+N −M` line diff against the revision before it in its
 * chain. Pure: the export time is passed in.
 */
import { z } from '../zod.ts';
import { diffPlans } from './diff.ts';
import { parseReviewFeedback } from './feedback-format.ts';
import type { PlanRevision, ReviewHistory, RevisionOutcome } from './history.ts';
import type { PlanAudit } from '../plan/progress.ts';
import { revisionOutcomeSchema } from './revisions.ts';

/** The `format` tag of the JSON export. */
export const REVIEW_HISTORY_FORMAT = 'ui-plan/review-history';
/** The shape version of the JSON export; bumped on any incompatible change. */
export const REVIEW_HISTORY_VERSION = 1;

/** Runtime schema of one exported revision (see {@link ReviewHistoryExport}). */
export const exportedRevisionSchema = z.object({
  chain: z.int().check(z.positive()),
  version: z.int().check(z.positive()),
  callId: z.string(),
  seq: z.int().check(z.nonnegative()),
  title: z.string(),
  plan: z.string(),
  proposedAt: z.nullable(z.string()),
  outcome: revisionOutcomeSchema,
  answeredAt: z.nullable(z.string()),
  answeredBy: z.nullable(z.string()),
  prompt: z.nullable(z.object({ kind: z.enum(['feedback', 'message']), text: z.string() })),
  changes: z.nullable(
    z.object({
      against: z.int().check(z.positive()),
      added: z.int().check(z.nonnegative()),
      removed: z.int().check(z.nonnegative()),
      identical: z.boolean(),
    }),
  ),
  comments: z.optional(z.array(z.object({ start: z.int().check(z.positive()), end: z.int().check(z.positive()), quote: z.string(), text: z.string() }))),
  generalFeedback: z.optional(z.string()),
  /** Optional: the edited plan the Keep planning feedback carried, and the diff of the edits as sent. */
  editedPlan: z.optional(z.object({ plan: z.string(), diff: z.string() })),
  /** Optional (absent in exports made before it existed): the audit of an approved revision whose turn ended. */
  audit: z.optional(
    z.object({
      done: z.int().check(z.nonnegative()),
      notDone: z.int().check(z.nonnegative()),
      extra: z.int().check(z.nonnegative()),
      total: z.int().check(z.nonnegative()),
      end: z.object({ kind: z.string(), message: z.nullable(z.string()) }),
    }),
  ),
});

/** Runtime schema of the whole JSON export (see {@link ReviewHistoryExport}). */
export const reviewHistoryExportSchema = z.object({
  format: z.literal(REVIEW_HISTORY_FORMAT),
  version: z.literal(REVIEW_HISTORY_VERSION),
  sessionId: z.string(),
  title: z.nullable(z.string()),
  exportedAt: z.string(),
  complete: z.boolean(),
  revisions: z.array(exportedRevisionSchema),
});

/**
 * One exported revision.
 * - `chain`, `version`: v`version` of review chain `chain` (both 1-based; a chain ends at an approval).
 * - `callId`, `seq`: the `exit_plan_mode` call and its log seq.
 * - `title`, `plan`: the plan's first heading and its markdown verbatim.
 * - `proposedAt`, `answeredAt`: ISO 8601 UTC times from the log, `null` when the log stores none (or not answered).
 * - `outcome`: `pending` | `approved` | `kept-planning` (+ `feedback` verbatim when typed) | `dismissed` | `aborted` (+ `reason`).
 * - `answeredBy`: who answered, when the log records it, else `null`.
 * - `prompt`: what the user said that led to this revision (`feedback` on the previous one, or `message`s after
 *   dismissing it), else `null`.
 * - `changes`: line diff against v`against` (the previous revision of the chain): lines `added`, `removed`, and
 *   whether the plans are `identical`; `null` for a chain's v1.
 * - `comments`, `generalFeedback` (optional, only when the Keep planning feedback is in the review feedback format,
 *   docs/review-comments.md): its line comments (`start`..`end` plan lines of this revision, the quote as sent, the
 *   comment) and its general text; `outcome.feedback` still holds the whole text verbatim.
 * - `editedPlan` (optional, only when that feedback carries an edited plan): the reviewer's edited plan and the
 *   unified diff of the edits as sent (`''` when none was sent), docs/review-comments.md "Editing the plan".
 * - `audit` (optional, only on an approved revision whose turn ended): steps `done`, `notDone`, `extra` to-dos, the
 *   plan's `total` steps and how the turn ended (`end.kind`, `end.message`), docs/plan-progress.md.
 */
export type ExportedRevision = z.infer<typeof exportedRevisionSchema>;

/**
 * The review-history JSON export, `format: 'ui-plan/review-history'`, `version: 1`. `complete` is false when the
 * history was folded from only the loaded part of the log (a plain dsh host). Documented in docs/review-history.md.
 */
export type ReviewHistoryExport = z.infer<typeof reviewHistoryExportSchema>;

function iso(ms: number | undefined): string | null {
  return typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The previous revision of the same chain, if any. */
export function previousInChain(revisions: readonly PlanRevision[], index: number): PlanRevision | undefined {
  const revision = revisions[index];
  const before = revisions[index - 1];
  return revision !== undefined && before !== undefined && before.chain === revision.chain ? before : undefined;
}

function outcomeOut(outcome: RevisionOutcome): ExportedRevision['outcome'] {
  return outcome.kind === 'kept-planning' && outcome.feedback === undefined ? { kind: 'kept-planning' } : outcome;
}

/** The optional comment and edit fields of a revision whose Keep planning feedback is in the review feedback format. */
function commentsOut(outcome: RevisionOutcome): Pick<ExportedRevision, 'comments' | 'generalFeedback' | 'editedPlan'> {
  if (outcome.kind !== 'kept-planning' || outcome.feedback === undefined) return {};
  const { comments, general, edit } = parseReviewFeedback(outcome.feedback);
  if (edit !== undefined) return { comments, generalFeedback: general, editedPlan: edit };
  return comments.length === 0 ? {} : { comments, generalFeedback: general };
}

/**
 * Build the JSON export of a session's review history.
 * @param input.sessionId the session id
 * @param input.title the session title, undefined when none
 * @param input.history the review history (the `reviews` projection, or the client's fold of the loaded events)
 * @param input.complete whether `history` covers the whole log
 * @param input.exportedAt the export time, epoch ms
 * @param input.audits the audits of approved revisions, by `exit_plan_mode` call id (src/core/plan/progress.ts)
 * @returns a value that passes `reviewHistoryExportSchema`
 */
export function buildReviewHistoryExport(input: {
  sessionId: string;
  title: string | undefined;
  history: ReviewHistory;
  complete: boolean;
  exportedAt: number;
  audits?: ReadonlyMap<string, PlanAudit> | undefined;
}): ReviewHistoryExport {
  const revisions = input.history.revisions;
  return {
    format: REVIEW_HISTORY_FORMAT,
    version: REVIEW_HISTORY_VERSION,
    sessionId: input.sessionId,
    title: input.title ?? null,
    exportedAt: new Date(input.exportedAt).toISOString(),
    complete: input.complete,
    revisions: revisions.map((revision, index) => {
      const before = previousInChain(revisions, index);
      const diff = before ? diffPlans(before.plan, revision.plan) : undefined;
      const audit = input.audits?.get(revision.callId);
      return {
        chain: revision.chain,
        version: revision.version,
        callId: revision.callId,
        seq: revision.seq,
        title: revision.title,
        plan: revision.plan,
        proposedAt: iso(revision.time),
        outcome: outcomeOut(revision.outcome),
        answeredAt: iso(revision.answeredAt),
        answeredBy: revision.answeredBy ?? null,
        prompt: revision.prompt ? { kind: revision.prompt.kind, text: revision.prompt.text } : null,
        changes: before && diff ? { against: before.version, added: diff.added, removed: diff.removed, identical: diff.identical } : null,
        ...commentsOut(revision.outcome),
        ...(audit
          ? {
              audit: {
                done: audit.done,
                notDone: audit.notDone,
                extra: audit.extra,
                total: audit.total,
                end: { kind: audit.end.kind, message: audit.end.message ?? null },
              },
            }
          : {}),
      };
    }),
  };
}
