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
};

/** Every dictionary of the plan-review card, by language. */
export const planReviewLocales: Dictionaries<PlanReviewCopy> = { en: planReviewEn, 'zh-CN': planReviewZhCN };
