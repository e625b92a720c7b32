/**
 * User-facing copy of the composer (message box, `/` command suggestions), one `ComposerCopy` dictionary per interface
 * language (English, Simplified Chinese).
 */
import type { Dictionaries } from '../../lib/language.ts';

/** Every string the composer shows. */
export type ComposerCopy = {
  inputLabel: string;
  placeholder: string;
  planPlaceholder: string;
  send: string;
  sending: string;
  commandsLabel: string;
  unknownCommand: (line: string) => string;
  readOnly: string;
  /** The Stop button (cancels the running turn through `session.cancel`). */
  stop: string;
  stopping: string;
  /** Tooltip of Stop: the keyboard shortcut. */
  stopHint: string;
  /** Live status while a stop is on its way (until the turn ends). */
  stoppingStatus: string;
};

/** English copy. */
export const composerEn: ComposerCopy = {
  inputLabel: 'Message the agent',
  placeholder: 'Message the agent…',
  planPlaceholder: 'Describe the task to plan…',
  send: 'Send',
  sending: 'Sending…',
  commandsLabel: 'Commands',
  unknownCommand: (line) => `Unknown command: ${line}`,
  readOnly: 'This session is read-only',
  stop: 'Stop',
  stopping: 'Stopping…',
  stopHint: 'Stop the running turn (Escape)',
  stoppingStatus: 'Stopping the turn…',
};

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

/** Every dictionary of the composer, by language. */
export const composerLocales: Dictionaries<ComposerCopy> = { en: composerEn, 'zh-CN': composerZhCN };
