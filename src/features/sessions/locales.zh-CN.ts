/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import { megabytes, SKIPPED_SHOWN, type SessionsLocale } from './locales.ts';

/** Simplified Chinese copy (upstream terms: 计划模式, 待生效). */
export const zhCN: SessionsLocale = {
  nav: '会话',
  newSession: '新建会话',
  creating: '正在创建…',
  openLog: '打开会话日志',
  importing: '正在打开…',
  untitled: '新会话',
  running: '运行中',
  planAwaitingReview: '等待你审阅',
  awaitingAnswer: '等待你回答',
  readOnly: '只读',
  loading: '正在加载会话…',
  empty: '还没有会话。',
  loadError: (message) => `无法加载会话：${message}`,
  retry: '重试',
  createError: (message) => `无法创建会话：${message}`,
  importError: (message) => `无法打开日志：${message}`,
  importTooLarge: (bytes, limit) => `这份日志太大，无法打开（${megabytes(bytes)} MB，上限为 ${megabytes(limit)} MB）。`,
  importRefused: (refusal) => {
    switch (refusal.kind) {
      case 'empty':
        return '这个文件是空的，没有可打开的会话日志。';
      case 'header-only':
        return '这份会话日志还没有任何事件，没有可打开的内容。';
      case 'no-events':
        return refusal.lines === 1
          ? '这个文件不是 dsh 会话日志：它唯一的一行不是 dsh 会话事件。'
          : `这个文件不是 dsh 会话日志：它的 ${refusal.lines} 行中没有一行是 dsh 会话事件。`;
      case 'too-large':
        return `这份日志太大，无法打开（上限为 ${megabytes(refusal.limit)} MB）。`;
      default: {
        const never: never = refusal;
        return String(never);
      }
    }
  },
  importNote: ({ unreadable, torn, unknown }) => {
    const n = (value: number) => value.toLocaleString('zh-CN');
    const sentences: string[] = [];
    if (torn !== undefined) sentences.push(`第 ${n(torn)} 行（最后一行）在行中被截断（日志在此行中间结束），未显示。`);
    if (unreadable.count > 0) {
      const shown = unreadable.lines.slice(0, SKIPPED_SHOWN).map(n).join('、') + (unreadable.count > SKIPPED_SHOWN ? '、…' : '');
      sentences.push(`有 ${n(unreadable.count)} 行无法读取：第 ${shown} 行`);
    }
    if (unknown !== undefined) {
      const kinds = unknown.kinds.map((kind) => `${kind.type}（${n(kind.count)}）`).join('、');
      const more = unknown.kindCount - unknown.kinds.length;
      sentences.push(`有 ${n(unknown.count)} 个事件属于 dsh 日志没有的类型，未显示：${kinds}${more > 0 ? `，另有 ${n(more)} 种` : ''}`);
    }
    return sentences.join(' ');
  },
  justNow: '刚刚',
  updated: (when) => `更新于${when}`,
  modeBadge: (mode, pending) => {
    const label = mode === 'default' ? '默认' : mode === 'plan' ? '计划' : `${mode} `;
    return `${label}模式${pending ? '（待生效）' : ''}`;
  },
  filter: '筛选会话',
  filterPlaceholder: '按标题筛选',
  noMatch: (query) => `没有标题包含“${query}”的会话。`,
  rename: (title) => `重命名“${title}”`,
  renameShort: '重命名',
  titleField: '会话标题',
  titleHint: '留空则恢复为自动标题。',
  save: '保存',
  cancel: '取消',
  renameError: (message) => `无法重命名会话：${message}`,
  delete: (title) => `删除“${title}”`,
  deleteShort: '删除',
  confirmDeleteTitle: '删除这个会话？',
  confirmDeleteBody: (title) => `“${title}”及其日志将从列表中移除。几秒内可以撤销。`,
  confirmDelete: '删除会话',
  deleteStopsReview: '等待你审阅的计划会被取消，撤销后也不会恢复。',
  deleteStopsQuestion: '等待你回答的问题会被取消，撤销后也不会恢复。',
  deleteStopsTurn: '正在运行的这一轮会停止，撤销后也不会恢复。',
  deleted: (title) => `已删除“${title}”。`,
  undo: '撤销',
  deleteError: (message) => `无法删除会话：${message}`,
  restoreError: (message) => `无法恢复会话：${message}`,
  rowKeys: '方向键在会话之间移动。',
  rowKeysAdmin: '方向键在会话之间移动；右方向键可到“重命名”和“删除”；F2 重命名，Delete 删除。',
  titleResets: '留空：保存后恢复为自动标题（取自计划或第一条消息）。',
  titleCount: (count, limit) => `${count} / ${limit} 个字符`,
  titleTooLong: (count, limit) => `太长了：${count} 个字符，标题最多 ${limit} 个字符。`,
  recentlyDeleted: (count) => `最近删除（${count}）`,
  deletedWhen: (when) => `${when}删除`,
  restore: '恢复',
  restoreNamed: (title) => `恢复“${title}”`,
  restoring: '正在恢复…',
  untitledDeleted: '未命名会话',
  deletedPageTitle: '这个会话已被删除',
  deletedPageBody: (title, when) => `“${title}”已被删除（${when}）。它的日志仍在回收站中：恢复后即可照原样再次打开。`,
};
