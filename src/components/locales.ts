/**
 * User-facing copy of the shared components (markdown placeholders and notes), one `ComponentsCopy` dictionary per
 * interface language (English, Simplified Chinese). Numbers are grouped through `Intl.NumberFormat` of that language.
 */
import { dictionaries } from '../lib/language.ts';

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
  /** A `{{name}}` placeholder of a recorded log, shown in its place: the recorder scrubbed the value. */
  leftOut: (name: string) => string;
  /** Tooltip of a left-out value. */
  leftOutHint: string;
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
  leftOut: (name) => `${name}: left out of the recording`,
  leftOutHint: 'The recorder left this value out of the recording; the log has only a placeholder here.',
  downloadPlanShort: '.md',
  copyPlanFailed: (reason) =>
    `Could not copy: the browser refused the clipboard${reason ? ` (${reason})` : ''}. Select the plan and copy it by hand, or use Download .md.`,
  downloadPlan: 'Download .md',
  planActions: (title) => `Copy or download ${title}`,
};
/** Every dictionary of the shared components, by language. */
export const componentsLocales = dictionaries('components', componentsEn);

declare module '../lib/language.ts' {
  interface LocaleCopies {
    components: ComponentsCopy;
  }
}
