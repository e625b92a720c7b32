/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { PlanProgressCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const planProgressZhCN: PlanProgressCopy = {
  region: '计划进度',
  todosRegion: '待办事项',
  collapsed: (done, total) => `计划：${done} / ${total}`,
  count: (done, total) => `已完成 ${done} / ${total} 步`,
  todoCount: (done, total) => `已完成 ${done} / ${total}`,
  approved: (title, version) => `${title} · 第 ${version} 版，已批准`,
  expand: '显示步骤',
  body: '步骤与待办',
  collapse: '隐藏步骤',
  status: { pending: '未开始', in_progress: '进行中', completed: '已完成' },
  showChange: (text) => `显示“${text}”的变化位置`,
  extras: '不在批准的计划中',
  untracked: '代理尚未为此计划写下待办清单。',
  partial: '仅根据已加载的会话部分。',
  audit: (done, total, notDone, extra) => `计划执行：${done} / ${total} 步；${notDone} 步未完成；${extra} 项计划外`,
  ended: (kind, message) => {
    if (kind === 'completed') return '本轮已完成。';
    if (kind === 'cancelled') return '本轮已停止。';
    if (kind === 'error') return message ? `本轮失败：${message}` : '本轮失败。';
    return message ? `本轮结束（${kind}）：${message}` : `本轮结束（${kind}）。`;
  },
};
