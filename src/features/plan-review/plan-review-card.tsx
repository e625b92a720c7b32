/**
 * The plan-review card (docs/upstream-spec.md §3.5, improved): the specialised renderer for a question claimed by
 * `planReviewOf`: the plan as markdown in its own scroll area, with Approve, Keep planning (with Feedback) and Chat
 * about it. It latches after one decision until `question/resolved` unmounts it; a rejected receipt or transport
 * error re-arms it. Typed feedback is never dropped silently, a blank plan cannot be approved, nothing is sent while
 * the downlink is down, and the answer never depends on what was rendered.
 */
import { lazy, memo, Suspense, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Markdown } from '../../components/markdown.tsx';
import { markdownCapsOf } from '../../components/markdown-blocks.ts';
import { PlanActions } from '../../components/plan-actions.tsx';
import { planTitleOf } from '../../core/plan/plan-text.ts';
import type { PlanRevision } from '../../core/review/history.ts';
import type { PlanReview } from '../../core/questions/plan-review.ts';
import type { QuestionAnswer } from '../../core/questions/types.ts';
import { respondToQuestion } from '../../lib/api-client.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { useReviewFeedbackStore } from './feedback-store.ts';
import { useCopy } from '../../lib/language.ts';
import { planReviewLocales } from './locales.ts';
import './plan-review-card.css';
import { ownEntry } from '../../lib/session-persist.ts';
import { useAnsweringStore } from '../../lib/answering-store.ts';

// jsdiff and the diff view load on first use, outside the first-load bundle.
const PlanChanges = lazy(() => import('./plan-changes.tsx'));

/** The chain of the plan under review: its revisions, v1 first, and the index of the one under review. */
export interface ReviewRevisions {
  chain: readonly PlanRevision[];
  current: number;
}

/** A decision on the card: approve, keep planning (decline, maybe with feedback), or dismiss to chat. */
export type ReviewDecision = 'approve' | 'decline' | 'chat';

/** Props of {@link PlanReviewCard}. */
export type PlanReviewCardProps = {
  sessionId: string;
  /** rpcId of the `question/requested` frame (the question id on the wire). */
  rpcId: string;
  /** The claimed review, from `planReviewOf(questions)`. */
  review: PlanReview;
  /** The downlink state; anything but `connected` disables the actions with the reason shown. Undefined = connected. */
  connection?: ConnectionState | undefined;
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
};

/**
 * The answer the card sends for a decision (docs/upstream-spec.md §3.5, §3.1).
 * Approve → `{answers:[{id, selected:[approve.label]}]}`. Keep planning without feedback →
 * `{answers:[{id, selected:[decline.label]}]}`. Keep planning with non-blank feedback →
 * `{answers:[{id, selected:[], custom: feedback}]}`: on a single-select question custom text *replaces* the
 * selection (docs/upstream-spec.md §3.1) and a label plus `custom` is a `bad-response` (docs/upstream-spec.md §3.3); the exit tool reads a
 * non-empty `custom` as "keep planning" with the feedback verbatim (docs/upstream-spec.md §1.9 step 7).
 * @param feedback the Feedback text as typed; sent verbatim when it is not blank
 * @returns the answer, or `undefined` for `'decline'` when the review offers no declining option
 */
export function reviewAnswerOf(review: PlanReview, decision: 'approve' | 'decline', feedback: string): QuestionAnswer | undefined {
  if (decision === 'approve') return { answers: [{ id: review.id, selected: [review.approve.label] }] };
  if (review.decline === undefined) return undefined;
  if (feedback.trim() !== '') return { answers: [{ id: review.id, selected: [], custom: feedback }] };
  return { answers: [{ id: review.id, selected: [review.decline.label] }] };
}

/** IME composition (`isComposing`, or keyCode 229) must never send. */
function isImeKey(event: KeyboardEvent<HTMLElement>): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

/**
 * The proposed plan as markdown, memoised on its text (parse and render a plan once per plan text),
 * with a note when part of it is capped (a very long line folded, a too deeply nested block shown raw).
 * @param plan the plan's markdown (not blank)
 */
export const PlanBody = memo(function PlanBody({ plan }: { plan: string }) {
  const copy = useCopy(planReviewLocales);
  const caps = useMemo(() => markdownCapsOf(plan), [plan]);
  return (
    <>
      {caps !== undefined ? (
        <p role="note" className="plan-review__capped">
          {copy.capped}
        </p>
      ) : null}
      <Markdown text={plan} titled />
    </>
  );
});

/**
 * The Feedback textarea, the only part of the card subscribed to the feedback draft, so a keystroke re-renders it
 * alone.
 */
function FeedbackField({
  id,
  rpcId,
  hintId,
  readOnly,
  onKeyDown,
}: {
  id: string;
  rpcId: string;
  hintId: string;
  readOnly: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}) {
  const copy = useCopy(planReviewLocales);
  const feedback = useReviewFeedbackStore((state) => ownEntry(state.entries, rpcId) ?? '');
  const setFeedback = useReviewFeedbackStore((state) => state.set);
  return (
    <textarea
      id={id}
      className="plan-review__feedback-input"
      rows={1}
      value={feedback}
      placeholder={copy.feedbackPlaceholder}
      readOnly={readOnly}
      aria-describedby={hintId}
      onChange={(event) => setFeedback(rpcId, event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

/**
 * Plan-review decision card: a `region` named by the question text, focused when it mounts.
 * Sends through `respondToQuestion`; the parent unmounts it on `question/resolved`. Nothing typed is dropped
 * silently: Approve with Feedback text asks first ("Approve and discard feedback" / "Send as
 * feedback"; Escape or Cancel keeps the text), and Chat about it hands the text to `onChatAbout`. A blank plan
 * cannot be approved; while the downlink is not open every action is disabled with the reason shown and
 * the Feedback text kept; while an answer is on its way the card says "Approving…" / "Sending…". The plan is parsed
 * once per plan text: the Feedback text is read by its own field component and by the actions at click time, so
 * typing re-renders the field alone, never the plan; a plan too big to format in full is capped by the Markdown
 * component and the card says so. The card expands to the whole content area and collapses back (its Expand button,
 * Escape); the plan's own title — its first heading, whatever its level — is the largest heading in it.
 */
export function PlanReviewCard({ sessionId, rpcId, review, connection, onChatAbout, revisions }: PlanReviewCardProps) {
  const copy = useCopy(planReviewLocales);
  const [view, setView] = useState<'plan' | 'changes'>('plan');
  const current = revisions?.chain[revisions.current];
  const previous = revisions && revisions.current > 0 ? revisions.chain[revisions.current - 1] : undefined;
  const feedbackId = useId();
  const hintId = useId();
  const statusId = useId();
  const emptyId = useId();
  const confirmBodyId = useId();
  const planId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const expandRef = useRef<HTMLButtonElement>(null);
  // View state: the card expanded to the whole content area; the app's layout gives it the room.
  const [expanded, setExpanded] = useState(false);
  const approveRef = useRef<HTMLButtonElement>(null);
  const sendAsFeedbackRef = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState<ReviewDecision | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const clearFeedback = useReviewFeedbackStore((state) => state.clear);
  const accepted = useRef(false);
  const latched = sent !== undefined;
  const offline = offlineReason(connection, { keepsText: true });
  const blankPlan = review.plan.trim() === '';
  // Read at click time, not subscribed: typing in Feedback must not re-render the card (and its plan).
  const feedbackNow = () => ownEntry(useReviewFeedbackStore.getState().entries, rpcId) ?? '';

  useEffect(() => {
    cardRef.current?.focus();
  }, [rpcId]);

  // The confirm takes focus on its safe choice; closing it without a decision gives focus back to Approve.
  const refocusApprove = useRef(false);
  useEffect(() => {
    if (confirming) sendAsFeedbackRef.current?.focus();
    else if (refocusApprove.current) {
      refocusApprove.current = false;
      approveRef.current?.focus();
    }
  }, [confirming]);

  // The feedback draft is spent once an answer was accepted; keep it while the question can come back.
  useEffect(
    () => () => {
      if (accepted.current) clearFeedback(rpcId);
    },
    [rpcId, clearFeedback],
  );

  const respond = useMutation({
    mutationFn: async ({ decision, text }: { decision: ReviewDecision; text: string }) => {
      const answer = decision === 'chat' ? 'cancelled' : reviewAnswerOf(review, decision, text);
      if (answer === undefined) return;
      const receipt = await respondToQuestion(rpcId, sessionId, answer);
      if (!receipt.accepted) {
        throw new Error(decision === 'chat' ? copy.cancellationRejected(receipt.reason) : copy.responseRejected(receipt.reason));
      }
    },
    onSuccess: (_value, { decision, text }) => {
      accepted.current = true;
      // Chat about it dismisses the review; what was typed for it moves on to the message box.
      if (decision === 'chat' && text.trim() !== '') onChatAbout?.(text);
    },
    onError: (error: unknown) => {
      useAnsweringStore.getState().unmark(rpcId);
      setFailure(describeApiError(error, { keepsText: true }));
      setSent(undefined);
    },
  });

  const decide = (decision: ReviewDecision) => {
    if (latched || offline !== undefined) return;
    if (decision === 'decline' && review.decline === undefined) return;
    if (decision === 'approve' && blankPlan) return;
    setConfirming(false);
    setSent(decision);
    setFailure(undefined);
    useAnsweringStore.getState().mark(rpcId);
    respond.mutate({ decision, text: decision === 'approve' ? '' : feedbackNow() });
  };

  const approve = () => {
    if (latched || offline !== undefined || blankPlan) return;
    if (review.decline !== undefined && feedbackNow().trim() !== '') setConfirming(true);
    else decide('approve');
  };

  const cancelConfirm = () => {
    refocusApprove.current = true;
    setConfirming(false);
  };

  const onFeedbackKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !isImeKey(event)) {
      event.preventDefault();
      decide('decline');
    }
  };

  const onConfirmKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancelConfirm();
    }
  };

  // Escape gives the room back (the Approve confirm handles its own Escape first and stops it).
  const onCardKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && expanded && !isImeKey(event)) {
      event.preventDefault();
      setExpanded(false);
      expandRef.current?.focus();
    }
  };

  const progress = sent === 'approve' ? copy.approving : sent !== undefined ? copy.sending : undefined;
  const status = offline ?? failure ?? progress ?? '';
  const blocked = latched || offline !== undefined;
  const describedBy = offline !== undefined ? statusId : undefined;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in the expanded card collapses it; the card stays a labelled region
    <section
      ref={cardRef}
      tabIndex={-1}
      aria-label={review.question}
      className={expanded ? 'plan-review plan-review--expanded' : 'plan-review'}
      aria-busy={respond.isPending || undefined}
      onKeyDown={onCardKeyDown}
    >
      <div className="plan-review__strip">
        <span className="plan-review__dot" aria-hidden="true" />
        <span className="plan-review__strip-label">{copy.strip}</span>
        {/* The revision and the plan's actions ride in the strip, so a phone keeps its height for the plan itself. */}
        {!blankPlan && revisions && current ? (
          <span className="plan-review__revision-label" title={copy.revisionOf(current.version, revisions.chain.length)}>
            <span className="plan-review__revision-long">{copy.revisionOf(current.version, revisions.chain.length)}</span>
            <span className="plan-review__revision-short" aria-hidden="true">
              {copy.revisionShort(current.version, revisions.chain.length)}
            </span>
          </span>
        ) : null}
        <span className="plan-review__strip-gap" />
        {!blankPlan ? <PlanActions plan={review.plan} title={planTitleOf(review.plan)} fileSuffix={current ? `v${current.version}` : undefined} /> : null}
        <button
          ref={expandRef}
          type="button"
          className="plan-review__expand"
          aria-expanded={expanded}
          aria-controls={planId}
          aria-label={expanded ? copy.collapseLabel : copy.expandLabel}
          aria-keyshortcuts={expanded ? 'Escape' : undefined}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? copy.collapse : copy.expand}
        </button>
      </div>
      {!blankPlan && revisions && previous ? (
        <div className="plan-review__revision">
          <div role="group" aria-label={copy.viewToggle} className="plan-review__toggle">
            <button type="button" className="plan-review__toggle-button" aria-pressed={view === 'plan'} onClick={() => setView('plan')}>
              {copy.viewPlan}
            </button>
            <button type="button" className="plan-review__toggle-button" aria-pressed={view === 'changes'} onClick={() => setView('changes')}>
              {copy.viewChanges(previous.version)}
            </button>
          </div>
        </div>
      ) : null}
      <div id={planId} role="region" aria-label={copy.planLabel} tabIndex={0} className="plan-review__plan">
        {blankPlan ? (
          <p id={emptyId} className="plan-review__empty">
            {copy.emptyPlan}
          </p>
        ) : view === 'changes' && revisions && previous ? (
          <Suspense fallback={<p className="plan-review__hint">{copy.loadingDiff}</p>}>
            <PlanChanges chain={revisions.chain} current={revisions.current} />
          </Suspense>
        ) : (
          <PlanBody plan={review.plan} />
        )}
      </div>
      <div className="plan-review__footer">
        {review.decline !== undefined ? (
          <div className="plan-review__feedback">
            <label htmlFor={feedbackId} className="plan-review__feedback-label">
              {copy.feedbackLabel}
            </label>
            <FeedbackField id={feedbackId} rpcId={rpcId} hintId={hintId} readOnly={latched} onKeyDown={onFeedbackKeyDown} />
            <span id={hintId} className="plan-review__hint">
              {copy.feedbackHint}
            </span>
          </div>
        ) : null}
        <p id={statusId} role="status" className="plan-review__status">
          {status}
        </p>
        {confirming ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- an alertdialog handles its own Escape and Tab keys (WAI-ARIA APG dialog pattern)
          <div role="alertdialog" aria-label={copy.confirmTitle} aria-describedby={confirmBodyId} className="plan-review__confirm" onKeyDown={onConfirmKeyDown}>
            <p id={confirmBodyId} className="plan-review__confirm-body">
              {copy.confirmBody}
            </p>
            <div className="plan-review__actions">
              <button type="button" className="plan-review__button plan-review__button--ghost" onClick={cancelConfirm}>
                {copy.cancel}
              </button>
              <button
                type="button"
                className="plan-review__button plan-review__button--outline"
                disabled={blocked}
                aria-describedby={describedBy}
                onClick={() => decide('approve')}
              >
                {copy.approveDiscarding}
              </button>
              <button
                ref={sendAsFeedbackRef}
                type="button"
                className="plan-review__button plan-review__button--primary"
                disabled={blocked}
                aria-describedby={describedBy}
                onClick={() => decide('decline')}
              >
                {copy.sendAsFeedback}
              </button>
            </div>
          </div>
        ) : (
          <div className="plan-review__actions">
            <button
              type="button"
              className="plan-review__button plan-review__button--ghost"
              disabled={blocked}
              aria-describedby={describedBy}
              onClick={() => decide('chat')}
            >
              {copy.chat}
            </button>
            {review.decline !== undefined ? (
              <button
                type="button"
                className="plan-review__button plan-review__button--outline"
                disabled={blocked}
                aria-describedby={describedBy}
                title={review.decline.description}
                onClick={() => decide('decline')}
              >
                {copy.keepPlanning}
              </button>
            ) : null}
            <button
              ref={approveRef}
              type="button"
              className="plan-review__button plan-review__button--primary"
              disabled={blocked || blankPlan}
              aria-describedby={blankPlan ? emptyId : describedBy}
              title={review.approve.description}
              onClick={approve}
            >
              {copy.approve}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
