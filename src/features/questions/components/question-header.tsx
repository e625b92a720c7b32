/**
 * The question flow's header: the question's eyebrow and title (the card's heading), the collapse toggle of the body
 * and "Dismiss all questions".
 */
import { useCopy } from '../../../lib/language.ts';
import { questionsLocales } from '../locales.ts';
import { FlowIcon } from './flow-icon.tsx';

/** Props of {@link QuestionHeader}. */
export interface QuestionHeaderProps {
  /** The question's short header (eyebrow), when it has one. */
  eyebrow: string | undefined;
  title: string;
  titleId: string;
  /** Id of the collapsible body the toggle controls. */
  bodyId: string;
  collapsed: boolean;
  onToggle: () => void;
  /** Nothing can be sent now (an answer is on its way, was accepted, or the downlink is down). */
  busy: boolean;
  onDismiss: () => void;
}

/** The header (see {@link QuestionHeaderProps}). */
export function QuestionHeader({ eyebrow, title, titleId, bodyId, collapsed, onToggle, busy, onDismiss }: QuestionHeaderProps) {
  const copy = useCopy(questionsLocales);
  return (
    <header className="question-flow__header">
      <div className="question-flow__titles">
        {eyebrow ? <span className="question-flow__eyebrow">{eyebrow}</span> : null}
        <h2 id={titleId} className="question-flow__title">
          {title}
        </h2>
      </div>
      <button type="button" className="question-flow__icon" aria-label={copy.collapse} aria-expanded={!collapsed} aria-controls={bodyId} onClick={onToggle}>
        <FlowIcon name={collapsed ? 'expand' : 'collapse'} />
      </button>
      <button type="button" className="question-flow__icon" aria-label={copy.dismissAll} disabled={busy} onClick={onDismiss}>
        <FlowIcon name="dismiss" />
      </button>
    </header>
  );
}
