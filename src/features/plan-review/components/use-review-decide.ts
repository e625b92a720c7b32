/**
 * The card's decisions as one hook: what each decision sends (the Feedback text, the line comments and the edited
 * plan in the review feedback format, docs/review-comments.md), the refusal of a feedback over the request body
 * limit, the latch while an answer is on its way, and Approve asking first while something typed would be dropped.
 */
import { useState } from 'react';
import type { PlanReview } from '../../../core/questions/plan-review.ts';
import { feedbackFits, type EditedPlan } from '../../../core/review/feedback-format.ts';
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { useCopy } from '../../../lib/language.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { useAnswerReview } from '../api/answer-review.ts';
import { commentsDraftOf, commentsToSend } from '../comments-store.ts';
import { useReviewFeedbackStore } from '../feedback-store.ts';
import { planReviewLocales } from '../locales.ts';
import { feedbackWithComments } from '../model/comment-feedback.ts';
import { unsettledCommentCount, type EarlierComment } from '../model/earlier-comments.ts';
import { approveAsksFirst, canDecide, decisionTextOf, type ReviewDecision } from '../model/review-answer.ts';
import { acceptedWith, useSpentOnAccept } from './use-spent-on-accept.ts';

/** Inputs of {@link useReviewDecide}. */
export interface ReviewDecideInput {
  sessionId: string;
  rpcId: string;
  review: PlanReview;
  onChatAbout: ((feedback: string) => void) | undefined;
  /** The downlink is down. */
  offline: boolean;
  /** The Approve confirm (`useApproveConfirm`). */
  confirm: { open: () => void; close: () => void };
  /** The comments sent on the previous revision. */
  earlier: () => readonly EarlierComment[];
  /** The edited plan Keep planning sends now, if any. */
  edited: () => EditedPlan | undefined;
}

/** The decision state and actions: `sent` latches, `failure` is the status line's text. */
export function useReviewDecide({ sessionId, rpcId, review, onChatAbout, offline, confirm, earlier, edited }: ReviewDecideInput) {
  const copy = useCopy(planReviewLocales);
  const [sent, setSent] = useState<ReviewDecision | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const spend = useSpentOnAccept(rpcId);
  const respond = useAnswerReview(sessionId, rpcId, review, acceptedWith(spend, onChatAbout));
  const feedbackNow = () => ownEntry(useReviewFeedbackStore.getState().entries, rpcId) ?? '';
  const unsettled = () => unsettledCommentCount(commentsDraftOf(rpcId), earlier());
  const state = () => ({ latched: sent !== undefined, offline });

  const decide = (decision: ReviewDecision) => {
    if (!canDecide(review, decision, state())) return;
    const edit = decision === 'decline' ? edited() : undefined;
    const text = decisionTextOf(decision, feedbackWithComments(commentsToSend(commentsDraftOf(rpcId)), feedbackNow(), edit));
    const size = feedbackFits(text);
    if (!size.fits) return setFailure(copy.tooLong(size.bytes, size.limit));
    confirm.close();
    setSent(decision);
    setFailure(undefined);
    const onError = (error: unknown) => {
      setFailure(describeApiError(error, { keepsText: true }));
      setSent(undefined);
    };
    respond.mutate({ decision, text }, { onError });
  };
  const approve = () => {
    if (!canDecide(review, 'approve', state())) return;
    if (approveAsksFirst(review, feedbackNow(), unsettled())) confirm.open();
    else decide('approve');
  };
  return { sent, failure, decide, approve, unsettled, pending: respond.isPending };
}
