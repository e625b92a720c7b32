/**
 * The plan-review card (upstream spec §3.5, improved): the specialised renderer for a question claimed by
 * `planReviewOf`. It shows the proposed plan as markdown in its own scroll area with a sticky action row —
 * Approve, Keep planning (with optional Feedback), Chat about it — and latches after one decision until the
 * host's `question/resolved` unmounts it; a rejected receipt or transport error re-arms it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Markdown } from '../../components/markdown.tsx';
import type { PlanReview } from '../../core/questions/plan-review.ts';
import type { QuestionAnswer } from '../../core/questions/types.ts';
import { respondToQuestion } from '../../lib/api-client.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { useReviewFeedbackStore } from './feedback-store.ts';
import { planReviewLocales } from './locales.ts';
import './plan-review-card.css';

/** A decision on the card: approve, keep planning (decline, maybe with feedback), or dismiss to chat. */
export type ReviewDecision = 'approve' | 'decline' | 'chat';

/** Props of {@link PlanReviewCard}. */
export type PlanReviewCardProps = {
  sessionId: string;
  /** rpcId of the `question/requested` frame (the question id on the wire). */
  rpcId: string;
  /** The claimed review, from `planReviewOf(questions)`. */
  review: PlanReview;
};

/**
 * The answer the card sends for a decision (upstream spec §3.5, §3.1).
 * Approve → `{answers:[{id, selected:[approve.label]}]}`. Keep planning without feedback →
 * `{answers:[{id, selected:[decline.label]}]}`. Keep planning with non-blank feedback →
 * `{answers:[{id, selected:[], custom: feedback}]}`: on a single-select question custom text *replaces* the
 * selection (spec §3.1) and a label plus `custom` is a `bad-response` (spec §3.3); the exit tool reads a
 * non-empty `custom` as "keep planning" with the feedback verbatim (spec §1.9 step 7).
 * @param feedback the Feedback text as typed; sent verbatim when it is not blank
 * @returns the answer, or `undefined` for `'decline'` when the review offers no declining option
 */
export function reviewAnswerOf(review: PlanReview, decision: 'approve' | 'decline', feedback: string): QuestionAnswer | undefined {
  if (decision === 'approve') return { answers: [{ id: review.id, selected: [review.approve.label] }] };
  if (review.decline === undefined) return undefined;
  if (feedback.trim() !== '') return { answers: [{ id: review.id, selected: [], custom: feedback }] };
  return { answers: [{ id: review.id, selected: [review.decline.label] }] };
}

/**
 * Text for a failed send: an Error worded by `describeApiError` (transport failures in plain language, else its
 * message); a string as is; any other value as JSON (else `String(value)`).
 * Source: upstream spec §3.5 ("a non-Error value is stringified"), §6 item 83.
 */
export function failureText(error: unknown): string {
  if (error instanceof Error) return describeApiError(error, { keepsText: true });
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** IME composition (`isComposing`, or keyCode 229) must never send. */
function isImeKey(event: KeyboardEvent<HTMLElement>): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

/**
 * Plan-review decision card: a `region` named by the question text, focused when it mounts.
 * Sends through `respondToQuestion`; the parent unmounts it on `question/resolved`.
 */
export function PlanReviewCard({ sessionId, rpcId, review }: PlanReviewCardProps) {
  const copy = planReviewLocales.en;
  const feedbackId = useId();
  const hintId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const [latched, setLatched] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const feedback = useReviewFeedbackStore((state) => state.feedback[rpcId] ?? '');
  const setFeedback = useReviewFeedbackStore((state) => state.setFeedback);
  const clearFeedback = useReviewFeedbackStore((state) => state.clearFeedback);
  const accepted = useRef(false);

  useEffect(() => {
    cardRef.current?.focus();
  }, [rpcId]);

  // The feedback draft is spent once an answer was accepted; keep it while the question can come back.
  useEffect(
    () => () => {
      if (accepted.current) clearFeedback(rpcId);
    },
    [rpcId, clearFeedback],
  );

  const respond = useMutation({
    mutationFn: async (decision: ReviewDecision) => {
      const answer = decision === 'chat' ? 'cancelled' : reviewAnswerOf(review, decision, feedback);
      if (answer === undefined) return;
      const receipt = await respondToQuestion(rpcId, sessionId, answer);
      if (!receipt.accepted) {
        throw new Error(decision === 'chat' ? copy.cancellationRejected(receipt.reason) : copy.responseRejected(receipt.reason));
      }
    },
    onSuccess: () => {
      accepted.current = true;
    },
    onError: (error: unknown) => {
      setFailure(failureText(error));
      setLatched(false);
    },
  });

  const decide = (decision: ReviewDecision) => {
    if (latched || (decision === 'decline' && review.decline === undefined)) return;
    setLatched(true);
    setFailure(undefined);
    respond.mutate(decision);
  };

  const onFeedbackKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !isImeKey(event)) {
      event.preventDefault();
      decide('decline');
    }
  };

  return (
    <section ref={cardRef} tabIndex={-1} aria-label={review.question} className="plan-review" aria-busy={respond.isPending || undefined}>
      <div className="plan-review__strip">
        <span className="plan-review__dot" aria-hidden="true" />
        <span>{copy.strip}</span>
      </div>
      <div role="region" aria-label={copy.planLabel} tabIndex={0} className="plan-review__plan">
        <Markdown text={review.plan} />
      </div>
      <div className="plan-review__footer">
        {review.decline !== undefined ? (
          <div className="plan-review__feedback">
            <label htmlFor={feedbackId} className="plan-review__feedback-label">
              {copy.feedbackLabel}
            </label>
            <textarea
              id={feedbackId}
              className="plan-review__feedback-input"
              rows={1}
              value={feedback}
              placeholder={copy.feedbackPlaceholder}
              readOnly={latched}
              aria-describedby={hintId}
              onChange={(event) => setFeedback(rpcId, event.target.value)}
              onKeyDown={onFeedbackKeyDown}
            />
            <span id={hintId} className="plan-review__hint">
              {copy.feedbackHint}
            </span>
          </div>
        ) : null}
        <p role="status" className="plan-review__status">
          {failure ?? ''}
        </p>
        <div className="plan-review__actions">
          <button type="button" className="plan-review__button plan-review__button--ghost" disabled={latched} onClick={() => decide('chat')}>
            {copy.chat}
          </button>
          {review.decline !== undefined ? (
            <button
              type="button"
              className="plan-review__button plan-review__button--outline"
              disabled={latched}
              title={review.decline.description}
              onClick={() => decide('decline')}
            >
              {copy.keepPlanning}
            </button>
          ) : null}
          <button
            type="button"
            className="plan-review__button plan-review__button--primary"
            disabled={latched}
            title={review.approve.description}
            onClick={() => decide('approve')}
          >
            {copy.approve}
          </button>
        </div>
      </div>
    </section>
  );
}
