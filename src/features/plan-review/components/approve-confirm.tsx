/**
 * The confirm Approve opens while Feedback holds text (an `alertdialog`): Cancel keeps the text, "Approve and discard
 * feedback" approves, "Send as feedback" keeps planning with it. It takes focus on its safe choice, Send as feedback;
 * Escape cancels (and stops there, so the card does not collapse too).
 */
import { useId } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';
import { ReviewActions } from './review-actions.tsx';
import { useConfirmKeys } from './use-confirm-keys.ts';

/** Props of {@link ApproveConfirm}. */
export interface ApproveConfirmProps {
  /** Comments not sent or not resolved (said first when any). */
  unsettled: number;
  /** Nothing can be sent now (latched or offline). */
  blocked: boolean;
  /** Id of the offline reason, when that is why. */
  describedBy: string | undefined;
  onCancel: () => void;
  onApprove: () => void;
  onSendAsFeedback: () => void;
}

/** The confirm (see {@link ApproveConfirmProps}). */
export function ApproveConfirm({ unsettled, blocked, describedBy, onCancel, onApprove, onSendAsFeedback }: ApproveConfirmProps) {
  const copy = useCopy(planReviewLocales);
  const bodyId = useId();
  const { safeChoice, onKeyDown } = useConfirmKeys(onCancel);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- an alertdialog handles its own Escape and Tab keys (WAI-ARIA APG dialog pattern)
    <div role="alertdialog" aria-label={copy.confirmTitle} aria-describedby={bodyId} className="plan-review__confirm" onKeyDown={onKeyDown}>
      <p id={bodyId} className="plan-review__confirm-body">
        {unsettled > 0 ? `${copy.unsettledComments(unsettled)} ` : ''}
        {copy.confirmBody}
      </p>
      <ReviewActions
        actions={[
          { label: copy.cancel, variant: 'ghost', onClick: onCancel },
          { label: copy.approveDiscarding, variant: 'outline', disabled: blocked, describedBy, onClick: onApprove },
          { label: copy.sendAsFeedback, variant: 'primary', disabled: blocked, describedBy, onClick: onSendAsFeedback, ref: safeChoice },
        ]}
      />
    </div>
  );
}
