/**
 * The Feedback field of the card: label, textarea and hint. The textarea is the only part of the card subscribed to
 * the feedback draft, so a keystroke re-renders it alone, never the plan. Ctrl/Cmd+Enter sends it as Keep planning.
 */
import { isSendShortcut } from '../../../lib/keys.ts';
import type { KeyboardEvent } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { ownEntry } from '../../../lib/session-persist.ts';
import { useReviewFeedbackStore } from '../feedback-store.ts';
import { planReviewLocales } from '../locales.ts';
import { ReviewField } from './review-field.tsx';

/** Props of {@link FeedbackField}. */
export interface FeedbackFieldProps {
  /** The question whose draft the field edits. */
  rpcId: string;
  /** An answer is on its way or was accepted: the text stays, but cannot change. */
  readOnly: boolean;
  /** Ctrl/Cmd+Enter (outside IME composition). */
  onSend: () => void;
}

/** The labelled field (see {@link FeedbackFieldProps}). */
export function FeedbackField({ rpcId, readOnly, onSend }: FeedbackFieldProps) {
  const copy = useCopy(planReviewLocales);
  const feedback = useReviewFeedbackStore((state) => ownEntry(state.entries, rpcId) ?? '');
  const setFeedback = useReviewFeedbackStore((state) => state.set);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendShortcut(event)) return;
    event.preventDefault();
    onSend();
  };
  return (
    <ReviewField
      label={copy.feedbackLabel}
      hint={copy.feedbackHint}
      classes={{ field: 'plan-review__feedback', label: 'plan-review__feedback-label', input: 'plan-review__feedback-input' }}
      rows={1}
      value={feedback}
      placeholder={copy.feedbackPlaceholder}
      readOnly={readOnly}
      onChange={(event) => setFeedback(rpcId, event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
