/**
 * User-facing copy of the shared components (markdown placeholders and notes), one `ComponentsCopy` dictionary per
 * interface language (English, Simplified Chinese). Numbers are grouped through `Intl.NumberFormat` of that language.
 */
import type { Dictionaries } from '../lib/language.ts';

/** Every string the shared components show. */
export type ComponentsCopy = {
  /**
   * The placeholder of a markdown image, which is never fetched on render.
   * @param alt the image's alt text (may be empty)
   * @param host the host it would be loaded from, or `undefined` for an address that cannot be opened
   */
  imagePlaceholder: (alt: string, host: string | undefined) => string;
  /** Tooltip of the image placeholder link. */
  imageOpenHint: string;
  /** Tooltip of a link shown as text because its address is unsafe or relative. */
  linkNotOpened: string;
  /**
   * The note under a folded very long line (capped, never a freeze).
   * @param shown characters formatted; @param total characters of the line
   */
  longLineFolded: (shown: number, total: number) => string;
  /** The note under a very long line shown in full, as plain text. @param total characters of the line */
  longLineShown: (total: number) => string;
  showAll: string;
  showLess: string;
  /** The Copy button of a code block: its text, its accessible name, and its text for a moment after a copy. */
  copy: string;
  copyCode: string;
  copied: string;
  /** Announced after a copy (a status line), and when the clipboard refused. */
  copiedCode: string;
  copyFailed: string;
  /** The note over a block nested too deeply to format, shown as raw text. @param levels the nesting limit */
  deepNesting: (levels: number) => string;
  /** The plan's copy and download actions. */
  copyPlan: string;
  /** The short visible text of Copy plan / Download .md on a narrow screen (their names stay the long ones). */
  copyPlanShort: string;
  downloadPlanShort: string;
  /** Shown when the browser refused the plan's copy. @param reason the browser's message, may be empty */
  copyPlanFailed: (reason: string) => string;
  downloadPlan: string;
  /** Accessible name of the action group. @param title the plan's title */
  planActions: (title: string) => string;
};

const count = (n: number) => n.toLocaleString('en');

/** English copy. */
export const componentsEn: ComponentsCopy = {
  imagePlaceholder: (alt, host) => {
    const name = alt.trim() === '' ? 'Image' : `Image: ${alt.trim()}`;
    return host === undefined ? name : `${name} — ${host}`;
  },
  imageOpenHint: 'Open the image in a new tab',
  linkNotOpened: 'Not a web link: shown as text',
  longLineFolded: (shown, total) => `Showing the first ${count(shown)} characters of a very long line (${count(total)} characters).`,
  longLineShown: (total) => `A very long line (${count(total)} characters), shown in full as plain text.`,
  showAll: 'Show all',
  showLess: 'Show less',
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied',
  copiedCode: 'Code copied to the clipboard',
  copyFailed: 'Could not copy: the browser did not allow access to the clipboard',
  deepNesting: (levels) => `This part is nested more than ${count(levels)} levels deep, so it is shown as plain text.`,
  copyPlan: 'Copy plan',
  copyPlanShort: 'Copy',
  downloadPlanShort: '.md',
  copyPlanFailed: (reason) =>
    `Could not copy: the browser refused the clipboard${reason ? ` (${reason})` : ''}. Select the plan and copy it by hand, or use Download .md.`,
  downloadPlan: 'Download .md',
  planActions: (title) => `Copy or download ${title}`,
};

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
  downloadPlanShort: '.md',
  copyPlanFailed: (reason) => `无法复制：浏览器拒绝访问剪贴板${reason ? `（${reason}）` : ''}。请手动选中计划复制，或使用“下载 .md”。`,
  downloadPlan: '下载 .md',
  planActions: (title) => `复制或下载“${title}”`,
};

/** Every dictionary of the shared components, by language. */
export const componentsLocales: Dictionaries<ComponentsCopy> = { en: componentsEn, 'zh-CN': componentsZhCN };
