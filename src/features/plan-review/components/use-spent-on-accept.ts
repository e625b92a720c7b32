/**
 * What an accepted review answer does to this tab's drafts: the Feedback text, line comments and edit of the plan are
 * spent once the answer was accepted (kept while the question can come back); Chat about it moves what was typed on
 * to the message box.
 */
import { useEffect, useRef } from 'react';
import type { ReviewSend } from '../api/answer-review.ts';
import { useReviewCommentsStore } from '../comments-store.ts';
import { useReviewFeedbackStore } from '../feedback-store.ts';

/** The feedback and comment drafts are spent once an answer was accepted; they are kept while the question can come back. */
export function useSpentOnAccept(rpcId: string): () => void {
  const accepted = useRef(false);
  const clear = useReviewFeedbackStore((state) => state.clear);
  const clearComments = useReviewCommentsStore((state) => state.clear);
  useEffect(
    () => () => {
      if (!accepted.current) return;
      clear(rpcId);
      clearComments(rpcId);
    },
    [rpcId, clear, clearComments],
  );
  return () => {
    accepted.current = true;
  };
}

/** What an accepted answer does: the drafts are spent; Chat about it moves what was typed on to the message box. */
export function acceptedWith(spend: () => void, onChatAbout: ((feedback: string) => void) | undefined) {
  return ({ decision, text }: ReviewSend) => {
    spend();
    if (decision === 'chat' && text.trim() !== '') onChatAbout?.(text);
  };
}
