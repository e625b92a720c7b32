/**
 * Saving a file the page built (an exported plan, a review history, a fetched session log) through a temporary
 * object URL and an `<a download>` click — no inline script or style, so it works under the app's CSP. The URL is
 * revoked after the click has been dispatched.
 */

/**
 * Offer `content` as a download named `filename`.
 * @param filename the suggested file name (the browser may still ask)
 * @param content the bytes or text to save
 * @param type the MIME type, e.g. `text/markdown;charset=utf-8`
 */
export function saveFile(filename: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A file name made from a title: letters and digits kept (any script), runs of anything else turned into one `-`,
 * at most 60 characters, `fallback` when nothing is left.
 * @param title e.g. a plan title
 * @param fallback used for an empty result
 */
export function fileNameOf(title: string, fallback: string): string {
  const base = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return base === '' ? fallback : base;
}
