/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { ReviewsCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const reviewsZhCN: ReviewsCopy = {
  region: '审阅',
  empty: '这个会话还没有提交审阅的计划。',
  partial: '仅显示日志已加载部分中的审阅。',
  loadAll: '全部加载',
  loadingAll: '正在加载日志的较早部分…',
  chainHeading: (chain, count) => `计划审阅 ${chain} · ${count} 个版本`,
  showInTranscript: (version, title) => `v${version} ${title}`,
  revision: (version) => `v${version}`,
  outcome: (outcome, ended) => {
    switch (outcome.kind) {
      case 'approved':
        return '已批准';
      case 'dismissed':
        return '已关闭（去聊天里说）';
      case 'kept-planning':
        return outcome.feedback ? '继续规划，附反馈' : '继续规划';
      case 'aborted':
        return `已中止：${outcome.reason}`;
      case 'pending':
        return ended ? '未回答（日志到此结束）' : '等待你审阅';
      default: {
        const never: never = outcome;
        return never;
      }
    }
  },
  proposedAt: (time) => `提交于 ${time}`,
  answeredAt: (time) => `回答于 ${time}`,
  answeredBy: (who) => `由 ${who}`,
  feedback: '反馈：',
  youAsked: '你的要求：',
  revisedAfter: (version) => `根据你对 v${version} 的反馈修订`,
  feedbackBefore: '你对上一版本的反馈：',
  commentOn: (start, end) => (end > start ? `对第 ${start}–${end} 行的评论：` : `对第 ${start} 行的评论：`),
  generalFeedback: '总体反馈：',
  editedPlan: (lines) => `请代理采纳的修改后计划（${lines} 行）；展开查看修改`,
  youSaid: '你说：',
  changes: (added, removed, against) => `相对 v${against}：+${added} −${removed} 行`,
  identical: (against) => `与 v${against} 相同`,
  audit: ({ done, total, notDone, extra, end }) =>
    `计划执行：${done} / ${total} 步；${notDone} 步未完成；${extra} 项计划外（${
      end.kind === 'completed' ? '本轮已完成' : end.kind === 'cancelled' ? '本轮已停止' : end.kind === 'error' ? '本轮失败' : `本轮结束：${end.kind}`
    }）`,
  firstRevision: '第一版',
  exports: '导出',
  downloadMarkdown: '下载 Markdown',
  downloadJson: '下载 JSON',
  downloadLog: '下载日志（.jsonl）',
  downloadFailed: (reason) => `无法下载日志：${reason}`,
  mdTitle: (title) => `审阅历史：${title}`,
  mdSession: (sessionId, exportedAt) => `会话 \`${sessionId}\`，导出于 ${exportedAt}。`,
  mdPartial: '仅包含日志已加载的部分：较早的审阅可能缺失。',
  mdChain: (chain) => `计划审阅 ${chain}`,
  mdRevision: (version, title) => `v${version}：${title}`,
  mdOutcome: '结果',
  mdPlan: '计划',
  untitled: '未命名会话',
};
