/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { QuestionsCopy } from './locales.ts';

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
