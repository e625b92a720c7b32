import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../../../core/questions/types.ts';
import { answerOf, planlessApproveOf } from './answer.ts';

const review = (detail: unknown): QuestionItem =>
  ({
    id: 'plan-review',
    question: 'Approve?',
    detail,
    options: [{ label: 'Approve' }, { label: 'Keep planning' }],
    intent: { kind: 'plan-review', approve: 'Approve' },
  }) as QuestionItem;

describe('planlessApproveOf', () => {
  it.each([
    ['a missing plan', undefined, 'Approve'],
    ['a blank plan', ' \n ', 'Approve'],
    ['a plan', '# Plan', undefined],
  ])('refuses Approve for %s', (_case, detail, refused) => {
    expect(planlessApproveOf(review(detail))).toBe(refused);
  });

  it('refuses nothing on a question without the plan-review intent', () => {
    expect(planlessApproveOf({ id: 'q', question: 'Q?' })).toBeUndefined();
  });
});

describe('answerOf', () => {
  it('encodes a missing draft as an empty answer, one item per question in order', () => {
    expect(
      answerOf(
        [
          { id: 'a', question: 'A?' },
          { id: 'b', question: 'B?' },
        ],
        [{ selected: [], custom: 'x', skipped: false }],
      ),
    ).toEqual({
      answers: [
        { id: 'a', selected: [], custom: 'x' },
        { id: 'b', selected: [] },
      ],
    });
  });
});
