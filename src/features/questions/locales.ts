/**
 * User-facing copy of the generic question flow, one `QuestionsCopy` dictionary per interface language (English,
 * Simplified Chinese).
 */
import type { Dictionaries } from '../../lib/language.ts';

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

/** Simplified Chinese copy (upstream term: 推荐). */
export const questionsZhCN: QuestionsCopy = {
  collapse: '收起问题卡片',
  dismissAll: '忽略全部问题',
  bodyLabel: '问题详情',
  customLabel: '输入你的回答',
  customPlaceholder: '输入你的回答…',
  recommended: '推荐',
  previous: '上一个问题',
  next: '下一个问题',
  progress: (current, total) => `${current} / ${total}`,
  skip: '跳过此问题',
  nextQuestion: '下一个',
  submit: '提交',
  submitting: '正在提交…',
  unanswered: '请选择或输入一个回答',
  incomplete: '请先完成此问题',
  emptyPlan: '智能体提交了一份空计划',
  responseRejected: (reason) => `回答被拒绝：${reason}`,
  cancellationRejected: (reason) => `取消被拒绝：${reason}`,
};

/** Every dictionary of the question flow, by language. */
export const questionsLocales: Dictionaries<QuestionsCopy> = { en: questionsEn, 'zh-CN': questionsZhCN };
