/**
 * The card's decisions while the plan is edited: "Discard edits" (asks first when typed edits would be lost) and
 * "Send edits as feedback" (Keep planning with the edited plan), with one line under them saying that dsh approves
 * only the plan the agent sent. Approve is not offered for the agent's text while it is edited. Also "Edit plan".
 */
import { useId, useState } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { commentsDraftOf } from '../comments-store.ts';
import { ReviewActions } from '../components/review-actions.tsx';
import { useConfirmKeys } from '../components/use-confirm-keys.ts';
import { discardEdit, readEdit } from './edit-draft.ts';
import { planEditLocales } from './locales.ts';

/** Props of {@link EditActions}. */
export interface EditActionsProps {
  rpcId: string;
  /** Why the last "Send edits as feedback" was refused (`sendRefusalOf`), said in the row's status line. */
  refusal: 'emptyEdit' | 'noEdits' | undefined;
  /** Nothing can be sent now (latched or offline). */
  blocked: boolean;
  /** Id of the offline reason, when that is why. */
  describedBy: string | undefined;
  /** Keep planning with the edit (and the comments and Feedback); it refuses an edit that changed nothing. */
  onSend: () => void;
  /** The edit was discarded (focus moves back to the plan). */
  onDiscarded: () => void;
}

function DiscardConfirm({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const copy = useCopy(planEditLocales);
  const bodyId = useId();
  const { safeChoice, onKeyDown } = useConfirmKeys(onKeep);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- an alertdialog handles its own Escape key (WAI-ARIA APG dialog pattern)
    <div role="alertdialog" aria-label={copy.confirmDiscard} aria-describedby={bodyId} className="plan-review__confirm" onKeyDown={onKeyDown}>
      <p id={bodyId} className="plan-review__confirm-body">
        {copy.confirmDiscardBody}
      </p>
      <ReviewActions
        actions={[
          { label: copy.discard, variant: 'outline', onClick: onDiscard },
          { label: copy.keepEditing, variant: 'primary', onClick: onKeep, ref: safeChoice },
        ]}
      />
    </div>
  );
}

/** The row (see {@link EditActionsProps}). */
export function EditActions({ rpcId, refusal, blocked, describedBy, onSend, onDiscarded }: EditActionsProps) {
  const copy = useCopy(planEditLocales);
  const noteId = useId();
  const [confirming, setConfirming] = useState(false);
  const discard = () => {
    discardEdit(rpcId);
    onDiscarded();
  };
  const askDiscard = () => {
    if (readEdit(commentsDraftOf(rpcId))?.changed) setConfirming(true);
    else discard();
  };
  if (confirming) return <DiscardConfirm onKeep={() => setConfirming(false)} onDiscard={discard} />;
  return (
    <div className="plan-review__decision plan-edit__decision">
      <p role="status" className="plan-review__status plan-edit__refusal">
        {refusal === undefined ? '' : copy[refusal]}
      </p>
      <ReviewActions
        actions={[
          { label: copy.discard, variant: 'ghost', disabled: blocked, describedBy, onClick: askDiscard },
          { label: copy.send, variant: 'primary', disabled: blocked, describedBy: describedBy ?? noteId, onClick: onSend },
        ]}
      />
      <p id={noteId} className="plan-edit__note">
        {copy.sendNote}
      </p>
    </div>
  );
}

/** "Edit plan" in the card's strip (short on a phone). */
export function EditButton({ onStart }: { onStart: () => void }) {
  const copy = useCopy(planEditLocales);
  return (
    <button type="button" className="button plan-actions__button plan-review__edit" aria-label={copy.editPlan} onClick={onStart}>
      <span className="plan-actions__long">{copy.editPlan}</span>
      <span className="plan-actions__short">{copy.editShort}</span>
    </button>
  );
}
