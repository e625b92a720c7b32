/**
 * User-facing copy of the transcript, one `TranscriptLocale` dictionary per interface language (English, Simplified
 * Chinese). What the host wrote (messages, notices, tool and command results, its error messages) is shown as written.
 */
import type { Dictionaries } from '../../lib/language.ts';

/** Every string the transcript shows. Functions take the variable parts. */
export interface TranscriptLocale {
  region: string;
  empty: string;
  loading: string;
  loadError: (message: string) => string;
  retry: string;
  /** Note for events that arrived with a payload of the wrong shape and are left out (`count` ≥ 1). */
  unreadable: (count: number) => string;
  you: string;
  assistant: string;
  /** The collapsed reasoning line of an assistant message. */
  reasoning: string;
  /** The reasoning line while the model is still reasoning (no answer text yet). */
  reasoningStreaming: string;
  streaming: string;
  /**
   * The marker that ends an assistant message cut off by its turn's end (`status`: the `turn/end` kind, `cancelled`
   * for Stop), so a half sentence never reads as a finished answer.
   */
  cut: (status: string) => string;
  /** The marker that ends an assistant message a read-only log stops inside (instead of `streaming`). */
  cutInLog: string;
  running: string;
  /** Instead of `running` while a plan review waits for the user. */
  waitingReview: string;
  /** Instead of `running` while any other question waits for the user. */
  waitingAnswer: string;
  planModeOn: string;
  planModeOff: string;
  /** A `mode/set` line of the session-modes variant. */
  modeSet: (mode: string) => string;
  noticeFrom: (plugin: string | undefined) => string;
  contextInjection: (plugin: string | undefined) => string;
  toolCall: (name: string) => string;
  toolRunning: string;
  /** Status of a tool call with a successful result. */
  toolDone: string;
  /** The expanded tool line while its result has not arrived. */
  toolNoResultYet: string;
  /** The expanded tool line of a result with no text. */
  toolResultEmpty: string;
  toolError: string;
  /** Status of a failed tool call, by what became of it (see `toolErrorOf`). */
  toolOutcome: Record<'dismissed' | 'aborted' | 'failed', string>;
  toolResult: string;
  arguments: string;
  planCard: (title: string) => string;
  /** The plan card's revision badge and its full name. */
  revisionBadge: (version: number) => string;
  revisionName: (version: number, total: number) => string;
  showPlan: string;
  reviewWaiting: string;
  reviewApproved: string;
  reviewKeepPlanning: string;
  reviewFeedback: string;
  reviewDismissed: string;
  reviewFailed: string;
  questionCard: (count: number) => string;
  answer: string;
  noAnswer: string;
  questionsDismissed: string;
  /** Why a question got no answer, by what became of it (see `toolErrorOf`). */
  questionOutcome: Record<'dismissed' | 'aborted' | 'failed', string>;
  /** A question the user skipped (`selected: []`, no custom). */
  skipped: string;
  command: (name: string) => string;
  commandRunning: string;
  /** A read-only log stops before this command, tool call or review got its result. */
  unfinishedInLog: string;
  /** A read-only log stops inside this turn (instead of `running`). */
  logEndsInTurn: string;
  /** A read-only log stops before this plan review was answered (instead of `reviewWaiting`). */
  reviewUnanswered: string;
  commandFailed: string;
  turnStatus: (status: string, message: string | undefined) => string;
  /** Older pages of the history are on their way (history loads from the tail, older pages on scroll). */
  loadingOlder: string;
  /** Shown above the first row when older history exists and is not loaded yet. */
  olderAvailable: string;
  /** Button that loads the next older page. */
  loadOlder: string;
  /** The find box (the browser's own find cannot see rows that are not rendered). */
  find: string;
  findLabel: string;
  findPrevious: string;
  findNext: string;
  findClose: string;
  /** "n of m" matching rows; `total` 0 says there is none. */
  findStatus: (current: number, total: number) => string;
  /** Said while older history is not loaded: the find box searched the loaded rows only. */
  findLoadedOnly: string;
  /** Button that loads the whole history so the find box can search it. */
  findLoadAll: string;
}

/** English copy. */
export const en: TranscriptLocale = {
  region: 'Transcript',
  empty: 'No messages yet.',
  loading: 'Loading the session…',
  loadError: (message) => `Could not load the session: ${message}`,
  retry: 'Try again',
  unreadable: (count) => (count === 1 ? '1 event could not be shown' : `${count} events could not be shown`),
  you: 'You',
  assistant: 'Assistant',
  reasoning: 'Reasoning',
  reasoningStreaming: 'Reasoning…',
  streaming: 'Writing…',
  cutInLog: 'The log ends here',
  cut: (status) => (status === 'cancelled' ? 'Stopped' : status === 'error' ? 'Stopped: the turn failed' : `Stopped (${status})`),
  running: 'Running…',
  waitingReview: 'Waiting for your review',
  waitingAnswer: 'Waiting for your answer',
  planModeOn: 'Plan mode on',
  planModeOff: 'Plan mode off',
  modeSet: (mode) => `Mode: ${mode.charAt(0).toUpperCase()}${mode.slice(1)}`,
  noticeFrom: (plugin) => (plugin ? `Notice from ${plugin}` : 'Notice'),
  contextInjection: (plugin) => (plugin ? `Context injection ${plugin}` : 'Context injection'),
  toolCall: (name) => `Tool call ${name}`,
  toolRunning: 'running',
  toolDone: 'done',
  toolNoResultYet: 'No result yet.',
  toolResultEmpty: 'The result is empty.',
  toolError: 'failed',
  toolOutcome: { dismissed: 'dismissed', aborted: 'aborted', failed: 'failed' },
  toolResult: 'Result',
  arguments: 'Arguments',
  planCard: (title) => `Plan: ${title}`,
  revisionBadge: (version) => `v${version}`,
  revisionName: (version, total) => `Revision ${version} of ${total}`,
  showPlan: 'Show the plan',
  reviewWaiting: 'Awaiting review',
  reviewApproved: 'Approved',
  reviewKeepPlanning: 'Keep planning',
  reviewFeedback: 'Feedback',
  reviewDismissed: 'Dismissed to talk',
  reviewFailed: 'Review failed',
  questionCard: (count) => (count === 1 ? 'Question' : `${count} questions`),
  answer: 'Answer',
  noAnswer: 'Waiting for an answer',
  questionsDismissed: 'Dismissed',
  questionOutcome: { dismissed: 'Dismissed', aborted: 'Aborted', failed: 'Failed' },
  skipped: 'Skipped',
  command: (name) => `/${name}`,
  commandRunning: 'running…',
  unfinishedInLog: 'no result in this log',
  logEndsInTurn: 'The log ends during this turn.',
  reviewUnanswered: 'Not answered in this log',
  commandFailed: 'Command failed',
  turnStatus: (status, message) => {
    if (status === 'completed') return 'Turn completed';
    if (status === 'cancelled') return 'Turn cancelled';
    if (status === 'error') return message ? `Turn failed: ${message}` : 'Turn failed';
    return message ? `Turn ended (${status}): ${message}` : `Turn ended (${status})`;
  },
  loadingOlder: 'Loading earlier messages…',
  olderAvailable: 'Earlier messages are not loaded yet.',
  loadOlder: 'Load earlier messages',
  find: 'Find',
  findLabel: 'Find in transcript',
  findPrevious: 'Previous match',
  findNext: 'Next match',
  findClose: 'Close find',
  findStatus: (current, total) => (total === 0 ? 'No matches' : `${current} of ${total}`),
  findLoadedOnly: 'Searched the loaded history only.',
  findLoadAll: 'Load all',
};

/** A mode's name in Chinese: the built-in ones translated (upstream 默认/计划), any other as configured. */
const modeZh = (mode: string): string => (mode === 'default' ? '默认' : mode === 'plan' ? '计划' : mode);

/** Simplified Chinese copy (upstream terms: 计划模式, 计划待审, 被忽略). */
export const zhCN: TranscriptLocale = {
  region: '对话记录',
  empty: '还没有消息。',
  loading: '正在加载会话…',
  loadError: (message) => `无法加载会话：${message}`,
  retry: '重试',
  unreadable: (count) => `有 ${count} 个事件无法显示`,
  you: '你',
  assistant: '助手',
  reasoning: '推理过程',
  reasoningStreaming: '正在推理…',
  streaming: '正在输出…',
  cutInLog: '日志到此结束',
  cut: (status) => (status === 'cancelled' ? '已停止' : status === 'error' ? '已停止：本轮失败' : `已停止（${status}）`),
  running: '运行中…',
  waitingReview: '等待你审阅',
  waitingAnswer: '等待你回答',
  planModeOn: '计划模式：开',
  planModeOff: '计划模式：关',
  modeSet: (mode) => `模式：${modeZh(mode)}`,
  noticeFrom: (plugin) => (plugin ? `来自 ${plugin} 的通知` : '通知'),
  contextInjection: (plugin) => (plugin ? `上下文注入 ${plugin}` : '上下文注入'),
  toolCall: (name) => `工具调用 ${name}`,
  toolRunning: '运行中',
  toolDone: '完成',
  toolNoResultYet: '还没有结果。',
  toolResultEmpty: '结果为空。',
  toolError: '失败',
  toolOutcome: { dismissed: '已忽略', aborted: '已中止', failed: '失败' },
  toolResult: '结果',
  arguments: '参数',
  planCard: (title) => `计划：${title}`,
  showPlan: '查看计划',
  reviewWaiting: '等待审阅',
  reviewApproved: '已批准',
  reviewKeepPlanning: '继续规划',
  reviewFeedback: '反馈',
  reviewDismissed: '已忽略，转去聊天',
  reviewFailed: '审阅失败',
  questionCard: (count) => (count === 1 ? '问题' : `${count} 个问题`),
  answer: '回答',
  noAnswer: '等待回答',
  questionsDismissed: '已忽略',
  questionOutcome: { dismissed: '已忽略', aborted: '已中止', failed: '失败' },
  skipped: '已跳过',
  command: (name) => `/${name}`,
  commandRunning: '运行中…',
  unfinishedInLog: '此日志中没有结果',
  logEndsInTurn: '日志在这一轮中途结束。',
  reviewUnanswered: '此日志中未作答',
  commandFailed: '命令失败',
  turnStatus: (status, message) => {
    if (status === 'completed') return '本轮已完成';
    if (status === 'cancelled') return '本轮已取消';
    if (status === 'error') return message ? `本轮失败：${message}` : '本轮失败';
    return message ? `本轮已结束（${status}）：${message}` : `本轮已结束（${status}）`;
  },
  loadingOlder: '正在加载更早的消息…',
  olderAvailable: '更早的消息尚未加载。',
  loadOlder: '加载更早的消息',
  find: '查找',
  findLabel: '在对话记录中查找',
  findPrevious: '上一个匹配',
  findNext: '下一个匹配',
  findClose: '关闭查找',
  findStatus: (current, total) => (total === 0 ? '无匹配' : `第 ${current} 个，共 ${total} 个`),
  findLoadedOnly: '只搜索了已加载的记录。',
  findLoadAll: '全部加载',
  revisionBadge: (version) => `v${version}`,
  revisionName: (version, total) => `第 ${version} 版，共 ${total} 版`,
};

/** Every dictionary of the transcript, by language. */
export const transcriptLocales: Dictionaries<TranscriptLocale> = { en, 'zh-CN': zhCN };
