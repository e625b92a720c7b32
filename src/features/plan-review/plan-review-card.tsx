/**
 * The plan-review card (docs/upstream-spec.md §3.5, improved): the specialised renderer for a question claimed by
 * `planReviewOf`: the plan as markdown in its own scroll area, with Approve, Keep planning (with Feedback) and Chat
 * about it. It latches after one decision until `question/resolved` unmounts it; a rejected receipt or transport
 * error re-arms it. Typed feedback is never dropped silently, a blank plan cannot be approved, nothing is sent while
 * the downlink is down, and the answer never depends on what was rendered.
 */
import { useId, useState } from 'react';
import type { PlanReview } from '../../core/questions/plan-review.ts';
import { useCopy } from '../../lib/language.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { useSessionConnection } from '../../session/hooks.ts';
import { ApproveConfirm } from './components/approve-confirm.tsx';
import { FeedbackField } from './components/feedback-field.tsx';
import { DecisionRow } from './components/decision-row.tsx';
import { ReviewPlan } from './components/review-plan.tsx';
import { ReviewStrip } from './components/review-strip.tsx';
import { PlanWithOutline } from './outline/plan-with-outline.tsx';
import { RevisionToggle } from './components/revision-toggle.tsx';
import { useApproveConfirm, useExpanded, useFocusOnMount, useStrayPressGuard } from './components/use-card-focus.ts';
import { useReviewComments } from './components/use-review-comments.tsx';
import { planReviewLocales } from './locales.ts';
import { isBlankPlan, progressOf } from './model/review-answer.ts';
import { useReviewDecide } from './components/use-review-decide.ts';
import { revisionPairOf, type ReviewRevisions } from './model/revisions.ts';
import { loadReviewComments } from './components/use-review-comments.tsx';
import { loadPlanEdit, usePlanEdit } from './components/use-plan-edit.tsx';

/** Load the chunks the card renders with (line comments, the plan editor); the dock calls it with the card's chunk. */
export async function loadCardParts(): Promise<void> {
  await Promise.all([loadReviewComments(), loadPlanEdit()]);
}
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
  const onClickCapture = useStrayPressGuard();
  const confirm = useApproveConfirm();
  const [changes, setChanges] = useState(false);
  const offline = offlineReason(useSessionConnection(), { keepsText: true });
  const blank = isBlankPlan(review);
  const { current, previous } = revisionPairOf(blank ? undefined : revisions);
  const { sent, failure, decide, approve, unsettled, pending } = useReviewDecide({
    ...{ sessionId, rpcId, review, onChatAbout, offline: offline !== undefined, confirm },
    ...{ earlier: () => comments.earlier, edited: () => edit.edited() },
  });
  const comments = useReviewComments({ rpcId, plan: blank ? undefined : review.plan, previous, readOnly: sent !== undefined, planId, setChanges });
  const blocked = sent !== undefined || offline !== undefined;
  const describedBy = offline !== undefined ? statusId : undefined;
  const editable = blank || review.decline === undefined ? undefined : review.plan;
  const editState = { readOnly: sent !== undefined, planId, blocked, describedBy, onSend: () => decide('decline') };
  const edit = usePlanEdit({ rpcId, plan: editable, previous, ...editState });
  const progress = progressOf(sent);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the expanded card collapses it; the card stays a labelled region
    <section
      ref={card}
      tabIndex={-1}
      hidden={hidden || undefined}
      aria-label={review.question}
      className={expand.expanded ? 'plan-review plan-review--expanded' : 'plan-review'}
      aria-busy={pending || undefined}
      onKeyDown={expand.onKeyDown}
      onClickCapture={onClickCapture}
    >
      <ReviewStrip
        plan={blank ? undefined : review.plan}
        revision={current && revisions ? { version: current.version, total: revisions.chain.length } : undefined}
        expanded={expand.expanded}
        planId={planId}
        expandRef={expand.button}
        onToggleExpanded={expand.toggle}
        editButton={edit.button}
      />
      {previous && !edit.editing ? <RevisionToggle changes={changes} previousVersion={previous.version} onChange={setChanges} /> : null}
      {edit.editor ?? (
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
      )}
      <div className="plan-review__footer">
        {edit.outcome}
        {comments.region}
        <PlanningCallsNote sessionId={sessionId} onShowCall={onShowCall} />
        {review.decline !== undefined ? <FeedbackField rpcId={rpcId} readOnly={sent !== undefined} onSend={() => decide('decline')} /> : null}
        <p id={statusId} role="status" className="plan-review__status">
          {offline ?? failure ?? (progress && copy[progress]) ?? ''}
        </p>
        {edit.actions ??
          (confirm.confirming ? (
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
          ))}
      </div>
    </section>
  );
}
