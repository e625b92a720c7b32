/**
 * The step machine of the generic question flow (docs/upstream-spec.md §3.4): what choosing an option, typing a
 * custom answer, skipping, going on and submitting do to a batch's flow state. Single-select options auto-advance,
 * multi-select ones toggle, a custom answer replaces a single selection, and a submit with a question still incomplete
 * goes to that question and says so instead of sending. Each step returns the next state, the notice to show and, when
 * the batch is complete, the answer to send; it never sends itself.
 */
import { isDraftAnswered, type AnswerDraft } from '../../../core/questions/encode.ts';
import type { QuestionAnswer, QuestionItem } from '../../../core/questions/types.ts';
import { answerOf, firstIncompleteOf, planlessApproveOf } from './answer.ts';
import type { QuestionFlowDraft } from './flow-draft.ts';

/** A notice for the person: a question is still incomplete (on submit), or the shown one is unanswered (on Enter). */
export type FlowNotice = 'incomplete' | 'unanswered';

/** The outcome of one step: the next flow state, the notice to show (undefined clears it) and the answer to send. */
export interface FlowStep {
  flow: QuestionFlowDraft;
  notice: FlowNotice | undefined;
  /** The whole batch's answer, when this step submits it. */
  answer: QuestionAnswer | undefined;
}

const step = (flow: QuestionFlowDraft, notice?: FlowNotice, answer?: QuestionAnswer): FlowStep => ({ flow, notice, answer });

/** The flow with question `index` shown, clamped into the batch. */
export function goToQuestion(flow: QuestionFlowDraft, index: number, count: number): QuestionFlowDraft {
  return { ...flow, index: Math.min(Math.max(index, 0), count - 1) };
}

/** The flow with the shown question's draft changed by `change`. */
function withDraft(flow: QuestionFlowDraft, change: (draft: AnswerDraft) => AnswerDraft): QuestionFlowDraft {
  return { ...flow, items: flow.items.map((item, i) => (i === flow.index ? change(item) : item)) };
}

/**
 * Submit the batch: the first incomplete question is shown with the `incomplete` notice, else the answer is sent.
 * @param questions the batch; `flow` fitted to it (`normaliseFlow`)
 */
export function submitFlow(questions: readonly QuestionItem[], flow: QuestionFlowDraft): FlowStep {
  const incomplete = firstIncompleteOf(questions, flow.items);
  if (incomplete !== -1) return step(goToQuestion(flow, incomplete, questions.length), 'incomplete');
  return step(flow, undefined, answerOf(questions, flow.items));
}

/** Next (or Submit on the last question): the next question is shown, or the batch is submitted. */
export function advanceFlow(questions: readonly QuestionItem[], flow: QuestionFlowDraft): FlowStep {
  if (flow.index === questions.length - 1) return submitFlow(questions, flow);
  return step(goToQuestion(flow, flow.index + 1, questions.length));
}

/**
 * Choose an option of the shown question: a multi-select option toggles; a single-select one replaces the selection
 * and the custom text and goes on to the next question (on the last it stays). The planless Approve is never chosen.
 */
export function chooseOption(questions: readonly QuestionItem[], flow: QuestionFlowDraft, label: string): FlowStep {
  const question = questions[flow.index];
  if (question === undefined || label === planlessApproveOf(question)) return step(flow);
  if (question.multiSelect === true) {
    const toggle = (draft: AnswerDraft) => ({
      ...draft,
      skipped: false,
      selected: draft.selected.includes(label) ? draft.selected.filter((l) => l !== label) : [...draft.selected, label],
    });
    return step(withDraft(flow, toggle));
  }
  const chosen = withDraft(flow, () => ({ selected: [label], custom: '', skipped: false }));
  return step(flow.index === questions.length - 1 ? chosen : { ...chosen, index: flow.index + 1 });
}

/** Type the custom answer of the shown question: it replaces a single selection and un-skips the question. */
export function typeCustom(questions: readonly QuestionItem[], flow: QuestionFlowDraft, text: string): FlowStep {
  const multi = questions[flow.index]?.multiSelect === true;
  return step(withDraft(flow, (draft) => ({ selected: multi ? draft.selected : [], custom: text, skipped: false })));
}

/** Enter in the custom answer: the `unanswered` notice while the shown question is not answered, else Next/Submit. */
export function enterCustom(questions: readonly QuestionItem[], flow: QuestionFlowDraft): FlowStep {
  const question = questions[flow.index];
  const draft = flow.items[flow.index];
  if (question === undefined || draft === undefined || !isDraftAnswered(question, draft)) return step(flow, 'unanswered');
  return advanceFlow(questions, flow);
}

/** Skip the shown question (`selected: []`): the next one is shown, or on the last the batch is submitted. */
export function skipQuestion(questions: readonly QuestionItem[], flow: QuestionFlowDraft): FlowStep {
  const skipped = withDraft(flow, () => ({ selected: [], custom: '', skipped: true }));
  if (flow.index === questions.length - 1) return submitFlow(questions, skipped);
  return step({ ...skipped, index: flow.index + 1 });
}
