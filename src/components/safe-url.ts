/**
 * The one decision on which addresses in rendered markdown may become a link or an opened image: only absolute
 * `http:`, `https:` and (for links) `mailto:` URLs, judged after the browser's own URL parsing (so tabs, newlines,
 * leading spaces, mixed case and entity-decoded `java&#x09;script:` are seen exactly as a click would see them).
 * Everything else — `javascript:`, `data:`, `vbscript:`, `file:`, any other scheme, and every relative address
 * (`/api/…`, `foo.md`, `#x`, `//host`) — is refused, so it can never navigate the app or leave it unsafely.
 */

/** Schemes a markdown link may open. */
const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);
/** Schemes a markdown image placeholder may open: web addresses only. */
const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/** An address judged safe to open: the normalised `href` to put on the element and its host for display. */
export type SafeUrl = { href: string; host: string };

function judge(raw: string | undefined | null, allowed: ReadonlySet<string>): SafeUrl | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  let url: URL;
  try {
    // No base: a relative address throws and is refused (it would resolve against the app and navigate it).
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!allowed.has(url.protocol)) return undefined;
  return { href: url.href, host: url.host };
}

/**
 * Whether a markdown link target may be rendered as a link.
 * @param raw the link destination after markdown entity decoding (e.g. `java\tscript:alert(1)`)
 * @returns the normalised `href` (what the browser will open) and host, or `undefined` when the address must be
 *   shown as plain text: a non-http(s)/mailto scheme or a relative address
 */
export function safeLinkUrl(raw: string | undefined | null): SafeUrl | undefined {
  return judge(raw, LINK_PROTOCOLS);
}

/**
 * Whether a markdown image source may be offered as "open in a new tab". Images are never fetched
 * on render whatever this says; it only decides whether the placeholder is a link.
 * @param raw the image source after markdown entity decoding
 * @returns the normalised `href` and host for an absolute http(s) address, else `undefined` (placeholder as text)
 */
export function safeImageUrl(raw: string | undefined | null): SafeUrl | undefined {
  return judge(raw, IMAGE_PROTOCOLS);
}
