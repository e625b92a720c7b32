/**
 * The review card's one write: `POST /api/respond` with the answer of a decision (`reviewAnswerOf`), or `cancelled`
 * for Chat about it. The question is marked as answered from this tab before the send and unmarked when it fails; a
 * receipt that refuses the answer is an error worded with the host's reason, so the card re-arms.
 */
import { useMutation } from '@tanstack/react-query';
import type { PlanReview } from '../../../core/questions/plan-review.ts';
import { useAnsweringStore } from '../../../lib/answering-store.ts';
import { respondToQuestion } from '../../../lib/api-client.ts';
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';
import { reviewAnswerOf, type ReviewDecision } from '../model/review-answer.ts';

/** One decision as sent: the decision and the Feedback text that goes with it (`''` for Approve). */
export type ReviewSend = { decision: ReviewDecision; text: string };

/**
 * Answer the plan review `rpcId` of a session (docs/upstream-spec.md §3.5, §4.1).
 * @param onAccepted called once the host accepted the answer, with what was sent
 * @returns the mutation; its error is an `Error` (refused receipt), an `ApiError`, or whatever the transport rejected with
 */
export function useAnswerReview(sessionId: string, rpcId: string, review: PlanReview, onAccepted: (sent: ReviewSend) => void) {
  const copy = useCopy(planReviewLocales);
  return useMutation({
    onMutate: () => useAnsweringStore.getState().mark(rpcId),
    mutationFn: async ({ decision, text }: ReviewSend) => {
      const answer = decision === 'chat' ? 'cancelled' : reviewAnswerOf(review, decision, text);
      if (answer === undefined) return;
      const receipt = await respondToQuestion(rpcId, sessionId, answer);
      if (!receipt.accepted) throw new Error(decision === 'chat' ? copy.cancellationRejected(receipt.reason) : copy.responseRejected(receipt.reason));
    },
    onSuccess: (_value, sent) => onAccepted(sent),
    onError: () => useAnsweringStore.getState().unmark(rpcId),
  });
}
