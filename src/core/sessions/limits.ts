/**
 * Limits of the sessions list that the protocol schemas need without the title fold: kept apart so
 * the first load does not carry `title.ts` and its word segmentation.
 */

/** Longest title a person may give a session (`session.rename`), in UTF-16 code units after trimming. */
export const MAX_CUSTOM_TITLE_CHARS = 200;
