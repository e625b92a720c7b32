/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { ComposerCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const composerZhCN: ComposerCopy = {
  inputLabel: '给智能体发消息',
  placeholder: '给智能体发消息…',
  planPlaceholder: '描述要规划的任务…',
  send: '发送',
  sending: '正在发送…',
  commandsLabel: '命令',
  unknownCommand: (line) => `未知命令：${line}`,
  readOnly: '此会话为只读',
  stop: '停止',
  stopping: '正在停止…',
  stopHint: '停止正在运行的轮次（Esc）',
  stoppingStatus: '正在停止本轮…',
};
