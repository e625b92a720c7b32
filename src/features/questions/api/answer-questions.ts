/**
 * The question flow's one write: `POST /api/respond` with the batch's answer, or `cancelled` (Dismiss all). The
 * question is marked as answered from this tab before it is sent and unmarked when the send fails; a receipt that
 * refuses the answer is an error worded with the host's reason, and the flow stays open for another try.
 */
import { useMutation } from '@tanstack/react-query';
import type { QuestionAnswer } from '../../../core/questions/types.ts';
import { useAnsweringStore } from '../../../lib/answering-store.ts';
import { respondToQuestion } from '../../../lib/api-client.ts';
import { useCopy } from '../../../lib/language.ts';
import { questionsLocales } from '../locales.ts';

/** What the flow sends: the whole answer, or the dismissal of every question. */
export type QuestionSend = { kind: 'answer'; answer: QuestionAnswer } | { kind: 'cancel' };

/**
 * Answer (or dismiss) the question batch `rpcId` of a session (docs/upstream-spec.md §3.4, §4.1).
 * @param onAccepted called once the host accepted the answer (the drafts are then spent)
 * @returns the mutation; its error is an `Error` (refused receipt) or an `ApiError` (transport)
 */
export function useAnswerQuestions(sessionId: string, rpcId: string, onAccepted: () => void) {
  const copy = useCopy(questionsLocales);
  return useMutation({
    onMutate: () => useAnsweringStore.getState().mark(rpcId),
    mutationFn: async (send: QuestionSend) => {
      const receipt = await respondToQuestion(rpcId, sessionId, send.kind === 'cancel' ? 'cancelled' : send.answer);
      if (!receipt.accepted) throw new Error(send.kind === 'cancel' ? copy.cancellationRejected(receipt.reason) : copy.responseRejected(receipt.reason));
    },
    onSuccess: onAccepted,
    onError: () => useAnsweringStore.getState().unmark(rpcId),
  });
}
