/**
 * Plan revisions and the review history of a session: a pure fold of the log into every plan the agent put up for
 * review (`exit_plan_mode` calls), numbered v1, v2, … within a chain that runs across Keep planning and Chat about it
 * until an approval, each with its outcome, times and what the user said that led to it. Also the `reviews`
 * projection unit the host pushes (so it covers the whole log when the client holds only a tail page).
 * `apply` returns the same state for every event that does not change it; the log alone decides (no clock).
 */
import { z } from '../zod.ts';
import { toolResultOf, userTextOf } from '../log/content.ts';
import { modeSetOf, planModeOf } from '../log/guards.ts';
import type { SessionEvent, ToolCallData } from '../log/types.ts';
import { PLAN_MODE } from '../modes/fold.ts';
import { isValidPlanText, planTitleOf } from '../plan/plan-text.ts';
import type { ProjectionUnit } from '../projection.ts';
import { reviewOutcomeOf } from '../transcript/fold.ts';
import { REVIEWS_PROJECTION_KEY, type PlanRevision, type ReviewHistory, type RevisionOutcome, type RevisionPrompt } from './history.ts';

/** The exit tool whose calls are revisions (docs/upstream-spec.md §1.9). */
export const EXIT_PLAN_MODE_TOOL = 'exit_plan_mode';

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

/** The plan of an `exit_plan_mode` call that the tool would review, else undefined (docs/upstream-spec.md §1.9 check 3). */
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
 * The outcome a `tool/result` of `exit_plan_mode` says (docs/upstream-spec.md §1.9): success is approval; the keep-planning,
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
    // An approval closes the chain; the next plan starts v1 of a new one.
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

/** Runtime schema of a {@link RevisionOutcome} (the projection and the JSON export share it). */
export const revisionOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pending') }),
  z.object({ kind: z.literal('approved') }),
  z.object({ kind: z.literal('kept-planning'), feedback: z.optional(z.string()) }),
  z.object({ kind: z.literal('dismissed') }),
  z.object({ kind: z.literal('aborted'), reason: z.string() }),
]);

/** Runtime schema of one {@link PlanRevision} (the client checks the projection with it). */
export const planRevisionSchema = z.object({
  callId: z.string(),
  seq: z.int().check(z.nonnegative()),
  time: z.optional(z.number()),
  chain: z.int().check(z.positive()),
  version: z.int().check(z.positive()),
  plan: z.string(),
  title: z.string(),
  outcome: revisionOutcomeSchema,
  resultSeq: z.optional(z.int().check(z.nonnegative())),
  answeredAt: z.optional(z.number()),
  answeredBy: z.optional(z.string()),
  prompt: z.optional(z.object({ kind: z.enum(['feedback', 'message']), text: z.string() })),
});

/** Runtime schema of the `reviews` projection value ({@link ReviewHistory}). */
export const reviewHistorySchema = z.object({ revisions: z.array(planRevisionSchema) });
