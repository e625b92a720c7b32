/**
 * Tests of `planReviewOf`, the claim rule of the plan-review card (docs/upstream-spec.md §3.5, §6 items 77–78).
 */
import { describe, expect, it } from 'vitest';
import { planReviewOf } from './plan-review.ts';
import type { QuestionItem } from './types.ts';

const approve = { label: 'Approve', description: 'leaves plan mode; plan runs from next step' };
const keep = { label: 'Keep planning', description: 'stay in plan mode; feedback goes to the model' };
const review: QuestionItem = {
  id: 'plan-review',
  header: 'Plan review',
  question: 'Approve this plan and leave plan mode?',
  detail: '# Plan\n\n- step',
  options: [approve, keep],
  intent: { kind: 'plan-review', approve: 'Approve' },
};

describe('planReviewOf', () => {
  it('narrows the review question to id, question, plan, approve and decline', () => {
    expect(planReviewOf([review])).toEqual({
      id: 'plan-review',
      question: 'Approve this plan and leave plan mode?',
      plan: '# Plan\n\n- step',
      approve,
      decline: keep,
    });
  });

  it('omits decline when only Approve is offered', () => {
    const result = planReviewOf([{ ...review, options: [approve] }]);
    expect(result).toEqual({ id: 'plan-review', question: review.question, plan: review.detail, approve });
    expect(result && 'decline' in result).toBe(false);
  });

  it('finds the approving option in either position and with another label', () => {
    const yes = { label: 'Ship it' };
    const result = planReviewOf([{ ...review, options: [keep, yes], intent: { kind: 'plan-review', approve: 'Ship it' } }]);
    expect(result?.approve).toBe(yes);
    expect(result?.decline).toBe(keep);
  });

  it('claims an empty plan detail (detail is present)', () => {
    expect(planReviewOf([{ ...review, detail: '' }])?.plan).toBe('');
  });

  it.each<[string, QuestionItem[]]>([
    ['an empty batch', []],
    ['two questions', [review, { ...review, id: 'other' }]],
    ['no intent', [{ ...review, intent: undefined }]],
    ['an unknown intent kind', [{ ...review, intent: { kind: 'vote', approve: 'Approve' } }]],
    ['no detail', [{ ...review, detail: undefined }]],
    ['an approve naming no option', [{ ...review, intent: { kind: 'plan-review', approve: 'Yes' } }]],
    ['an approve in another case', [{ ...review, intent: { kind: 'plan-review', approve: 'approve' } }]],
    ['no options', [{ ...review, options: undefined }]],
    ['an empty option list', [{ ...review, options: [] }]],
    ['3 options', [{ ...review, options: [approve, keep, { label: 'Maybe' }] }]],
    ['multi-select', [{ ...review, multiSelect: true }]],
    ['two options with the approving label', [{ ...review, options: [approve, { label: 'Approve' }] }]],
  ])('leaves %s to the generic flow', (_name, questions) => {
    expect(planReviewOf(questions)).toBeUndefined();
  });

  it('claims an explicit single-select question', () => {
    expect(planReviewOf([{ ...review, multiSelect: false }])?.id).toBe('plan-review');
  });
});
