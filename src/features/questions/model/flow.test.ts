import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../../../core/questions/types.ts';
import { advanceFlow, chooseOption, enterCustom, goToQuestion, skipQuestion, submitFlow, typeCustom } from './flow.ts';
import { normaliseFlow, type QuestionFlowDraft } from './flow-draft.ts';

const BATCH: QuestionItem[] = [
  { id: 'lang', question: 'Which language?', options: [{ label: 'Go' }, { label: 'Python' }] },
  { id: 'name', question: 'Flag name?' },
  { id: 'extras', question: 'Extras?', multiSelect: true, options: [{ label: 'Tests' }, { label: 'Docs' }] },
];
const fresh = () => normaliseFlow(undefined, BATCH.length);
const at = (flow: QuestionFlowDraft, index: number) => ({ ...flow, index });

describe('chooseOption', () => {
  it('selects a single-select option, drops the custom text and goes on to the next question', () => {
    const typed = typeCustom(BATCH, fresh(), 'Rust').flow;
    const step = chooseOption(BATCH, typed, 'Go');
    expect(step.flow.index).toBe(1);
    expect(step.flow.items[0]).toEqual({ selected: ['Go'], custom: '', skipped: false });
    expect(step.answer).toBeUndefined();
    expect(step.notice).toBeUndefined();
  });

  it('stays on the last question when a single-select option is chosen there', () => {
    const batch: QuestionItem[] = [{ id: 'a', question: 'A?', options: [{ label: 'Yes' }, { label: 'No' }] }];
    expect(chooseOption(batch, normaliseFlow(undefined, 1), 'No').flow).toEqual({
      index: 0,
      collapsed: false,
      items: [{ selected: ['No'], custom: '', skipped: false }],
    });
  });

  it('toggles a multi-select option, keeps the custom text and un-skips the question', () => {
    const skipped = { ...at(fresh(), 2), items: [...fresh().items.slice(0, 2), { selected: [], custom: 'more', skipped: true }] };
    const once = chooseOption(BATCH, skipped, 'Docs').flow;
    expect(once.items[2]).toEqual({ selected: ['Docs'], custom: 'more', skipped: false });
    expect(once.index).toBe(2);
    expect(chooseOption(BATCH, once, 'Docs').flow.items[2]?.selected).toEqual([]);
  });

  it('never chooses the Approve of a plan review that arrived without a plan', () => {
    const planless: QuestionItem[] = [
      {
        id: 'plan-review',
        question: 'Approve?',
        detail: '  ',
        options: [{ label: 'Approve' }, { label: 'Keep planning' }],
        intent: { kind: 'plan-review', approve: 'Approve' },
      },
    ];
    const flow = normaliseFlow(undefined, 1);
    expect(chooseOption(planless, flow, 'Approve').flow).toBe(flow);
    expect(chooseOption(planless, flow, 'Keep planning').flow.items[0]?.selected).toEqual(['Keep planning']);
  });
});

describe('typeCustom', () => {
  it('replaces a single selection with the typed text', () => {
    const chosen = { ...fresh(), items: [{ selected: ['Go'], custom: '', skipped: false }, ...fresh().items.slice(1)] };
    expect(typeCustom(BATCH, chosen, 'Zig').flow.items[0]).toEqual({ selected: [], custom: 'Zig', skipped: false });
  });

  it('keeps the selections of a multi-select question', () => {
    const flow = { ...at(fresh(), 2), items: [...fresh().items.slice(0, 2), { selected: ['Tests'], custom: '', skipped: false }] };
    expect(typeCustom(BATCH, flow, 'Bench').flow.items[2]).toEqual({ selected: ['Tests'], custom: 'Bench', skipped: false });
  });
});

describe('advancing and submitting', () => {
  const complete: QuestionFlowDraft = {
    index: 2,
    collapsed: false,
    items: [
      { selected: ['Go'], custom: '', skipped: false },
      { selected: [], custom: '--greeting', skipped: false },
      { selected: ['Tests', 'Docs'], custom: '', skipped: false },
    ],
  };

  it('goes on to the next question without a notice before the last one', () => {
    expect(advanceFlow(BATCH, fresh())).toEqual({ flow: at(fresh(), 1), notice: undefined, answer: undefined });
  });

  it('submits the whole answer on the last question once every question is complete', () => {
    const step = advanceFlow(BATCH, complete);
    expect(step.notice).toBeUndefined();
    expect(step.answer).toEqual({
      answers: [
        { id: 'lang', selected: ['Go'] },
        { id: 'name', selected: [], custom: '--greeting' },
        { id: 'extras', selected: ['Tests', 'Docs'] },
      ],
    });
  });

  it('shows the first incomplete question with the incomplete notice instead of sending', () => {
    const missing = { ...complete, items: [complete.items[0]!, { selected: [], custom: '', skipped: false }, complete.items[2]!] };
    expect(submitFlow(BATCH, missing)).toEqual({ flow: at(missing, 1), notice: 'incomplete', answer: undefined });
  });

  it('says the shown question is unanswered on Enter in an empty custom answer, and goes on once it is answered', () => {
    const second = at(fresh(), 1);
    expect(enterCustom(BATCH, second)).toEqual({ flow: second, notice: 'unanswered', answer: undefined });
    expect(enterCustom(BATCH, typeCustom(BATCH, second, 'x').flow).flow.index).toBe(2);
  });

  it('skips a question with selected:[] and goes on; on the last question it submits', () => {
    const skipped = skipQuestion(BATCH, fresh());
    expect(skipped.flow.items[0]).toEqual({ selected: [], custom: '', skipped: true });
    expect(skipped.flow.index).toBe(1);
    const last = skipQuestion(BATCH, complete);
    expect(last.answer?.answers[2]).toEqual({ id: 'extras', selected: [] });
  });

  it('skipping the last question of an incomplete batch shows the first incomplete one', () => {
    const step = skipQuestion(BATCH, at(fresh(), 2));
    expect(step.flow.index).toBe(0);
    expect(step.flow.items[2]?.skipped).toBe(true);
    expect(step.notice).toBe('incomplete');
    expect(step.answer).toBeUndefined();
  });

  it.each([
    [-1, 0],
    [1, 1],
    [7, 2],
  ])('clamps a pager move to %i into the batch (%i)', (index, shown) => {
    expect(goToQuestion(fresh(), index, BATCH.length).index).toBe(shown);
  });
});
