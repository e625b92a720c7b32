/**
 * Pure derivations of what the UI shows about a session from its stream slice and its `session.list` row: the
 * projections parsed (an unreadable value reads as absent, never as a guess), the pending questions, what the
 * session waits for, why a turn stopped, why it is read-only, and the badges of its list row. No React, no clock.
 */
import {
  modeProjectionSchema,
  planProjectionSchema,
  type ModeProjectionValue,
  type PlanProjectionValue,
  type SessionSummary,
} from '../core/protocol/methods.ts';
import { planReviewOf } from '../core/questions/plan-review.ts';
import type { QuestionItem } from '../core/questions/types.ts';
import type { ReadOnlyLocale } from './locales.ts';
import type { PendingQuestion, ProjectionRow, SessionSlice } from './reducers.ts';

/** A pending question batch as the dock shows it. */
export interface PendingQuestionView {
  rpcId: string;
  questions: QuestionItem[];
}

/** What a session waits for: `review` (a plan review is pending), `answer` (another question), or nothing. */
export type SessionWaiting = 'review' | 'answer' | undefined;

/**
 * The `plan` projection of a row (docs/upstream-spec.md §1.11).
 * @param row the slice's `plan` row, undefined when the host sent none
 * @returns the value, or undefined when absent or not of the `{active, pending}` shape
 */
export function planOfRow(row: ProjectionRow | undefined): PlanProjectionValue | undefined {
  if (!row) return undefined;
  const parsed = planProjectionSchema.safeParse(row.value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The `mode` projection of a row (seed 002 "`ctx.modes`").
 * @param row the slice's `mode` row, undefined on a plan-mode host
 * @returns the value, or undefined when absent or not of the `{current, pending?}` shape
 */
export function modeOfRow(row: ProjectionRow | undefined): ModeProjectionValue | undefined {
  if (!row) return undefined;
  const parsed = modeProjectionSchema.safeParse(row.value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The live title of a session: the `title` projection when it is a non-blank string.
 * @param row the slice's `title` row
 */
export function titleOfRow(row: ProjectionRow | undefined): string | undefined {
  const value = row?.value;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The pending question batches without their connection epoch.
 * @param questions the slice's pending questions, oldest first
 */
export function questionViewsOf(questions: readonly PendingQuestion[]): PendingQuestionView[] {
  return questions.map((q) => ({ rpcId: q.rpcId, questions: q.questions }));
}

/**
 * What the session waits for: a plan review (a batch `planReviewOf` claims) wins over any other question
 * (docs/upstream-spec.md §3.4).
 * @param questions the pending batches
 */
export function waitingOf(questions: readonly { questions: QuestionItem[] }[]): SessionWaiting {
  if (questions.some((q) => planReviewOf(q.questions) !== undefined)) return 'review';
  return questions.length > 0 ? 'answer' : undefined;
}

/**
 * The agent error still to be shown: the slice's `agentError` unless a `turn/end` of its turn (or a later turn) is
 * in the events. Scans from the end and stops at the first `turn/start`/`turn/end`, so the cost is the last turn's length.
 * @param slice the session's slice
 * @returns the host's message, or undefined
 */
export function stoppedReasonOf(slice: Pick<SessionSlice, 'agentError' | 'events'>): string | undefined {
  const error = slice.agentError;
  if (!error) return undefined;
  for (let i = slice.events.length - 1; i >= 0; i -= 1) {
    const event = slice.events[i]!;
    if (event.type !== 'turn/end' && event.type !== 'turn/start') continue;
    const turn = (event.data as { turn?: unknown }).turn;
    if (typeof turn !== 'number' || error.turn === undefined) return event.type === 'turn/end' ? undefined : error.message;
    if (event.type === 'turn/end' && turn >= error.turn) return undefined;
    if (event.type === 'turn/start' && turn > error.turn) return undefined;
    return error.message;
  }
  return error.message;
}

/**
 * Why a session is read-only, as the page says it: why the server stopped writing to it (worded in `copy`, or as the
 * server said it when the reason is new), else the host's own sentence, else `undefined` (docs/protocol.md "Session log
 * on disk").
 * @param summary the session's `session.list` row (`writeStopped`, `readOnlyReason`), undefined while unknown
 * @param copy the read-only wording of the current language
 */
export function readOnlyReasonOf(summary: Pick<SessionSummary, 'writeStopped' | 'readOnlyReason'> | undefined, copy: ReadOnlyLocale): string | undefined {
  const stopped = summary?.writeStopped;
  if (stopped !== undefined && Object.hasOwn(copy.writingStopped, stopped)) return copy.writingStopped[stopped as keyof ReadOnlyLocale['writingStopped']];
  return summary?.readOnlyReason;
}

/**
 * Badges of a session in the list: running, plan projection, whether a plan review awaits a decision, and the
 * live title (`title` projection) when the stream has one.
 */
export interface SessionBadges {
  running: boolean;
  plan: PlanProjectionValue | undefined;
  reviewPending: boolean;
  /** Any question (plan review or other) waits for the user. */
  questionPending: boolean;
  title: string | undefined;
  /** The `mode` projection (session-modes variant, seed 002); undefined on a plan-mode host. */
  mode: ModeProjectionValue | undefined;
}

/**
 * The badges of one listed session: what the stream says, over the list's own snapshot (`running`,
 * `projections.plan`, `projections.mode`) for what the stream has said nothing about yet.
 * @param slice the session's stream slice (`EMPTY_SLICE` when the stream never mentioned it)
 * @param summary its `session.list` row
 */
export function badgesOf(
  slice: Pick<SessionSlice, 'running' | 'questions'> & { projections: Partial<Record<'plan' | 'title' | 'mode', ProjectionRow>> },
  summary: SessionSummary,
): SessionBadges {
  const listed = planProjectionSchema.safeParse(summary.projections?.values.plan);
  const listedMode = modeProjectionSchema.safeParse(summary.projections?.values.mode);
  return {
    running: slice.running ?? summary.running,
    plan: planOfRow(slice.projections.plan) ?? (listed.success ? listed.data : undefined),
    reviewPending: slice.questions.some((q) => planReviewOf(q.questions) !== undefined),
    questionPending: slice.questions.length > 0,
    title: typeof slice.projections.title?.value === 'string' ? slice.projections.title.value : undefined,
    mode: modeOfRow(slice.projections.mode) ?? (listedMode.success ? listedMode.data : undefined),
  };
}
