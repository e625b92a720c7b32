/** Simplified Chinese copy of `locales.ts` beside it: part of the zh-CN language pack, loaded only for that language. */
import type { PlanOutlineCopy } from './locales.ts';

/** Simplified Chinese copy. */
export const planOutlineZhCN: PlanOutlineCopy = {
  outline: '计划大纲',
  menu: '大纲',
  changed: '有改动',
  changedSince: (version) => `此节的行自 v${version} 以来有改动`,
  untitled: '（无标题）',
};
