/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { NotificationsCopy } from './locales.ts';

const waited = (minutes: number): string => {
  if (minutes < 1) return '已等待不到 1 分钟';
  if (minutes < 60) return `已等待 ${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `已等待 ${hours} 小时`;
  return `已等待 ${Math.floor(hours / 24)} 天`;
};

/** Simplified Chinese copy. */
export const notificationsZhCN: NotificationsCopy = {
  group: '通知',
  desktop: '桌面通知',
  sound: '提示音',
  asking: '正在等待浏览器授权…',
  denied: '此浏览器已阻止本站的通知；请在浏览器的网站设置中允许。',
  unsupported: '此浏览器无法显示通知。',
  documentTitle: (badge, base) =>
    `(${badge.count}) ${badge.kind === 'review' ? '计划待审阅' : badge.kind === 'question' ? '问题待回答' : '等待你处理'} — ${base}`,
  reviewNotice: (planTitle, revision) => (revision === undefined ? `计划待审阅：${planTitle}` : `计划待审阅：${planTitle}（第 ${revision} 版）`),
  questionNotice: '智能体向你提问',
  noticeBody: (sessionTitle, question) => (question === undefined ? `会话：${sessionTitle}` : `会话：${sessionTitle}\n${question}`),
  inbox: '等待你处理',
  inboxToggle: (count) => `等待你处理（${count}）`,
  inboxReview: (planTitle) => `计划：${planTitle}`,
  inboxRevision: (revision) => `第 ${revision} 版`,
  inboxQuestion: (question) => `问题：${question}`,
  inboxApproval: '等待工具授权——请在 dsh 客户端中回答',
  inboxTool: (toolName) => `工具：${toolName}`,
  waited,
  untitled: '未命名会话',
};
