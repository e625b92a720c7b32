/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { AppLocale } from './locales.ts';

/** Simplified Chinese copy. */
export const zhCN: AppLocale = {
  appName: 'ui-plan',
  connection: { connecting: '正在连接…', connected: '已连接', reconnecting: '正在重新连接…' },
  showSessions: '会话',
  closeSessions: '关闭会话列表',
  emptyTitle: '未选择会话',
  emptyBody: '从列表中选择一个会话，或新建一个。',
  newSession: '新建会话',
  creating: '正在创建…',
  createError: (message) => `无法创建会话：${message}`,
  untitled: '新会话',
  readOnlyNotice: '这是一份已录制的会话日志，以只读方式打开。',
  errorTitle: '出错了',
  tryAgain: '重试',
  dock: '消息栏',
  turnStopped: (message) => `本轮已停止：${message}`,
  draftsMoved: '该问题已在别处回答。你为它输入的内容已移到消息框。',
  preferences: '偏好设置',
  languageLabel: '语言',
  themeLabel: '主题',
  themes: { system: '跟随系统', light: '浅色', dark: '深色' },
  conversation: '对话',
  announce: {
    region: '播报',
    planReady: '计划已就绪，等待审阅',
    question: '智能体提出了一个问题',
    connectionLost: '连接已断开；正在重新连接…',
    connectionBack: '已重新连接',
  },
  sessionViews: '会话视图',
  transcriptTab: '对话记录',
  reviewsTab: (count) => (count === 0 ? '审阅' : `审阅（${count}）`),
  loadingReviews: '正在加载审阅记录…',
  loadingCard: '正在加载…',
};
