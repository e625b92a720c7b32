/**
 * User-facing copy of the shared components (markdown placeholders and notes). English now; another language is a second
 * dictionary of the same `ComponentsCopy` type.
 */

/** Every string the shared components show. */
export type ComponentsCopy = {
  /**
   * The placeholder of a markdown image, which is never fetched on render (issue 8 item 5).
   * @param alt the image's alt text (may be empty)
   * @param host the host it would be loaded from, or `undefined` for an address that cannot be opened
   */
  imagePlaceholder: (alt: string, host: string | undefined) => string;
  /** Tooltip of the image placeholder link. */
  imageOpenHint: string;
  /** Tooltip of a link shown as text because its address is unsafe or relative (issue 8 item 18). */
  linkNotOpened: string;
  /**
   * The note under a folded very long line (issue 9 point 1: capped, never a freeze).
   * @param shown characters formatted; @param total characters of the line
   */
  longLineFolded: (shown: number, total: number) => string;
  /** The note under a very long line shown in full, as plain text. @param total characters of the line */
  longLineShown: (total: number) => string;
  showAll: string;
  showLess: string;
  /** The note over a block nested too deeply to format, shown as raw text. @param levels the nesting limit */
  deepNesting: (levels: number) => string;
  /** The plan's copy and download actions (issue 10 item 3). */
  copyPlan: string;
  /** Shown after the plan reached the clipboard. */
  copied: string;
  /** Shown when the browser refused the clipboard. @param reason the browser's message, may be empty */
  copyFailed: (reason: string) => string;
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
  deepNesting: (levels) => `This part is nested more than ${count(levels)} levels deep, so it is shown as plain text.`,
  copyPlan: 'Copy plan',
  copied: 'Copied',
  copyFailed: (reason) =>
    `Could not copy: the browser refused the clipboard${reason ? ` (${reason})` : ''}. Select the plan and copy it by hand, or use Download .md.`,
  downloadPlan: 'Download .md',
  planActions: (title) => `Copy or download ${title}`,
};

/** Dictionaries by language tag. */
export const componentsLocales = { en: componentsEn } as const satisfies Record<string, ComponentsCopy>;
