/**
 * The card's decision row: Chat about it, Keep planning (only when the question has a decline option) and Approve,
 * in that order, each disabled while the card is blocked (latched or offline); Approve also while the plan is blank,
 * described then by the empty-plan note. One line beside the row says what Approve does
 * (Approve's description; on a narrow or short screen for screen readers only, so the plan keeps the room).
 */
import { useId, type Ref } from 'react';
import type { PlanReview } from '../../../core/questions/plan-review.ts';
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';
import type { ReviewDecision } from '../model/review-answer.ts';
import { ReviewActions } from './review-actions.tsx';

/** Props of {@link DecisionRow}. */
export interface DecisionRowProps {
  review: PlanReview;
  /** An answer is on its way or was accepted, or the downlink is down. */
  blocked: boolean;
  /** The plan is blank: Approve is disabled and described by `emptyId`. */
  blank: boolean;
  /** Id of what explains `blocked` (the offline reason), or undefined. */
  describedBy: string | undefined;
  emptyId: string;
  /** Chat about it and Keep planning. */
  onDecide: (decision: Exclude<ReviewDecision, 'approve'>) => void;
  /** Approve (which may ask first). */
  onApprove: () => void;
  /** The Approve button, for focus after the confirm row closes. */
  approveRef: Ref<HTMLButtonElement>;
}

/** The row (see {@link DecisionRowProps}), titled with the options' descriptions from the question. */
export function DecisionRow({ review, blocked, blank, describedBy, emptyId, onDecide, onApprove, approveRef }: DecisionRowProps) {
  const copy = useCopy(planReviewLocales);
  const decline = review.decline;
  const noteId = useId();
  return (
    <div className="plan-review__decision">
      <p id={noteId} className="plan-review__approve-note">
        {copy.approveNote}
      </p>
      <ReviewActions
        actions={[
          { label: copy.chat, variant: 'ghost', disabled: blocked, describedBy, onClick: () => onDecide('chat') },
          ...(decline
            ? [
                {
                  label: copy.keepPlanning,
                  variant: 'outline' as const,
                  disabled: blocked,
                  describedBy,
                  title: decline.description,
                  onClick: () => onDecide('decline'),
                },
              ]
            : []),
          {
            label: copy.approve,
            variant: 'primary',
            disabled: blocked || blank,
            describedBy: blank ? emptyId : (describedBy ?? noteId),
            title: review.approve.description,
            onClick: onApprove,
            ref: approveRef,
          },
        ]}
      />
    </div>
  );
}
