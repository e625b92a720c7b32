import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_FEEDBACK_KEY, useReviewFeedbackStore } from './feedback-store.ts';

const RPC = '298a2571-0164-4935-9a8b-d5db6c03416a';

afterEach(() => {
  useReviewFeedbackStore.setState({ feedback: {} });
  sessionStorage.clear();
});

describe('review feedback store', () => {
  it('restores the Feedback text of a question in a fresh store after a reload', async () => {
    useReviewFeedbackStore.getState().setFeedback(RPC, 'Split step 2 in two.\nKeep the flag optional.');
    expect(sessionStorage.getItem(REVIEW_FEEDBACK_KEY)).toContain('Split step 2 in two.');
    vi.resetModules();
    const reloaded = await import('./feedback-store.ts');
    expect(reloaded.useReviewFeedbackStore.getState().feedback).toEqual({ [RPC]: 'Split step 2 in two.\nKeep the flag optional.' });
  });

  it('does not store blank or cleared feedback', async () => {
    useReviewFeedbackStore.getState().setFeedback('blank', ' \n ');
    useReviewFeedbackStore.getState().setFeedback(RPC, 'sent');
    useReviewFeedbackStore.getState().clearFeedback(RPC);
    vi.resetModules();
    const reloaded = await import('./feedback-store.ts');
    expect(reloaded.useReviewFeedbackStore.getState().feedback).toEqual({});
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('keeps feedback for a question with rpcId %s as plain text', (rpcId) => {
    const store = useReviewFeedbackStore.getState();
    expect(Object.hasOwn(store.feedback, rpcId)).toBe(false);
    store.clearFeedback(rpcId);
    expect(useReviewFeedbackStore.getState().feedback).toEqual({});
    useReviewFeedbackStore.getState().setFeedback(rpcId, 'typed');
    expect(Object.hasOwn(useReviewFeedbackStore.getState().feedback, rpcId)).toBe(true);
    useReviewFeedbackStore.getState().clearFeedback(rpcId);
    expect(Object.hasOwn(useReviewFeedbackStore.getState().feedback, rpcId)).toBe(false);
  });
});
