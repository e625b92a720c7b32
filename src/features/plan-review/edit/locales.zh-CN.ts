/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { PlanEditCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const planEditZhCN: PlanEditCopy = {
  editPlan: '编辑计划',
  editShort: '编辑',
  plan: '计划',
  hint: 'Markdown。按 Ctrl+Enter 将修改作为反馈发送。',
  preview: '预览',
  emptyPreview: '计划为空。',
  discard: '放弃修改',
  send: '将修改作为反馈发送',
  sendNote: 'dsh 只批准代理发送的计划：代理会以反馈的形式收到你的修改，之后由你批准它的下一个修订。',
  noEdits: '你还没有修改计划。',
  emptyEdit: '修改后的计划为空。',
  confirmDiscard: '放弃修改？',
  confirmDiscardBody: '你对计划的修改将会丢失。',
  keepEditing: '继续编辑',
  adopted: (version) => `代理采纳了你的修改（在 v${version} 上发送）。`,
  changed: (version) => `代理改动了你的修改（在 v${version} 上发送）。`,
  diffLabel: '与你的修改的差异',
  ruleNote: '逐行比较，忽略换行符、行尾空格和末尾换行。',
};
