/**
 * The options of one question: radios (single select) or checkboxes (multi select) as buttons, each with its number
 * or box, its label without the "(Recommended)" suffix (a badge instead) and its description. Arrow keys move focus
 * between the options, wrapping; Enter submits once every question of the batch is complete; IME composition never does.
 */
import { isComposing } from '../../../lib/keys.ts';
import { useRef, type KeyboardEvent } from 'react';
import { recommendedLabel } from '../../../core/questions/encode.ts';
import type { QuestionOption } from '../../../core/questions/types.ts';
import { useCopy } from '../../../lib/language.ts';
import { questionsLocales } from '../locales.ts';

/** Props of {@link QuestionOptions}. */
export interface QuestionOptionsProps {
  /** Id of the question's title (names the group, prefixes the description ids). */
  titleId: string;
  options: readonly QuestionOption[];
  multi: boolean;
  /** The chosen labels. */
  selected: readonly string[];
  /** A label that may not be chosen (the Approve of a plan review without a plan); undefined when none. */
  refused: string | undefined;
  disabled: boolean;
  onChoose: (label: string) => void;
  /** Enter on an option: submit the batch (only offered when every question is complete). */
  onSubmit: (() => void) | undefined;
}

/** The option group (see {@link QuestionOptionsProps}). */
export function QuestionOptions({ titleId, options, multi, selected, refused, disabled, onChoose, onSubmit }: QuestionOptionsProps) {
  const copy = useCopy(questionsLocales);
  const group = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const composing = isComposing(event);
    if (event.key === 'Enter' && !composing && onSubmit) {
      event.preventDefault();
      onSubmit();
      return;
    }
    const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const buttons = Array.from(group.current?.querySelectorAll<HTMLButtonElement>('[data-option]') ?? []);
    const at = buttons.indexOf(event.currentTarget);
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
  };
  return (
    <div ref={group} role={multi ? 'group' : 'radiogroup'} aria-labelledby={titleId} className="question-flow__options">
      {options.map((option, i) => {
        const { display, recommended } = recommendedLabel(option.label);
        const checked = selected.includes(option.label);
        const descriptionId = `${titleId}-d${i}`;
        const badgeId = `${titleId}-r${i}`;
        const describedBy = [recommended ? badgeId : '', option.description ? descriptionId : ''].filter(Boolean).join(' ');
        return (
          <button
            key={option.label}
            type="button"
            data-option=""
            role={multi ? 'checkbox' : 'radio'}
            aria-checked={checked}
            aria-label={display}
            aria-describedby={describedBy || undefined}
            disabled={disabled || option.label === refused}
            className="question-flow__option"
            onClick={() => onChoose(option.label)}
            onKeyDown={onKeyDown}
          >
            <span className="question-flow__marker" aria-hidden="true">
              {multi ? (checked ? '☑' : '☐') : i + 1}
            </span>
            <span className="question-flow__option-text">
              <span className="question-flow__option-label">
                {display}
                {recommended ? (
                  <span id={badgeId} className="question-flow__badge">
                    {copy.recommended}
                  </span>
                ) : null}
              </span>
              {option.description ? (
                <span id={descriptionId} className="question-flow__option-description">
                  {option.description}
                </span>
              ) : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}
