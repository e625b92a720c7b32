/**
 * User-facing copy of the plan-review card, one `PlanReviewCopy` dictionary per interface language (English,
 * Simplified Chinese; upstream zh: 计划待审 / 确认执行 / 去聊天里说).
 */
import { dictionaries } from '../../lib/language.ts';

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
  /** Status while a Keep planning or Chat about it answer is on its way. */
  sending: string;
  /** Status while an Approve answer is on its way. */
  approving: string;
  /** Shown instead of the plan when its text is missing or blank; Approve is disabled. */
  emptyPlan: string;
  /** The note on calls that can change files made while plan mode was on since the previous plan (`count` ≥ 1). */
  planningCalls: (count: number) => string;
  /** Shown over a plan of which part is capped (a very long line folded, a too deeply nested block as raw text). */
  capped: string;
  /** The confirm Approve opens while Feedback holds text: its name and its sentence. */
  confirmTitle: string;
  confirmBody: string;
  approveDiscarding: string;
  sendAsFeedback: string;
  cancel: string;
  responseRejected: (reason: string) => string;
  cancellationRejected: (reason: string) => string;
  /** Revision label of the plan under review. @param version 1-based @param total revisions in the chain */
  revisionOf: (version: number, total: number) => string;
  /** The short visible form of `revisionOf` on a narrow screen ("v2/3"). */
  revisionShort: (version: number, total: number) => string;
  /** Name of the plan/changes toggle group. */
  viewToggle: string;
  /** Toggle button: the rendered plan. */
  viewPlan: string;
  /** Toggle button: the diff against the previous revision. @param version the previous revision's number */
  viewChanges: (version: number) => string;
  /** Lead-in of the feedback that led to the revision. */
  youAsked: string;
  /** Lead-in of the messages the user sent after dismissing the previous revision. */
  youSaid: string;
  /** Said instead of a diff when the two revisions are the same. */
  identical: (newer: number, older: number) => string;
  /** The compare selects: "Compare v[x] with v[y]". */
  compareLabel: string;
  compareOlder: string;
  compareNewer: string;
  /** Option text of a revision in the compare selects. */
  versionOption: (version: number) => string;
  /** Accessible name of the diff list. */
  diffLabel: (older: number, newer: number) => string;
  /** `+N −M lines` summary of a diff. */
  diffSummary: (added: number, removed: number) => string;
  /** Screen-reader prefix of an inserted and a deleted line or word. */
  addedLine: string;
  removedLine: string;
  loadingDiff: string;
  /** One line beside Approve: what approving does. */
  approveNote: string;
  /** Said first in the Approve confirm when comments would be left behind. */
  unsettledComments: (n: number) => string;
  /** Keep planning refused: the feedback is over the request body limit. @param bytes its size @param limit the most */
  tooLong: (bytes: number, limit: number) => string;
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
  planningCalls: (count) => `The agent made ${count} call${count === 1 ? '' : 's'} that can change files while plan mode was on:`,
  capped: 'Part of this plan is too large to format and is shown shortened or as plain text; the notes below mark where. Approve answers for the whole plan.',
  confirmTitle: 'Approve without your feedback?',
  confirmBody: 'Approve does not send the Feedback text. Send it with Keep planning instead, or approve and discard it.',
  approveDiscarding: 'Approve and discard feedback',
  sendAsFeedback: 'Send as feedback',
  cancel: 'Cancel',
  responseRejected: (reason) => `question response rejected: ${reason}`,
  cancellationRejected: (reason) => `cancellation rejected: ${reason}`,
  revisionOf: (version, total) => `Revision ${version} of ${total}`,
  revisionShort: (version, total) => `v${version}/${total}`,
  viewToggle: 'Show',
  viewPlan: 'Plan',
  viewChanges: (version) => `Changes since v${version}`,
  youAsked: 'You asked:',
  youSaid: 'You said:',
  identical: (newer, older) => `v${newer} is identical to v${older}: the plan did not change.`,
  compareLabel: 'Compare',
  compareOlder: 'Older revision',
  compareNewer: 'Newer revision',
  versionOption: (version) => `v${version}`,
  diffLabel: (older, newer) => `Changes from v${older} to v${newer}`,
  diffSummary: (added, removed) => `+${added} −${removed} lines`,
  addedLine: 'Added',
  removedLine: 'Removed',
  loadingDiff: 'Loading the changes…',
  approveNote: 'Approve ends plan mode: the agent starts carrying out this revision at its next step.',
  unsettledComments: (n) => (n === 1 ? '1 comment is not sent or not resolved.' : `${n} comments are not sent or not resolved.`),
  tooLong: (bytes, limit) =>
    `Not sent: the feedback with its comments is ${Math.ceil(bytes / 1024)} KB, over the ${Math.floor(limit / 1024)} KB a request can carry. Shorten the comments or the Feedback.`,
};
/** Every dictionary of the plan-review card, by language. */
export const planReviewLocales = dictionaries('planReview', planReviewEn);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    planReview: PlanReviewCopy;
  }
}
