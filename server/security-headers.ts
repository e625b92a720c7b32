/**
 * Response headers that keep the app's pages from being framed, sniffed, leaking referrers, or loading anything
 * but our own scripts, styles and images. Set on every non-API response of both servers (the SPA,
 * its fallback, the not-built page and the plain-text error pages); API responses get `nosniff` only.
 * Invariant: no `'unsafe-inline'` — the built `index.html` has no inline script, style or `style=""`.
 */
import type http from 'node:http';

/** An authority we are willing to copy into the CSP: host name or IP literal, optional port; nothing else. */
const SAFE_AUTHORITY = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The Content-Security-Policy of an HTML page served for a request with this `Host`. `connect-src` allows the
 * page's own origin plus the WebSocket origin of the same authority (`ws://` and `wss://`); a `Host` that is not a
 * plain authority is left out rather than copied into the header.
 * @param host the request's `Host` header (`undefined` when absent)
 * @returns the policy text
 */
export function contentSecurityPolicyOf(host: string | undefined): string {
  const sockets = host !== undefined && SAFE_AUTHORITY.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The security headers of a page response (HTML or a plain-text error page).
 * @param host the request's `Host` header
 * @returns header name → value: CSP, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`
 */
export function pageSecurityHeaders(host: string | undefined): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicyOf(host),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/**
 * Put {@link pageSecurityHeaders} on a response that has not started yet.
 * @param req the request (its `Host` is read)
 * @param res the response; nothing happens once headers were sent
 */
export function setPageSecurityHeaders(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(pageSecurityHeaders(req.headers.host))) res.setHeader(name, value);
}
