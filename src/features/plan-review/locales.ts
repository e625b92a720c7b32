/**
 * User-facing copy of the plan-review card. English now; another language is a second dictionary of the same
 * `PlanReviewCopy` type (upstream zh: 计划待审 / 确认执行 / 去聊天里说).
 */

/** Every string the plan-review card shows. */
export type PlanReviewCopy = {
  strip: string;
  planLabel: string;
  approve: string;
  keepPlanning: string;
  chat: string;
  feedbackLabel: string;
  feedbackPlaceholder: string;
  feedbackHint: string;
  sending: string;
  responseRejected: (reason: string) => string;
  cancellationRejected: (reason: string) => string;
};

/** English copy. */
export const planReviewEn: PlanReviewCopy = {
  strip: 'Plan review',
  planLabel: 'Proposed plan',
  approve: 'Approve',
  keepPlanning: 'Keep planning',
  chat: 'Chat about it',
  feedbackLabel: 'Feedback',
  feedbackPlaceholder: 'What should change?',
  feedbackHint: 'Sent with Keep planning (Ctrl+Enter)',
  sending: 'Sending…',
  responseRejected: (reason) => `question response rejected: ${reason}`,
  cancellationRejected: (reason) => `cancellation rejected: ${reason}`,
};

/** Dictionaries by language tag. */
export const planReviewLocales = { en: planReviewEn } as const satisfies Record<string, PlanReviewCopy>;
