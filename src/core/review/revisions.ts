/**
 * Plan revisions and the review history of a session: a pure fold of the log into every plan the agent put up for
 * review (`exit_plan_mode` calls), numbered v1, v2, … within a chain that runs across Keep planning and Chat about it
 * until an approval, each with its outcome, times and what the user said that led to it. Also the `reviews`
 * projection unit the host pushes (so it covers the whole log when the client holds only a tail page).
 * `apply` returns the same state for every event that does not change it; the log alone decides (no clock).
 */
import { z } from 'zod';
import { toolResultOf, userTextOf } from '../log/content.ts';
import { modeSetOf, planModeOf } from '../log/guards.ts';
import type { SessionEvent, ToolCallData } from '../log/types.ts';
import { PLAN_MODE } from '../modes/fold.ts';
import { isValidPlanText, planTitleOf } from '../plan/plan-text.ts';
import type { ProjectionUnit } from '../projection.ts';
import { reviewOutcomeOf } from '../transcript/fold.ts';

/** The exit tool whose calls are revisions (upstream spec §1.9). */
export const EXIT_PLAN_MODE_TOOL = 'exit_plan_mode';

/** The projection key of the review history (a ui-plan extension; a plain dsh host has none). */
export const REVIEWS_PROJECTION_KEY = 'reviews';

/**
 * How a revision's review ended, read from the `exit_plan_mode` result (upstream spec §1.9 result texts):
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
  /** The plan's first heading (any level), else `'Plan'` (upstream spec §1.9 presentation). */
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

/** Fold state of the `reviews` unit (in memory only; `history` is the wire value). */
export interface ReviewFoldState {
  readonly history: ReviewHistory;
  /** The logged plan state: the last `plan/mode` active, or the last `mode/set` is `plan` (seed 002). */
  readonly inPlan: boolean;
  /** The current chain is open (false before the first revision and after an approval). */
  readonly chainOpen: boolean;
  /** Call ids of revisions still pending (usually none or one). */
  readonly pending: readonly string[];
  /** What the next revision was asked with, so far. */
  readonly prompt: RevisionPrompt | undefined;
  /** The last settled revision was dismissed: user messages after it lead to the next one. */
  readonly collecting: boolean;
}

const EMPTY_HISTORY: ReviewHistory = Object.freeze({ revisions: Object.freeze([]) as readonly PlanRevision[] });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The plan of an `exit_plan_mode` call that the tool would review, else undefined (upstream spec §1.9 check 3). */
function reviewablePlanOf(data: ToolCallData): string | undefined {
  let args: unknown;
  try {
    args = typeof data.arguments === 'string' ? JSON.parse(data.arguments) : data.arguments;
  } catch {
    return undefined;
  }
  const plan = isRecord(args) ? args.plan : undefined;
  return typeof plan === 'string' && isValidPlanText(plan) ? plan : undefined;
}

function answeredByOf(event: SessionEvent): string | undefined {
  if (!isRecord(event.data)) return undefined;
  if (typeof event.data.answeredBy === 'string') return event.data.answeredBy;
  const source = isRecord(event.data.message) && isRecord(event.data.message.source) ? event.data.message.source : undefined;
  return typeof source?.answeredBy === 'string' ? source.answeredBy : undefined;
}

/**
 * The outcome a `tool/result` of `exit_plan_mode` says (upstream spec §1.9): success is approval; the keep-planning,
 * dismissal and other error texts as the transcript reads them (`reviewOutcomeOf`).
 * @param isError the result's error flag
 * @param text the result's text blocks joined
 */
export function revisionOutcomeOf(isError: boolean, text: string): RevisionOutcome {
  const read = reviewOutcomeOf({ isError, text, view: undefined });
  switch (read.kind) {
    case 'approved':
      return { kind: 'approved' };
    case 'keep-planning':
      return read.feedback !== undefined ? { kind: 'kept-planning', feedback: read.feedback } : { kind: 'kept-planning' };
    case 'dismissed':
      return { kind: 'dismissed' };
    case 'failed':
      return { kind: 'aborted', reason: read.text.replace(/^Error:\s*/i, '') };
    case 'waiting':
      return { kind: 'pending' };
    default: {
      const never: never = read;
      return never;
    }
  }
}

function onCall(state: ReviewFoldState, event: SessionEvent): ReviewFoldState {
  const data = event.data as ToolCallData;
  if (!isRecord(data) || data.name !== EXIT_PLAN_MODE_TOOL || typeof data.callId !== 'string' || !state.inPlan) return state;
  const plan = reviewablePlanOf(data);
  if (plan === undefined) return state;
  const revisions = state.history.revisions;
  if (revisions.some((r) => r.callId === data.callId)) return state;
  const last = revisions[revisions.length - 1];
  const chain = state.chainOpen && last !== undefined ? last.chain : (last?.chain ?? 0) + 1;
  const version = state.chainOpen && last !== undefined ? last.version + 1 : 1;
  const revision: PlanRevision = {
    callId: data.callId,
    seq: event.seq,
    ...(typeof event.time === 'number' ? { time: event.time } : {}),
    chain,
    version,
    plan,
    title: planTitleOf(plan),
    outcome: { kind: 'pending' },
    ...(version > 1 && state.prompt !== undefined ? { prompt: state.prompt } : {}),
  };
  return {
    history: { revisions: [...revisions, revision] },
    inPlan: state.inPlan,
    chainOpen: true,
    pending: [...state.pending, data.callId],
    prompt: undefined,
    collecting: false,
  };
}

function onResult(state: ReviewFoldState, event: SessionEvent): ReviewFoldState {
  if (state.pending.length === 0) return state;
  const result = toolResultOf(event);
  if (result === undefined || result.callId === undefined || !state.pending.includes(result.callId)) return state;
  const text = result.content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('\n');
  const outcome = revisionOutcomeOf(result.isError, text);
  const answeredBy = answeredByOf(event);
  const revisions = state.history.revisions.map((r) =>
    r.callId === result.callId
      ? {
          ...r,
          outcome,
          resultSeq: event.seq,
          ...(typeof event.time === 'number' ? { answeredAt: event.time } : {}),
          ...(answeredBy !== undefined ? { answeredBy } : {}),
        }
      : r,
  );
  const prompt: RevisionPrompt | undefined =
    outcome.kind === 'kept-planning' && outcome.feedback !== undefined && outcome.feedback !== '' ? { kind: 'feedback', text: outcome.feedback } : undefined;
  return {
    history: { revisions },
    inPlan: state.inPlan,
    // An approval closes the chain; the next plan starts v1 of a new one (issue 10 item 1).
    chainOpen: state.chainOpen && outcome.kind !== 'approved',
    pending: state.pending.filter((id) => id !== result.callId),
    prompt,
    collecting: outcome.kind === 'dismissed',
  };
}

function onUserMessage(state: ReviewFoldState, event: SessionEvent): ReviewFoldState {
  if (!state.collecting) return state;
  const source = isRecord(event.data) && isRecord(event.data.source) ? event.data.source.kind : undefined;
  if (source !== 'user') return state;
  const text = userTextOf(event).trim();
  if (text === '') return state;
  const before = state.prompt?.kind === 'message' ? `${state.prompt.text}\n\n` : '';
  return { ...state, prompt: { kind: 'message', text: before + text } };
}

function withPlan(state: ReviewFoldState, inPlan: boolean): ReviewFoldState {
  return inPlan === state.inPlan ? state : { ...state, inPlan };
}

/**
 * Fold one event into the review state. A revision is an `exit_plan_mode` `tool/call` whose `plan` the tool would
 * review (a level-1 heading first, §1.9 check 3) made while the logged state is plan mode (§1.9 check 2; `plan/mode`
 * active, or `mode/set` `plan` in the session-modes variant); its `tool/result` (matched by callId) settles it.
 * @param state the state so far
 * @param event the next logged event (any shape; wrong shapes change nothing)
 * @returns the next state, the same object when the event changes nothing
 */
export function applyReviewEvent(state: ReviewFoldState, event: SessionEvent): ReviewFoldState {
  if (!isRecord(event)) return state;
  switch (event.type) {
    case 'plan/mode': {
      const data = planModeOf(event);
      return data === undefined ? state : withPlan(state, data.active);
    }
    case 'mode/set': {
      const data = modeSetOf(event);
      return data === undefined ? state : withPlan(state, data.mode === PLAN_MODE);
    }
    case 'tool/call':
      return onCall(state, event);
    case 'tool/result':
      return onResult(state, event);
    case 'user/message':
      return onUserMessage(state, event);
    default:
      return state;
  }
}

/** A fresh review state (no revisions, not in plan mode). */
export function initReviewState(): ReviewFoldState {
  return { history: EMPTY_HISTORY, inPlan: false, chainOpen: false, pending: [], prompt: undefined, collecting: false };
}

/**
 * The review history of `events[0, end)` (equals step-by-step `applyReviewEvent`).
 * @param events logged events in seq order (a tail page gives the revisions of that part only)
 * @param end exclusive upper index into `events`; clamped to `[0, events.length]`
 * @returns `{revisions}` in log order
 */
export function foldReviewHistory(events: readonly SessionEvent[], end: number = events.length): ReviewHistory {
  const stop = Math.max(0, Math.min(end, events.length));
  let state = initReviewState();
  for (let i = 0; i < stop; i++) state = applyReviewEvent(state, events[i] as SessionEvent);
  return state.history;
}

/**
 * The `reviews` projection unit (ui-plan extension, next to `plan`): the host folds the whole log, so the client has
 * every revision even when it holds only the tail of the history. Its view is the `ReviewHistory` itself.
 */
export const reviewsProjection: ProjectionUnit<ReviewFoldState, ReviewHistory, typeof REVIEWS_PROJECTION_KEY> = {
  key: REVIEWS_PROJECTION_KEY,
  init: initReviewState,
  apply: applyReviewEvent,
  view: (state) => state.history,
  sameView: (before, after) => before.history === after.history,
};

const outcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pending') }),
  z.object({ kind: z.literal('approved') }),
  z.object({ kind: z.literal('kept-planning'), feedback: z.string().optional() }),
  z.object({ kind: z.literal('dismissed') }),
  z.object({ kind: z.literal('aborted'), reason: z.string() }),
]);

/** Runtime schema of one {@link PlanRevision} (the client checks the projection with it). */
export const planRevisionSchema = z.object({
  callId: z.string(),
  seq: z.number().int().nonnegative(),
  time: z.number().optional(),
  chain: z.number().int().positive(),
  version: z.number().int().positive(),
  plan: z.string(),
  title: z.string(),
  outcome: outcomeSchema,
  resultSeq: z.number().int().nonnegative().optional(),
  answeredAt: z.number().optional(),
  answeredBy: z.string().optional(),
  prompt: z.object({ kind: z.enum(['feedback', 'message']), text: z.string() }).optional(),
});

/** Runtime schema of the `reviews` projection value ({@link ReviewHistory}). */
export const reviewHistorySchema = z.object({ revisions: z.array(planRevisionSchema) });

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
