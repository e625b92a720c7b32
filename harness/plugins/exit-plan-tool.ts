/**
 * The `exit_plan_mode` tool shared by the plan-mode plugin and the session-modes variant (docs/upstream-spec.md §1.9–§1.10,
 * seed 000 "The review / exit flow", seed 002 "exit_plan_mode"): argument and state checks, the plan-review
 * question, reading the verdict, and the wire cards of its rows. The variants differ only in how "in plan mode"
 * is folded and in what an approval queues, which the caller passes in.
 */
import { toolResultOf } from '../../src/core/log/content.ts';
import type { SessionEvent, ToolCallData } from '../../src/core/log/types.ts';
import { isValidPlanText, planTitleOf } from '../../src/core/plan/plan-text.ts';
import type { ToolView } from '../../src/core/protocol/methods.ts';
import {
  APPROVE_LABEL,
  KEEP_PLANNING_LABEL,
  PLAN_REVIEW_HEADER,
  PLAN_REVIEW_ID,
  type QuestionAnswer,
  type QuestionItem,
} from '../../src/core/questions/types.ts';
import { UserQuestionError, type UserQuestionService } from '../questions.ts';
import { askOptionsOf } from '../tool-results.ts';
import { toolError, type ToolDefinition, type ToolOutcome } from '../tools.ts';

/** The exit tool's name (seed 000 `EXIT_PLAN_MODE`). */
export const EXIT_PLAN_MODE = 'exit_plan_mode';
/** Review question texts (docs/upstream-spec.md §1.10; option descriptions as captured in dsh-frames). */
export const REVIEW_QUESTION = 'Approve this plan and leave plan mode?';
/** Description of the Approve option, as captured from a real dsh host. */
export const APPROVE_DESCRIPTION = 'Leave plan mode; the plan is carried out from the next step.';
/** Description of the Keep planning option, as captured from a real dsh host. */
export const KEEP_PLANNING_DESCRIPTION = 'Stay in plan mode; feedback goes back to the model.';

/**
 * `exit_plan_mode` result and error texts (docs/upstream-spec.md §1.9), word for word as the real dsh 0.1.0-rc.8 plugin
 * throws them (the tool result then reads `Error: <text>`, as on a real dsh host).
 */
export const EXIT_TEXTS = {
  approved: 'Plan approved — plan mode exited; carry out the plan starting with your next step.',
  noAgent: 'exit_plan_mode requires a calling agent (no session to switch)',
  notActive: 'exit_plan_mode is only available in plan mode',
  badPlan: 'exit_plan_mode requires a non-empty markdown plan starting with a # heading',
  // Ours, not the real host's ("...; ask the user to switch the session mode instead"): the session-modes variant
  // rewrites the hint, and a harness reached over the web transport always has the web question channel.
  noChannel: 'there is no channel to ask the user for a review; ask the user to switch the mode manually with /plan off',
  dismissed: 'The user dismissed the plan review to speak instead; stay in plan mode, stop here, and wait for their message.',
  reloaded: 'the plan-mode service was reloaded while the plan was under review; present the plan again',
  revise: 'The user chose to keep planning; revise the plan and present it again.',
  feedback: (custom: string) => `The user chose to keep planning; their feedback: ${custom}`,
} as const;

/** How a variant plugs into the shared exit tool. */
export interface ExitPlanToolOptions {
  /** The model-facing tool description (the variants word it differently). */
  description: string;
  /** Whether the LOGGED state is plan (check 2 of §1.9: a queued, uncommitted entry does not count). */
  inPlan(events: readonly SessionEvent[]): boolean;
  /** The questions service, when composed (check 4). */
  questions: UserQuestionService | undefined;
  /** The error text when there is no questions service. */
  noChannelText: string;
  /** Whether the plugin was disposed while the review was open (check 6: no phantom exit). */
  isDisposed(): boolean;
  /** Queue the silent switch out of plan mode that an approval records (never appended here, §1.9). */
  approve(agentId: string): void;
}

/**
 * Build the `exit_plan_mode` tool (docs/upstream-spec.md §1.9): checks in order — a string `plan`, a calling agent, the
 * logged state is plan, a level-1 `#` heading, a questions channel — then one review question; approve →
 * `options.approve` and the approval text, keep planning → an error carrying the feedback verbatim (or the
 * generic revise text), dismissed → the stop-and-wait error, any other ask failure → its own message.
 * @param options - the variant's fold, channel and approval
 * @returns the tool definition; its `execute` never throws (failures are `isError` results)
 */
export function createExitPlanTool(options: ExitPlanToolOptions): ToolDefinition {
  return {
    schema: {
      name: EXIT_PLAN_MODE,
      description: options.description,
      parameters: {
        type: 'object',
        properties: {
          plan: { type: 'string', description: 'The complete plan, as markdown, starting with a # heading that names it.' },
        },
        required: ['plan'],
      },
    },
    async execute(args, context) {
      const plan = typeof args === 'object' && args !== null ? (args as { plan?: unknown }).plan : undefined;
      if (typeof plan !== 'string') return toolError('invalid arguments: plan: expected a string');
      const agent = context.agent;
      if (!agent) return toolError(EXIT_TEXTS.noAgent);
      if (!options.inPlan(context.events)) return toolError(EXIT_TEXTS.notActive);
      if (!isValidPlanText(plan)) return toolError(EXIT_TEXTS.badPlan);
      if (!options.questions) return toolError(options.noChannelText);
      // The verdict is decided, stored and (on approval) queued inside the user's response, so a response whose
      // result cannot be logged is refused and the review stays open.
      const outcomeOf = (response: QuestionAnswer | 'cancelled'): ToolOutcome => {
        if (response === 'cancelled') return toolError(EXIT_TEXTS.dismissed);
        if (options.isDisposed()) return toolError(EXIT_TEXTS.reloaded);
        const verdict = reviewVerdict(response);
        if (verdict.approved) return { text: EXIT_TEXTS.approved, isError: false };
        return toolError(verdict.custom !== undefined ? EXIT_TEXTS.feedback(verdict.custom) : EXIT_TEXTS.revise);
      };
      const onRecorded = (response: QuestionAnswer | 'cancelled'): void => {
        if (response !== 'cancelled' && !options.isDisposed() && reviewVerdict(response).approved) options.approve(agent.id);
      };
      const asked = askOptionsOf(context, outcomeOf, onRecorded);
      let answer: QuestionAnswer;
      try {
        answer = await options.questions.ask({
          questions: [reviewQuestion(plan)],
          agent,
          signal: context.signal,
          ...(asked.id !== undefined ? { id: asked.id } : {}),
          record: asked.record,
        });
      } catch (error) {
        const recorded = asked.recorded();
        if (recorded) return recorded;
        if (error instanceof UserQuestionError && error.code === 'ASK_CANCELLED') return toolError(EXIT_TEXTS.dismissed);
        return toolError(error instanceof Error ? error.message : String(error));
      }
      const recorded = asked.recorded();
      if (recorded) return recorded;
      // A provider that does not record (another question channel): decide now, as upstream does.
      onRecorded(answer);
      return outcomeOf(answer);
    },
    resumable: true,
  };
}

/**
 * The review question of §1.10, exactly (E3, with the plan-review intent).
 * @param plan - the plan markdown, used verbatim as `detail`
 */
export function reviewQuestion(plan: string): QuestionItem {
  return {
    id: PLAN_REVIEW_ID,
    header: PLAN_REVIEW_HEADER,
    question: REVIEW_QUESTION,
    detail: plan,
    options: [
      { label: APPROVE_LABEL, description: APPROVE_DESCRIPTION },
      { label: KEEP_PLANNING_LABEL, description: KEEP_PLANNING_DESCRIPTION },
    ],
    intent: { kind: 'plan-review', approve: APPROVE_LABEL },
  };
}

/**
 * Read a review answer (§1.9 check 7): approval needs exactly one `plan-review` item with `selected` exactly
 * `['Approve']` and no `custom`; anything else keeps planning, carrying a non-empty `custom` as feedback.
 * @param answer - the answer the questions service returned
 * @returns `{approved:true}` or `{approved:false, custom?}`
 */
export function reviewVerdict(answer: QuestionAnswer): { approved: true } | { approved: false; custom?: string } {
  const items = answer.answers.filter((item) => item.id === PLAN_REVIEW_ID);
  const only = items.length === 1 ? items[0] : undefined;
  if (only && only.custom === undefined && only.selected.length === 1 && only.selected[0] === APPROVE_LABEL) {
    return { approved: true };
  }
  const custom = items.find((item) => item.custom !== undefined && item.custom.trim() !== '')?.custom;
  return custom !== undefined ? { approved: false, custom } : { approved: false };
}

function planArgumentOf(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const args = JSON.parse(text) as unknown;
    const plan = typeof args === 'object' && args !== null ? (args as { plan?: unknown }).plan : undefined;
    return typeof plan === 'string' ? plan : undefined;
  } catch {
    return undefined;
  }
}

function isExitCall(events: readonly SessionEvent[], beforeSeq: number, callId: string): boolean {
  for (let i = Math.min(beforeSeq, events.length) - 1; i >= 0; i--) {
    const event = events[i] as SessionEvent;
    if (event.type !== 'tool/call') continue;
    const data = event.data as ToolCallData;
    if (data?.callId === callId) return data.name === EXIT_PLAN_MODE;
  }
  return false;
}

/**
 * The wire card of an `exit_plan_mode` row, shared by both variants (docs/upstream-spec.md §1.9
 * "Presentation"): the call as a generic card titled by the plan's first heading, the result titled "Plan review".
 * @param event - a logged event
 * @param events - the log up to at least `event` (to find the call behind a result)
 * @returns the card, or `undefined` for any other row
 */
export function exitToolViewOf(event: SessionEvent, events: readonly SessionEvent[]): ToolView | undefined {
  if (event.type === 'tool/call') {
    const data = event.data as ToolCallData;
    if (data?.name !== EXIT_PLAN_MODE) return undefined;
    const plan = planArgumentOf(data.arguments);
    if (plan === undefined) return undefined;
    return { for: 'call', view: { card: 'generic', title: planTitleOf(plan), kind: 'other', content: [{ type: 'text', text: plan }] } };
  }
  if (event.type === 'tool/result') {
    const result = toolResultOf(event);
    if (!result?.callId || !isExitCall(events, event.seq, result.callId)) return undefined;
    const text = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
    return { for: 'result', view: { card: 'generic', title: PLAN_REVIEW_HEADER, content: [{ type: 'text', text }] } };
  }
  return undefined;
}
