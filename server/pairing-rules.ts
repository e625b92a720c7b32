/**
 * The pure rules of pairing a device with `ui-plan serve` (docs/protocol.md "Paired devices"): token and device
 * cookie shapes, constant-time comparison, expiry, the per-peer rate limit, the device cookie's name and attributes,
 * and which paths an unpaired non-loopback peer may reach. No I/O and no clock of its own: callers pass `now` (ms).
 */
import crypto from 'node:crypto';

/** How long a pairing token is valid after it is made, ms (10 minutes). */
export const PAIRING_TOKEN_TTL_MS = 10 * 60_000;
/** Failed exchanges after which the outstanding token is voided. */
export const PAIRING_MAX_FAILURES = 5;
/** How long a paired device stays paired without being seen, ms (30 days). */
export const DEVICE_IDLE_EXPIRY_MS = 30 * 24 * 60 * 60_000;
/** Exchange attempts one peer address may make per {@link PAIRING_RATE_WINDOW_MS}. */
export const PAIRING_RATE_LIMIT = 10;
/** The window of {@link PAIRING_RATE_LIMIT}, ms. */
export const PAIRING_RATE_WINDOW_MS = 60_000;
/** Longest device name, in characters (UTF-16 units). */
export const DEVICE_NAME_MAX_CHARS = 64;
/** The device cookie's name under TLS; the `__Host-` prefix makes the browser insist on `Secure`, `Path=/`, no `Domain`. */
export const DEVICE_COOKIE_TLS = '__Host-ui-plan-device';
/** The device cookie's name over plain HTTP (`--insecure-http`), where a `__Host-` cookie would be rejected. */
export const DEVICE_COOKIE_PLAIN = 'ui-plan-device';

/**
 * A new secret: 256 bits from `crypto.randomBytes`, base64url (43 characters). Used for pairing tokens and device cookies.
 * @returns the secret text
 */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The SHA-256 of a secret, hex; devices are stored by this, never by the cookie itself.
 * @param secret the token or cookie text
 * @returns 64 hex characters
 */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Compare a presented secret with the expected one in constant time (both hashed first, so lengths never leak).
 * @param presented what the peer sent
 * @param expected the outstanding secret
 * @returns true when equal
 */
export function secretsEqual(presented: string, expected: string): boolean {
  return crypto.timingSafeEqual(Buffer.from(hashSecret(presented), 'hex'), Buffer.from(hashSecret(expected), 'hex'));
}

/**
 * Whether a paired device has expired: unseen for longer than {@link DEVICE_IDLE_EXPIRY_MS}.
 * @param lastSeen when it was last seen, ms since the epoch
 * @param now ms since the epoch
 */
export function isDeviceExpired(lastSeen: number, now: number): boolean {
  return now - lastSeen > DEVICE_IDLE_EXPIRY_MS;
}

/**
 * Validate a device name as the person typed it: trimmed, 1 to {@link DEVICE_NAME_MAX_CHARS} characters, no control
 * characters.
 * @param value the `name` field of the exchange body
 * @returns the trimmed name, or an error text naming the field
 */
export function validateDeviceName(value: unknown): { ok: true; name: string } | { ok: false; message: string } {
  if (typeof value !== 'string') return { ok: false, message: 'name must be a string' };
  const name = value.trim();
  if (name === '') return { ok: false, message: 'name must not be empty' };
  if (name.length > DEVICE_NAME_MAX_CHARS) return { ok: false, message: `name must be at most ${DEVICE_NAME_MAX_CHARS} characters` };
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) return { ok: false, message: 'name must not contain control characters' };
  return { ok: true, name };
}

/**
 * A sliding-window rate limit per peer address: at most {@link PAIRING_RATE_LIMIT} attempts per
 * {@link PAIRING_RATE_WINDOW_MS}. Pure over the attempt times it keeps.
 */
export interface RateLimiter {
  /** Record an attempt of `peer` at `now`; false when it is over the limit (the attempt is not counted then). */
  attempt(peer: string, now: number): boolean;
}

/**
 * Make a {@link RateLimiter}. It forgets a peer once its window is empty, so its size is bounded by the peers of one window.
 * @param limit attempts per window
 * @param windowMs the window, ms
 */
export function createRateLimiter(limit = PAIRING_RATE_LIMIT, windowMs = PAIRING_RATE_WINDOW_MS): RateLimiter {
  const seen = new Map<string, number[]>();
  return {
    attempt(peer, now) {
      for (const [key, times] of seen) {
        const kept = times.filter((t) => now - t < windowMs);
        if (kept.length === 0) seen.delete(key);
        else seen.set(key, kept);
      }
      const times = seen.get(peer) ?? [];
      if (times.length >= limit) return false;
      seen.set(peer, [...times, now]);
      return true;
    },
  };
}

/**
 * The device cookie's name for a scheme.
 * @param secure whether the listener serves TLS
 */
export function deviceCookieName(secure: boolean): string {
  return secure ? DEVICE_COOKIE_TLS : DEVICE_COOKIE_PLAIN;
}

/**
 * The `Set-Cookie` value of a device cookie: `HttpOnly; SameSite=Strict; Path=/`, no `Domain`, `Secure` under TLS,
 * `Max-Age` of {@link DEVICE_IDLE_EXPIRY_MS} (the server's own expiry is what counts; the browser's is a courtesy).
 * @param value the cookie secret, or `''` with `maxAgeSeconds` 0 to clear it
 * @param secure whether the listener serves TLS
 */
export function deviceCookieHeader(value: string, secure: boolean, maxAgeSeconds = DEVICE_IDLE_EXPIRY_MS / 1000): string {
  return `${deviceCookieName(secure)}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Read the device cookie from a `Cookie` header.
 * @param header the request's `Cookie` header
 * @param secure whether the listener serves TLS (picks the name)
 * @returns the cookie value, or `undefined` when absent or not of the secret's shape
 */
export function readDeviceCookie(header: string | undefined, secure: boolean): string | undefined {
  if (header === undefined) return undefined;
  const name = deviceCookieName(secure);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/** Paths of the pairing page and its script, served to any peer that passes the Host rules. */
export const PAIR_PAGE_PATH = '/pair';
/** The pairing page's script (its own file: the page's CSP allows no inline script). */
export const PAIR_SCRIPT_PATH = '/pair.js';
/** The pairing page's style sheet (the page's CSP allows no inline style). */
export const PAIR_STYLE_PATH = '/pair.css';
/** The exchange of a token for a device cookie (from the pairing page). */
export const PAIRING_EXCHANGE_PATH = '/api/pairing.exchange';
/** Whether the device holding the cookie was allowed yet (polled by the pairing page). */
export const PAIRING_STATUS_PATH = '/api/pairing.status';
/** Loopback-only pairing methods: make a token, list devices and pending requests, allow or deny, revoke. */
export const PAIRING_ADMIN_PATHS = ['/api/pairing.token', '/api/pairing.devices', '/api/pairing.decide', '/api/pairing.revoke'] as const;
/** What the remote listener is (for the warning and the pairing screen); loopback peers and paired devices may read it. */
export const PAIRING_INFO_PATH = '/api/pairing.info';

/**
 * Whether a non-loopback peer without a device credential may reach this path: only the pairing page, its script and
 * style sheet, the exchange and the status poll.
 * @param method the request's verb
 * @param pathname the parsed path
 */
export function isOpenToUnpaired(method: string, pathname: string): boolean {
  if (method === 'GET' || method === 'HEAD') return pathname === PAIR_PAGE_PATH || pathname === PAIR_SCRIPT_PATH || pathname === PAIR_STYLE_PATH;
  return method === 'POST' && (pathname === PAIRING_EXCHANGE_PATH || pathname === PAIRING_STATUS_PATH);
}
