/**
 * User-facing copy of the session data layer: why the server stopped writing to a session (the `writeStopped` of its
 * `session.list` row), one `ReadOnlyLocale` dictionary per interface language (English, Simplified Chinese).
 */
import type { Dictionaries } from '../lib/language.ts';

/** The read-only reasons the page words itself; a reason not listed is shown as the server said it. */
export interface ReadOnlyLocale {
  writingStopped: Record<'log-removed' | 'log-replaced' | 'log-changed' | 'sync-failed' | 'lock-lost', string>;
}

const en: ReadOnlyLocale = {
  writingStopped: {
    'log-removed':
      "Writing stopped: this session's log file was removed by another program. Nothing was lost: what ui-plan had written is in the data directory's recovered folder.",
    'log-replaced':
      "Writing stopped: this session's log file was replaced by another program (an editor, sed -i, a sync tool). What ui-plan had written is in the data directory's recovered folder; restart ui-plan to open the file now there.",
    'log-changed': "Writing stopped: another program wrote to this session's log file. Restart ui-plan to read it as it is now.",
    'sync-failed': "Writing stopped: the disk reported an error when this session's log was saved. Restart ui-plan to read what is on disk.",
    'lock-lost': 'Writing stopped: another ui-plan server took over this data directory. Nothing more is written here; use the other server.',
  },
};

const zhCN: ReadOnlyLocale = {
  writingStopped: {
    'log-removed': '已停止写入：此会话的日志文件被其他程序删除。没有丢失任何内容：ui-plan 已写入的部分保存在数据目录的 recovered 文件夹中。',
    'log-replaced':
      '已停止写入：此会话的日志文件被其他程序替换（编辑器、sed -i、同步工具）。ui-plan 已写入的部分保存在数据目录的 recovered 文件夹中；重启 ui-plan 即可打开现在的文件。',
    'log-changed': '已停止写入：其他程序写入了此会话的日志文件。重启 ui-plan 即可按其现状读取。',
    'sync-failed': '已停止写入：保存此会话日志时磁盘报告了错误。重启 ui-plan 即可读取磁盘上的内容。',
    'lock-lost': '已停止写入：另一个 ui-plan 服务器接管了此数据目录。这里不再写入任何内容，请使用另一个服务器。',
  },
};

/** Every dictionary of the read-only reasons, by language. */
export const readOnlyLocales: Dictionaries<ReadOnlyLocale> = { en, 'zh-CN': zhCN };
