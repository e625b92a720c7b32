/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { ReadOnlyLocale } from './locales.ts';

export const zhCN: ReadOnlyLocale = {
  writingStopped: {
    'log-removed': '已停止写入：此会话的日志文件被其他程序删除。没有丢失任何内容：ui-plan 已写入的部分保存在数据目录的 recovered 文件夹中。',
    'log-replaced':
      '已停止写入：此会话的日志文件被其他程序替换（编辑器、sed -i、同步工具）。ui-plan 已写入的部分保存在数据目录的 recovered 文件夹中；重启 ui-plan 即可打开现在的文件。',
    'log-changed': '已停止写入：其他程序写入了此会话的日志文件。重启 ui-plan 即可按其现状读取。',
    'sync-failed': '已停止写入：保存此会话日志时磁盘报告了错误。重启 ui-plan 即可读取磁盘上的内容。',
    'lock-lost': '已停止写入：另一个 ui-plan 服务器接管了此数据目录。这里不再写入任何内容，请使用另一个服务器。',
  },
};
