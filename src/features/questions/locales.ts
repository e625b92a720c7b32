/**
 * User-facing copy of the generic question flow, one `QuestionsCopy` dictionary per interface language (English,
 * Simplified Chinese).
 */
import { dictionaries } from '../../lib/language.ts';

/** Every string the question flow shows. */
export type QuestionsCopy = {
  collapse: string;
  dismissAll: string;
  bodyLabel: string;
  customLabel: string;
  customPlaceholder: string;
  recommended: string;
  previous: string;
  next: string;
  progress: (current: number, total: number) => string;
  skip: string;
  nextQuestion: string;
  submit: string;
  submitting: string;
  unanswered: string;
  incomplete: string;
  /** Shown instead of the detail of a plan review that came without a plan; its Approve is disabled. */
  emptyPlan: string;
  responseRejected: (reason: string) => string;
  cancellationRejected: (reason: string) => string;
};

/** English copy (docs/upstream-spec.md §6 item 92 for the chrome names). */
export const questionsEn: QuestionsCopy = {
  collapse: 'Collapse the question card',
  dismissAll: 'Dismiss all questions',
  bodyLabel: 'Question details',
  customLabel: 'Type your answer',
  customPlaceholder: 'Type your answer…',
  recommended: 'Recommended',
  previous: 'Previous question',
  next: 'Next question',
  progress: (current, total) => `${current} / ${total}`,
  skip: 'Skip this question',
  nextQuestion: 'Next',
  submit: 'Submit',
  submitting: 'Submitting…',
  unanswered: 'Select or type an answer',
  incomplete: 'Complete this question first',
  emptyPlan: 'The agent proposed an empty plan',
  responseRejected: (reason) => `response rejected: ${reason}`,
  cancellationRejected: (reason) => `cancellation rejected: ${reason}`,
};
/** Every dictionary of the question flow, by language. */
export const questionsLocales = dictionaries('questions', questionsEn);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    questions: QuestionsCopy;
  }
}
