/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { ReviewCommentsCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const reviewCommentsZhCN: ReviewCommentsCopy = {
  comment: '评论',
  commentOn: (lines) => `评论${lines}`,
  commentOnUnsent: (lines) => `评论${lines}（尚未添加）`,
  addComment: '添加评论',
  save: '保存',
  cancel: '取消',
  edit: '编辑',
  remove: '删除',
  editOn: (lines) => `编辑${lines}的评论`,
  removeOn: (lines) => `删除${lines}的评论`,
  region: '评论',
  count: (n) => `${n} 条评论`,
  lines: (start, end) => (end > start ? `第 ${start}–${end} 行` : `第 ${start} 行`),
  goTo: (lines) => `转到${lines}`,
  commentOnSelection: '评论选中的行',
  earlier: (version) => `在 v${version} 上发送的评论`,
  changed: '这些行有改动',
  unchanged: '这些行没有改动',
  showChange: (version) => `在“自 v${version} 以来的改动”中查看`,
  resolved: '已解决',
  carry: '继续保留',
  notFound: '在此修订中找不到它引用的行，因此无法继续保留。',
  carriedTo: (lines) => `已移到${lines}；将随“继续规划”再次发送。`,
  ruleNote: '依据逐行差异标记：“这些行有改动”并不表示评论已被处理。',
};
