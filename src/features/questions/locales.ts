/**
 * User-facing copy of the generic question flow. English now; another language is a second dictionary of the
 * same `QuestionsCopy` type.
 */

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
  /** Shown instead of the detail of a plan review that came without a plan; its Approve is disabled (issue 8 item 19). */
  emptyPlan: string;
  responseRejected: (reason: string) => string;
  cancellationRejected: (reason: string) => string;
};

/** English copy (upstream spec §6 item 92 for the chrome names). */
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

/** Dictionaries by language tag. */
export const questionsLocales = { en: questionsEn } as const satisfies Record<string, QuestionsCopy>;
