/**
 * User-facing copy of the plan-review card, one `PlanReviewCopy` dictionary per interface language (English,
 * Simplified Chinese; upstream zh: 计划待审 / 确认执行 / 去聊天里说).
 */
import type { Dictionaries } from '../../lib/language.ts';

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
};

/** Simplified Chinese copy (upstream terms: 计划待审, 去聊天里说). */
export const planReviewZhCN: PlanReviewCopy = {
  strip: '计划待审',
  expand: '展开',
  collapse: '收起',
  expandLabel: '展开计划审阅',
  collapseLabel: '收起计划审阅',
  planLabel: '提议的计划',
  approve: '批准',
  keepPlanning: '继续规划',
  chat: '去聊天里说',
  feedbackLabel: '反馈',
  feedbackPlaceholder: '哪里需要修改？',
  feedbackHint: '随“继续规划”发送（Ctrl+Enter）',
  sending: '正在发送…',
  approving: '正在批准…',
  emptyPlan: '智能体提交了一份空计划',
  capped: '这份计划有部分内容过大，无法排版，已缩短或以纯文本显示；下方注释标出了位置。批准针对的是完整计划。',
  confirmTitle: '不带你的反馈直接批准？',
  confirmBody: '批准不会发送反馈内容。可以改用“继续规划”发送它，或者批准并丢弃它。',
  approveDiscarding: '批准并丢弃反馈',
  sendAsFeedback: '作为反馈发送',
  cancel: '取消',
  responseRejected: (reason) => `审阅答复被拒绝：${reason}`,
  cancellationRejected: (reason) => `取消被拒绝：${reason}`,
  revisionOf: (version, total) => `第 ${version} 版，共 ${total} 版`,
  revisionShort: (version, total) => `v${version}/${total}`,
  viewToggle: '显示',
  viewPlan: '计划',
  viewChanges: (version) => `相对 v${version} 的改动`,
  youAsked: '你的要求：',
  youSaid: '你说：',
  identical: (newer, older) => `v${newer} 与 v${older} 完全相同：计划没有变化。`,
  compareLabel: '比较',
  compareOlder: '较早的版本',
  compareNewer: '较新的版本',
  versionOption: (version) => `v${version}`,
  diffLabel: (older, newer) => `从 v${older} 到 v${newer} 的改动`,
  diffSummary: (added, removed) => `+${added} −${removed} 行`,
  addedLine: '新增',
  removedLine: '删除',
  loadingDiff: '正在加载改动…',
};

/** Every dictionary of the plan-review card, by language. */
export const planReviewLocales: Dictionaries<PlanReviewCopy> = { en: planReviewEn, 'zh-CN': planReviewZhCN };
