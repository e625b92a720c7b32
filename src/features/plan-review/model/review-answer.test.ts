import { describe, expect, it } from 'vitest';
import type { PlanReview } from '../../../core/questions/plan-review.ts';
import { approveAsksFirst, canDecide, decisionTextOf, isBlankPlan, progressOf, reviewAnswerOf } from './review-answer.ts';

const REVIEW: PlanReview = { id: 'plan-review', question: 'Approve?', plan: '# Plan', approve: { label: 'Approve' }, decline: { label: 'Keep planning' } };
const { decline: _none, ...APPROVE_ONLY } = REVIEW;
const IDLE = { latched: false, offline: false };

describe('canDecide', () => {
  it.each([
    ['approve', REVIEW, IDLE, true],
    ['decline', REVIEW, IDLE, true],
    ['chat', REVIEW, IDLE, true],
    ['decline', APPROVE_ONLY, IDLE, false],
    ['approve', { ...REVIEW, plan: ' \n' }, IDLE, false],
    ['chat', { ...REVIEW, plan: '' }, IDLE, true],
    ['approve', REVIEW, { latched: true, offline: false }, false],
    ['chat', REVIEW, { latched: false, offline: true }, false],
  ] as const)('%s on %o while %o: %s', (decision, review, state, allowed) => {
    expect(canDecide(review, decision, state)).toBe(allowed);
  });
});

describe('approveAsksFirst', () => {
  it.each([
    [REVIEW, 'Split step 2.', true],
    [REVIEW, '  \n', false],
    [APPROVE_ONLY, 'Split step 2.', false],
  ] as const)('asks first for %o with feedback %j: %s', (review, feedback, asks) => {
    expect(approveAsksFirst(review, feedback)).toBe(asks);
  });
});

describe('what a decision sends', () => {
  it('sends the Feedback text with Keep planning and Chat about it, never with Approve', () => {
    expect(decisionTextOf('approve', 'x')).toBe('');
    expect(decisionTextOf('decline', ' x ')).toBe(' x ');
    expect(decisionTextOf('chat', 'x')).toBe('x');
  });

  it('has no declining answer for a review without a declining option', () => {
    expect(reviewAnswerOf(APPROVE_ONLY, 'decline', 'more')).toBeUndefined();
    expect(reviewAnswerOf(APPROVE_ONLY, 'approve', 'ignored')).toEqual({ answers: [{ id: 'plan-review', selected: ['Approve'] }] });
  });

  it.each([
    [undefined, undefined],
    ['approve', 'approving'],
    ['decline', 'sending'],
    ['chat', 'sending'],
  ] as const)('says %s is on its way as %s', (sent, progress) => {
    expect(progressOf(sent)).toBe(progress);
  });

  it.each([
    ['', true],
    [' \n\t', true],
    ['# Plan', false],
  ])('reads the plan %j as blank: %s', (plan, blank) => {
    expect(isBlankPlan({ ...REVIEW, plan })).toBe(blank);
  });
});
