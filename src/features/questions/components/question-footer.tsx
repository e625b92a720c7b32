/**
 * The question flow's footer: the pager of a batch of several questions, the status line (why nothing can be sent,
 * a notice, or the last error), "Skip this question" and Next / Submit.
 */
import { ActionButton } from '../../../components/action-button.tsx';
import { useCopy } from '../../../lib/language.ts';
import { questionsLocales } from '../locales.ts';
import { FlowIcon } from './flow-icon.tsx';

/** Props of {@link QuestionFooter}. */
export interface QuestionFooterProps {
  /** The shown question's index and the batch's size. */
  index: number;
  count: number;
  statusId: string;
  /** The status line's text ('' for none). */
  status: string;
  /** Nothing can be sent now. */
  busy: boolean;
  /** An answer is on its way or was accepted: the pager and the primary action wait. */
  typingLocked: boolean;
  /** The status explains the disabled actions (offline): they are described by it. */
  describeActions: boolean;
  /** The shown question is answered or skipped (Next / Submit is offered). */
  complete: boolean;
  onGo: (index: number) => void;
  onSkip: () => void;
  onAdvance: () => void;
}

/** The footer (see {@link QuestionFooterProps}). */
export function QuestionFooter({
  index,
  count,
  statusId,
  status,
  busy,
  typingLocked,
  describeActions,
  complete,
  onGo,
  onSkip,
  onAdvance,
}: QuestionFooterProps) {
  const copy = useCopy(questionsLocales);
  const isLast = index === count - 1;
  const describedBy = describeActions ? statusId : undefined;
  return (
    <footer className="question-flow__footer">
      {count > 1 ? (
        <div className="question-flow__pager">
          <button
            type="button"
            className="question-flow__icon"
            aria-label={copy.previous}
            disabled={typingLocked || index === 0}
            onClick={() => onGo(index - 1)}
          >
            <FlowIcon name="previous" />
          </button>
          <span className="question-flow__progress">{copy.progress(index + 1, count)}</span>
          <button type="button" className="question-flow__icon" aria-label={copy.next} disabled={typingLocked || isLast} onClick={() => onGo(index + 1)}>
            <FlowIcon name="next" />
          </button>
        </div>
      ) : null}
      <p id={statusId} role="status" className="question-flow__status">
        {status}
      </p>
      <div className="question-flow__actions">
        <ActionButton variant="outline" disabled={busy} aria-describedby={describedBy} onClick={onSkip}>
          {copy.skip}
        </ActionButton>
        <ActionButton variant="primary" disabled={busy || !complete} aria-describedby={describedBy} onClick={onAdvance}>
          {typingLocked ? copy.submitting : isLast ? copy.submit : copy.nextQuestion}
        </ActionButton>
      </div>
    </footer>
  );
}
