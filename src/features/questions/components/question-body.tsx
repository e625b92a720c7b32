/**
 * The scrolling body of the question flow: the question's detail as markdown (or the empty-plan note of a plan review
 * without a plan), its options, and "Type your answer". The custom answer takes focus once per question — never again
 * on re-expand or revisit.
 */
import { isComposing } from '../../../lib/keys.ts';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { focusStayed, idleAfterNextPaint } from '../../../lib/after-paint.ts';
import { Markdown } from '../../../components/markdown.tsx';
import type { QuestionItem } from '../../../core/questions/types.ts';
import { useCopy } from '../../../lib/language.ts';
import { questionsLocales } from '../locales.ts';
import { QuestionOptions, type QuestionOptionsProps } from './question-options.tsx';

/** Props of {@link QuestionBody}. */
export interface QuestionBodyProps extends Omit<QuestionOptionsProps, 'options' | 'multi'> {
  question: QuestionItem;
  /** Identifies the shown question (`<index>:<id>`): the custom answer takes focus once per key. */
  questionKey: string;
  /** The body is collapsed (hidden): nothing takes focus. */
  collapsed: boolean;
  /** The custom answer's text. */
  custom: string;
  /** The custom answer cannot be edited (an answer is on its way or was accepted). */
  typingLocked: boolean;
  onCustomChange: (text: string) => void;
  /** Enter (without Shift, outside IME composition) in the custom answer. */
  onCustomEnter: () => void;
}

/** The body (see {@link QuestionBodyProps}). */
export function QuestionBody({ question, questionKey, collapsed, custom, typingLocked, onCustomChange, onCustomEnter, ...options }: QuestionBodyProps) {
  const copy = useCopy(questionsLocales);
  const customRef = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(new Set<string>());
  // Once idle after the paint that shows the question, not in its commit: focusing forces the page's style and layout at
  // once (docs/style.md "Lazy views render at once"); focus that moved in between stays where it went.
  useEffect(() => {
    if (collapsed || focused.current.has(questionKey)) return;
    const before = document.activeElement;
    return idleAfterNextPaint(() => {
      focused.current.add(questionKey);
      if (focusStayed(before)) customRef.current?.focus();
    });
  }, [questionKey, collapsed]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || isComposing(event)) return;
    event.preventDefault();
    onCustomEnter();
  };
  const choices = question.options ?? [];
  return (
    <div role="region" aria-label={copy.bodyLabel} tabIndex={0} className="question-flow__body">
      {options.refused !== undefined ? (
        <p className="question-flow__detail question-flow__empty-plan">{copy.emptyPlan}</p>
      ) : question.detail ? (
        <Markdown className="question-flow__detail" text={question.detail} />
      ) : null}
      {choices.length > 0 ? <QuestionOptions {...options} options={choices} multi={question.multiSelect === true} /> : null}
      <textarea
        ref={customRef}
        className={choices.length > 0 ? 'field question-flow__custom' : 'field question-flow__custom question-flow__custom--framed'}
        aria-label={copy.customLabel}
        placeholder={copy.customPlaceholder}
        rows={1}
        value={custom}
        disabled={typingLocked}
        onChange={(event) => onCustomChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
