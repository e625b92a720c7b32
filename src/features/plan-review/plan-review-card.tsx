/**
 * The plan-review card (docs/upstream-spec.md §3.5, improved): the specialised renderer for a question claimed by
 * `planReviewOf`: the plan as markdown in its own scroll area, with Approve, Keep planning (with Feedback) and Chat
 * about it. It latches after one decision until `question/resolved` unmounts it; a rejected receipt or transport
 * error re-arms it. Typed feedback is never dropped silently, a blank plan cannot be approved, nothing is sent while
 * the downlink is down, and the answer never depends on what was rendered.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PlanReview } from '../../core/questions/plan-review.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { useCopy } from '../../lib/language.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { ownEntry } from '../../lib/session-persist.ts';
import { useSessionConnection } from '../../session/hooks.ts';
import { useAnswerReview, type ReviewSend } from './api/answer-review.ts';
import { ApproveConfirm } from './components/approve-confirm.tsx';
import { FeedbackField } from './components/feedback-field.tsx';
import { DecisionRow } from './components/decision-row.tsx';
import { ReviewPlan } from './components/review-plan.tsx';
import { ReviewStrip } from './components/review-strip.tsx';
import { PlanWithOutline } from './outline/plan-with-outline.tsx';
import { RevisionToggle } from './components/revision-toggle.tsx';
import { useApproveConfirm, useExpanded, useFocusOnMount } from './components/use-card-focus.ts';
import { useReviewComments } from './components/use-review-comments.tsx';
import { commentsDraftOf, useReviewCommentsStore } from './comments-store.ts';
import { feedbackWithComments } from './model/comment-feedback.ts';
import { useReviewFeedbackStore } from './feedback-store.ts';
import { unsettledCommentCount } from './model/earlier-comments.ts';
import { feedbackFits } from '../../core/review/feedback-format.ts';
import { planReviewLocales } from './locales.ts';
import { approveAsksFirst, canDecide, decisionTextOf, isBlankPlan, progressOf, type ReviewDecision } from './model/review-answer.ts';
import { revisionPairOf, type ReviewRevisions } from './model/revisions.ts';
export { loadReviewComments } from './components/use-review-comments.tsx';
import '../../components/controls.css';
import { PlanningCallsNote } from './components/planning-calls-note.tsx';
import './plan-review-card.css';

/** Props of {@link PlanReviewCard}. */
export type PlanReviewCardProps = {
  sessionId: string;
  /** rpcId of the `question/requested` frame (the question id on the wire). */
  rpcId: string;
  /** The claimed review, from `planReviewOf(questions)`. */
  review: PlanReview;
  /**
   * Called once Chat about it was accepted while Feedback held text, with that text verbatim (the app moves it into
   * the composer's draft). Not called for blank feedback.
   */
  onChatAbout?: ((feedback: string) => void) | undefined;
  /**
   * The review chain this plan belongs to: shows "Revision N of M" and, from v2 on, the toggle to
   * "Changes since vN-1". Undefined when the history does not know the plan yet (the card then shows the plan alone).
   */
  revisions?: ReviewRevisions | undefined;
  /**
   * Hidden while this tab's answer is on its way (the dock shows the composer at once); a send that fails shows the
   * card again, as it was, with the failure in its status line.
   */
  hidden?: boolean | undefined;
  /** Show a tool call's row in the transcript (the links of the acting-while-planning note). */
  onShowCall?: ((callId: string) => void) | undefined;
};

/** The feedback and comment drafts are spent once an answer was accepted; they are kept while the question can come back. */
function useSpentOnAccept(rpcId: string): () => void {
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
function acceptedWith(spend: () => void, onChatAbout: ((feedback: string) => void) | undefined) {
  return ({ decision, text }: ReviewSend) => {
    spend();
    if (decision === 'chat' && text.trim() !== '') onChatAbout?.(text);
  };
}

/**
 * Plan-review decision card: a `region` named by the question text, focused when it mounts; the parent unmounts it on
 * `question/resolved`. The Feedback text is read at click time, not subscribed, so typing re-renders the field alone,
 * never the plan; Approve with Feedback text asks first; Chat about it hands the text to `onChatAbout`.
 */
export function PlanReviewCard({ sessionId, rpcId, review, onChatAbout, revisions, hidden = false, onShowCall }: PlanReviewCardProps) {
  const copy = useCopy(planReviewLocales);
  const [statusId, emptyId, planId] = [useId(), useId(), useId()];
  const card = useFocusOnMount(rpcId, hidden);
  const expand = useExpanded();
  const confirm = useApproveConfirm();
  const [changes, setChanges] = useState(false);
  const [sent, setSent] = useState<ReviewDecision | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const spend = useSpentOnAccept(rpcId);
  const respond = useAnswerReview(sessionId, rpcId, review, acceptedWith(spend, onChatAbout));
  const offline = offlineReason(useSessionConnection(), { keepsText: true });
  const blank = isBlankPlan(review);
  const { current, previous } = revisionPairOf(blank ? undefined : revisions);
  const feedbackNow = () => ownEntry(useReviewFeedbackStore.getState().entries, rpcId) ?? '';
  const comments = useReviewComments({ rpcId, plan: blank ? undefined : review.plan, previous, readOnly: sent !== undefined, planId, setChanges });
  const unsettled = () => unsettledCommentCount(commentsDraftOf(rpcId), comments.earlier);
  const [blocked, describedBy] = [sent !== undefined || offline !== undefined, offline !== undefined ? statusId : undefined];

  const decide = (decision: ReviewDecision) => {
    if (!canDecide(review, decision, { latched: sent !== undefined, offline: offline !== undefined })) return;
    const text = decisionTextOf(decision, feedbackWithComments(commentsDraftOf(rpcId).comments, feedbackNow()));
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
    if (!canDecide(review, 'approve', { latched: sent !== undefined, offline: offline !== undefined })) return;
    if (approveAsksFirst(review, feedbackNow(), unsettled())) confirm.open();
    else decide('approve');
  };
  const progress = progressOf(sent);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the expanded card collapses it; the card stays a labelled region
    <section
      ref={card}
      tabIndex={-1}
      hidden={hidden || undefined}
      aria-label={review.question}
      className={expand.expanded ? 'plan-review plan-review--expanded' : 'plan-review'}
      aria-busy={respond.isPending || undefined}
      onKeyDown={expand.onKeyDown}
    >
      <ReviewStrip
        plan={blank ? undefined : review.plan}
        revision={current && revisions ? { version: current.version, total: revisions.chain.length } : undefined}
        expanded={expand.expanded}
        planId={planId}
        expandRef={expand.button}
        onToggleExpanded={expand.toggle}
      />
      {previous ? <RevisionToggle changes={changes} previousVersion={previous.version} onChange={setChanges} /> : null}
      <PlanWithOutline plan={blank ? undefined : review.plan} previous={previous} planId={planId} onShowPlan={setChanges}>
        <ReviewPlan
          id={planId}
          plan={review.plan}
          blank={blank}
          emptyId={emptyId}
          changes={changes && previous !== undefined}
          revisions={revisions}
          blockControls={comments.blockControls}
        />
      </PlanWithOutline>
      <div className="plan-review__footer">
        {comments.region}
        <PlanningCallsNote sessionId={sessionId} onShowCall={onShowCall} />
        {review.decline !== undefined ? <FeedbackField rpcId={rpcId} readOnly={sent !== undefined} onSend={() => decide('decline')} /> : null}
        <p id={statusId} role="status" className="plan-review__status">
          {offline ?? failure ?? (progress && copy[progress]) ?? ''}
        </p>
        {confirm.confirming ? (
          <ApproveConfirm
            unsettled={unsettled()}
            blocked={blocked}
            describedBy={describedBy}
            onCancel={confirm.cancel}
            onApprove={() => decide('approve')}
            onSendAsFeedback={() => decide('decline')}
          />
        ) : (
          <DecisionRow
            review={review}
            blocked={blocked}
            blank={blank}
            describedBy={describedBy}
            emptyId={emptyId}
            onDecide={decide}
            onApprove={approve}
            approveRef={confirm.approve}
          />
        )}
      </div>
    </section>
  );
}
