/**
 * The waiting items of every session, read from the session stream: pending question batches (a plan review when
 * `planReviewOf` claims one) and a dsh host's tool-permission prompts. Pure: when each started waiting and the
 * session titles and revisions come from the caller.
 */
import { planTitleOf } from '../../../core/plan/plan-text.ts';
import { planReviewOf } from '../../../core/questions/plan-review.ts';
import type { StreamState } from '../../../session/reducers.ts';
import type { WaitingItem } from './attention.ts';

/** A waiting item as the stream has it, before titles, revisions and times are added. */
export interface StreamWaiting {
  rpcId: string;
  sessionId: string;
  kind: WaitingItem['kind'];
  /** A review's plan markdown (to find its revision). */
  plan?: string | undefined;
  planTitle?: string | undefined;
  question?: string | undefined;
  toolName?: string | undefined;
  reason?: string | undefined;
}

/**
 * Every question and tool-permission prompt pending in the stream, sessions in the state's order, each session's in
 * arrival order (docs/protocol.md "Downlink": the mux carries every attached session's `question/requested`).
 * @param state the session stream state
 */
export function streamWaitingOf(state: StreamState): StreamWaiting[] {
  const out: StreamWaiting[] = [];
  for (const [sessionId, slice] of Object.entries(state.sessions)) {
    for (const pending of slice.questions) {
      const review = planReviewOf(pending.questions);
      if (review) out.push({ rpcId: pending.rpcId, sessionId, kind: 'review', plan: review.plan, planTitle: plainTitleOf(planTitleOf(review.plan)) });
      else out.push({ rpcId: pending.rpcId, sessionId, kind: 'question', question: pending.questions[0]?.question });
    }
    for (const approval of slice.approvals) {
      out.push({ rpcId: approval.rpcId, sessionId, kind: 'approval', toolName: approval.toolName, reason: approval.reason });
    }
  }
  return out;
}

/**
 * A plan heading's text as plain text, for places that show no markdown (the inbox, a desktop notification, the
 * document title): code spans lose their backticks, `**strong**`, `__strong__`, `*emphasis*` and `_emphasis_` their
 * marks, links and images keep their text, backslash escapes their backslash. Underscores inside words
 * (`snake_case`) and lone marks stay.
 * @param heading the heading's text (e.g. `planTitleOf(plan)`: "Add `--greeting` flag to CLI")
 * @returns "Add --greeting flag to CLI"
 */
export function plainTitleOf(heading: string): string {
  // Escaped marks are set aside first (as private-use characters), so no rule below takes them for marks.
  return heading
    .replace(/\\([!-/:-@[-`{-~])/g, (_, mark: string) => String.fromCharCode(0xe000 + mark.charCodeAt(0)))
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) => code.trim())
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\*(?=\S)([^*]*?\S)\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/[\ue000-\ue07f]/g, (kept) => String.fromCharCode(kept.charCodeAt(0) - 0xe000));
}
