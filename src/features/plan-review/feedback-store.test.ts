import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_FEEDBACK_KEY, useReviewFeedbackStore } from './feedback-store.ts';

const RPC = '298a2571-0164-4935-9a8b-d5db6c03416a';

afterEach(() => {
  useReviewFeedbackStore.setState({ entries: {} });
  sessionStorage.clear();
});

describe('review feedback store', () => {
  it('restores the Feedback text of a question in a fresh store after a reload', async () => {
    useReviewFeedbackStore.getState().set(RPC, 'Split step 2 in two.\nKeep the flag optional.');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(REVIEW_FEEDBACK_KEY)).toContain('Split step 2 in two.');
    vi.resetModules();
    const reloaded = await import('./feedback-store.ts');
    expect(reloaded.useReviewFeedbackStore.getState().entries).toEqual({ [RPC]: 'Split step 2 in two.\nKeep the flag optional.' });
  });

  it('does not store blank or cleared feedback', async () => {
    useReviewFeedbackStore.getState().set('blank', ' \n ');
    useReviewFeedbackStore.getState().set(RPC, 'sent');
    useReviewFeedbackStore.getState().clear(RPC);
    vi.resetModules();
    const reloaded = await import('./feedback-store.ts');
    expect(reloaded.useReviewFeedbackStore.getState().entries).toEqual({});
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('keeps feedback for a question with rpcId %s as plain text', (rpcId) => {
    const store = useReviewFeedbackStore.getState();
    expect(Object.hasOwn(store.entries, rpcId)).toBe(false);
    store.clear(rpcId);
    expect(useReviewFeedbackStore.getState().entries).toEqual({});
    useReviewFeedbackStore.getState().set(rpcId, 'typed');
    expect(Object.hasOwn(useReviewFeedbackStore.getState().entries, rpcId)).toBe(true);
    useReviewFeedbackStore.getState().clear(rpcId);
    expect(Object.hasOwn(useReviewFeedbackStore.getState().entries, rpcId)).toBe(false);
  });
});
