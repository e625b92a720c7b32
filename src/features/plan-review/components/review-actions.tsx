/**
 * One row of the card's decisions: the action row (Chat about it, Keep planning, Approve) and the Approve confirm's
 * row (Cancel, Approve and discard feedback, Send as feedback) are the same piece over a list of actions, each a
 * shared `ActionButton` in the card's size.
 */
import type { Ref } from 'react';
import { ActionButton, type ActionVariant } from '../../../components/action-button.tsx';

/** One decision button. */
export interface ReviewAction {
  label: string;
  variant: ActionVariant;
  onClick: () => void;
  disabled?: boolean;
  /** Id of what explains the disabled state (the offline reason, the empty-plan note). */
  describedBy?: string | undefined;
  /** Tooltip (the option's description from the question). */
  title?: string | undefined;
  ref?: Ref<HTMLButtonElement>;
}

/** The row (see {@link ReviewAction}); the actions in order, keyed by label. */
export function ReviewActions({ actions }: { actions: readonly ReviewAction[] }) {
  return (
    <div className="plan-review__actions">
      {actions.map(({ label, describedBy, ...action }) => (
        <ActionButton key={label} className="plan-review__button" aria-describedby={describedBy} {...action}>
          {label}
        </ActionButton>
      ))}
    </div>
  );
}
