/**
 * User-facing copy of the plan-review card. English now; another language is a second dictionary of the same
 * `PlanReviewCopy` type (upstream zh: 计划待审 / 确认执行 / 去聊天里说).
 */

/** Every string the plan-review card shows. */
export type PlanReviewCopy = {
  strip: string;
  planLabel: string;
  /** The button that expands the card to the whole content area and back: its text and its accessible name. */
  expand: string;
  collapse: string;
  expandLabel: string;
  collapseLabel: string;
  approve: string;
  keepPlanning: string;
  chat: string;
  feedbackLabel: string;
  feedbackPlaceholder: string;
  feedbackHint: string;
  /** Status while a Keep planning or Chat about it answer is on its way (issue 8 item 21). */
  sending: string;
  /** Status while an Approve answer is on its way (issue 8 item 21). */
  approving: string;
  /** Shown instead of the plan when its text is missing or blank; Approve is disabled (issue 8 item 19). */
  emptyPlan: string;
  /** Shown over a plan of which part is capped (a very long line folded, a too deeply nested block as raw text). */
  capped: string;
  /** The confirm Approve opens while Feedback holds text (issue 8 item 16): its name and its sentence. */
  confirmTitle: string;
  confirmBody: string;
  approveDiscarding: string;
  sendAsFeedback: string;
  cancel: string;
  responseRejected: (reason: string) => string;
  cancellationRejected: (reason: string) => string;
};

/** English copy. */
export const planReviewEn: PlanReviewCopy = {
  strip: 'Plan review',
  planLabel: 'Proposed plan',
  expand: 'Expand',
  collapse: 'Collapse',
  expandLabel: 'Expand the plan review',
  collapseLabel: 'Collapse the plan review',
  approve: 'Approve',
  keepPlanning: 'Keep planning',
  chat: 'Chat about it',
  feedbackLabel: 'Feedback',
  feedbackPlaceholder: 'What should change?',
  feedbackHint: 'Sent with Keep planning (Ctrl+Enter)',
  sending: 'Sending…',
  approving: 'Approving…',
  emptyPlan: 'The agent proposed an empty plan',
  capped: 'Part of this plan is too large to format and is shown shortened or as plain text; the notes below mark where. Approve answers for the whole plan.',
  confirmTitle: 'Approve without your feedback?',
  confirmBody: 'Approve does not send the Feedback text. Send it with Keep planning instead, or approve and discard it.',
  approveDiscarding: 'Approve and discard feedback',
  sendAsFeedback: 'Send as feedback',
  cancel: 'Cancel',
  responseRejected: (reason) => `question response rejected: ${reason}`,
  cancellationRejected: (reason) => `cancellation rejected: ${reason}`,
};

/** Dictionaries by language tag. */
export const planReviewLocales = { en: planReviewEn } as const satisfies Record<string, PlanReviewCopy>;
