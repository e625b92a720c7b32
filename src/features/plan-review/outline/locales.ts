/**
 * User-facing copy of the plan outline (the navigation landmark listing the plan's headings), one `PlanOutlineCopy`
 * dictionary per interface language.
 */
import { dictionaries } from '../../../lib/language.ts';

/** Every string the plan outline shows. */
export type PlanOutlineCopy = {
  /** The landmark's name and the menu button's text. */
  outline: string;
  /** The menu button's text on a phone. */
  menu: string;
  /** The mark of a heading whose section changed since the previous revision. */
  changed: string;
  /** Its longer description: what the mark means, with the previous revision's number. */
  changedSince: (version: number) => string;
  /** An untitled heading (an empty `#`). */
  untitled: string;
};

/** English copy. */
export const planOutlineEn: PlanOutlineCopy = {
  outline: 'Plan outline',
  menu: 'Outline',
  changed: 'changed',
  changedSince: (version) => `Lines of this section changed since v${version}`,
  untitled: '(untitled)',
};

/** Every dictionary of the plan outline, by language. */
export const planOutlineLocales = dictionaries('planOutline', planOutlineEn);

declare module '../../../lib/language.ts' {
  interface LocaleCopies {
    planOutline: PlanOutlineCopy;
  }
}
