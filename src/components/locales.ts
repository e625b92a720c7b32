/**
 * User-facing copy of the shared components (markdown placeholders). English now; another language is a second
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
};

/** English copy. */
export const componentsEn: ComponentsCopy = {
  imagePlaceholder: (alt, host) => {
    const name = alt.trim() === '' ? 'Image' : `Image: ${alt.trim()}`;
    return host === undefined ? name : `${name} — ${host}`;
  },
  imageOpenHint: 'Open the image in a new tab',
  linkNotOpened: 'Not a web link: shown as text',
};

/** Dictionaries by language tag. */
export const componentsLocales = { en: componentsEn } as const satisfies Record<string, ComponentsCopy>;
