/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { ComponentsCopy } from './locales.ts';

const countZh = (n: number) => n.toLocaleString('zh-CN');

/** Simplified Chinese copy. */
export const componentsZhCN: ComponentsCopy = {
  imagePlaceholder: (alt, host) => {
    const name = alt.trim() === '' ? '图片' : `图片：${alt.trim()}`;
    return host === undefined ? name : `${name} — ${host}`;
  },
  imageOpenHint: '在新标签页中打开图片',
  linkNotOpened: '不是网页链接：按文本显示',
  longLineFolded: (shown, total) => `这一行过长（${countZh(total)} 个字符），仅显示前 ${countZh(shown)} 个字符。`,
  longLineShown: (total) => `这一行过长（${countZh(total)} 个字符），以纯文本完整显示。`,
  showAll: '显示全部',
  showLess: '收起',
  copy: '复制',
  copyCode: '复制代码',
  copied: '已复制',
  copiedCode: '代码已复制到剪贴板',
  copyFailed: '无法复制：浏览器不允许访问剪贴板',
  deepNesting: (levels) => `这部分嵌套超过 ${countZh(levels)} 层，因此以纯文本显示。`,
  copyPlan: '复制计划',
  copyPlanShort: '复制',
  leftOut: (name) => `${name}：录制中已略去`,
  leftOutHint: '录制时略去了这个值，日志中此处只有一个占位符。',
  downloadPlanShort: '.md',
  copyPlanFailed: (reason) => `无法复制：浏览器拒绝访问剪贴板${reason ? `（${reason}）` : ''}。请手动选中计划复制，或使用“下载 .md”。`,
  downloadPlan: '下载 .md',
  planActions: (title) => `复制或下载“${title}”`,
};
