/**
 * The trust fence of every `/api` request and WebSocket upgrade (docs/protocol.md "Trust fence", upstream captures in
 * docs/protocol.md "Trust fence"), as one pure decision shared by `ui-plan serve` and `serve --dsh`. Invariants:
 * a loopback `Host` name is believed only from a loopback peer; a non-loopback bind accepts nothing without a
 * `--trusted-host` name (or, on the `--remote` listener, its own `IP:port`); an `Origin`, when sent, equals
 * `<scheme>://<Host>`, and a non-loopback peer must send it on every POST and upgrade; `Sec-Fetch-Site: cross-site` is refused.
 */
import type http from 'node:http';
import net from 'node:net';

/** Host names (lower case, no port) that always mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether an address or bind name is loopback: `localhost`, `127.0.0.0/8`, `::1`, and IPv4-mapped `::ffff:127.x.y.z`
 * (brackets allowed). Any other text, including `0.0.0.0`, `::` and names, is not.
 * @param address an IP literal, `[IPv6]`, or a name as given to `--host`; `undefined` (a closed socket) is not loopback
 * @returns true for loopback
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const bare = address.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/**
 * The host name of an authority (`Host` header value), lower case, without port; IPv6 keeps its brackets.
 * @param authority e.g. `127.0.0.1:5173`, `[::1]:80`, `Dev.Box`
 * @returns e.g. `127.0.0.1`, `[::1]`, `dev.box`; `''` for an empty or unparseable bracket form
 */
export function hostnameOf(authority: string): string {
  const lower = authority.toLowerCase();
  const bracket = /^(\[[^\]]*\])(?::\d*)?$/.exec(lower);
  if (bracket) return bracket[1] ?? '';
  if (lower.startsWith('[')) return '';
  const colon = lower.lastIndexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

/** Why the fence refused a request (for the server log; the client only ever sees `403 forbidden`). */
export type FenceRefusal =
  'no-host' | 'untrusted-host' | 'loopback-host-from-remote-peer' | 'no-trusted-host-for-public-bind' | 'origin-missing' | 'origin-mismatch' | 'cross-site';

/**
 * What the fence knows of the listener and the request beyond the headers. All optional: without it the fence is
 * the loopback/`--trusted-host` fence of plain HTTP it always was.
 */
export interface FenceContext {
  /** The listener's scheme (default `http`); an `Origin` must be `<scheme>://<Host>`. */
  scheme?: 'http' | 'https';
  /**
   * The `--remote` listener's own authorities (`IP:port`, lower case): then a `Host` must be one of them exactly or a
   * trusted name, and loopback names are not accepted (no loopback peer reaches a LAN address as loopback).
   */
  authorities?: ReadonlySet<string>;
  /** The request's verb; a non-loopback peer's POST must carry `Origin`. */
  method?: string;
  /** Whether this is a WebSocket upgrade; a non-loopback peer's upgrade must carry `Origin`. */
  upgrade?: boolean;
}

/** The fence's decision: pass, or the reason it refused. */
export type FenceDecision = { ok: true } | { ok: false; reason: FenceRefusal };

/**
 * Decide whether a request or upgrade may pass the trust fence. Rules (docs/protocol.md "Trust fence"):
 * - a `Host` is required; its name (port ignored) must be a loopback name (`127.0.0.1`, `localhost`, `[::1]`) or one
 *   of `trustedHosts`;
 * - a loopback `Host` name is accepted only from a loopback peer (`127.0.0.0/8`, `::1`, `::ffff:127.x`), so a
 *   machine on the LAN cannot reach a `--host 0.0.0.0` server just by saying `Host: 127.0.0.1`;
 * - a non-loopback bind with no trusted name accepts nothing (the CLI refuses to start that way, this is the backstop);
 * - on the `--remote` listener (`context.authorities`), the `Host` must be its own `IP:port` exactly or a trusted name;
 * - an `Origin`, when present, must equal `<scheme>://<Host>` exactly (port included: another port of the same IP is
 *   same-site, so `SameSite` cookies alone do not tell them apart); a non-loopback peer must send one on every POST and
 *   WebSocket upgrade; `Sec-Fetch-Site: cross-site` is refused.
 * @param headers the request headers (`host`, `origin`, `sec-fetch-site` are read)
 * @param peerAddress `req.socket.remoteAddress`; `undefined` counts as non-loopback
 * @param bindIsLoopback whether the server listens on a loopback address only
 * @param trustedHosts extra accepted host names, lower case, without port (`--trusted-host`)
 * @param context the listener's scheme and own authorities, the request's verb and whether it upgrades
 * @returns `{ok:true}` or `{ok:false, reason}`
 */
export function decideTrust(
  headers: http.IncomingHttpHeaders,
  peerAddress: string | undefined,
  bindIsLoopback: boolean,
  trustedHosts: ReadonlySet<string>,
  context: FenceContext = {},
): FenceDecision {
  const authorities = context.authorities;
  if (!bindIsLoopback && trustedHosts.size === 0 && (authorities?.size ?? 0) === 0) return { ok: false, reason: 'no-trusted-host-for-public-bind' };
  const authority = headers.host;
  if (authority === undefined || authority === '') return { ok: false, reason: 'no-host' };
  const name = hostnameOf(authority);
  if (authorities !== undefined) {
    if (!authorities.has(authority.toLowerCase()) && !trustedHosts.has(name)) return { ok: false, reason: 'untrusted-host' };
  } else if (LOOPBACK_NAMES.has(name)) {
    if (!isLoopbackAddress(peerAddress)) return { ok: false, reason: 'loopback-host-from-remote-peer' };
  } else if (!trustedHosts.has(name)) {
    return { ok: false, reason: 'untrusted-host' };
  }
  const origin = headers.origin;
  if (origin === undefined && !isLoopbackAddress(peerAddress) && (context.upgrade === true || context.method === 'POST')) {
    return { ok: false, reason: 'origin-missing' };
  }
  if (origin !== undefined && origin !== `${context.scheme ?? 'http'}://${authority}`) return { ok: false, reason: 'origin-mismatch' };
  if (headers['sec-fetch-site']?.toLowerCase() === 'cross-site') return { ok: false, reason: 'cross-site' };
  return { ok: true };
}

/**
 * The fence for a static file (the SPA, its assets): {@link decideTrust}, except that a cross-site top-level
 * navigation (`Sec-Fetch-Site: cross-site` with `Sec-Fetch-Mode: navigate`, a link to the app from another site) may
 * load the page; a cross-site subresource load (`<img src>`, `<script src>`, `fetch`) may not. The Host rules hold
 * for static files exactly as for the API (a rebound DNS name never gets the app).
 * @param decision the request's {@link decideTrust} decision
 * @param headers the request headers (`sec-fetch-mode` is read)
 * @returns the decision for a static file
 */
export function staticDecision(decision: FenceDecision, headers: http.IncomingHttpHeaders): FenceDecision {
  if (!decision.ok && decision.reason === 'cross-site' && headers['sec-fetch-mode']?.toLowerCase() === 'navigate') return { ok: true };
  return decision;
}

/** The fence bound to one server: its bind and trusted names; call it with a request or upgrade. */
export interface TrustFence {
  /** Whether the request (or, with `upgrade`, the WebSocket upgrade) passes. */
  check(req: http.IncomingMessage, upgrade?: boolean): FenceDecision;
  /** Whether a request for a static file passes (see {@link staticDecision}). */
  checkStatic(req: http.IncomingMessage): FenceDecision;
}

/**
 * Bind {@link decideTrust} to a server's configuration.
 * @param options `trustedHosts` as given (compared case-insensitively); `bindIsLoopback` default true (a server
 *   created without a known bind, e.g. in tests on 127.0.0.1); `scheme` default `http`; `authorities` only on the
 *   `--remote` listener (`IP:port`)
 * @returns the fence
 */
export function createTrustFence(options: {
  trustedHosts?: readonly string[];
  bindIsLoopback?: boolean;
  scheme?: 'http' | 'https';
  /** Read at every check (the port is known once the listener listens). */
  authorities?: () => readonly string[];
}): TrustFence {
  const trusted = new Set((options.trustedHosts ?? []).map((h) => h.toLowerCase()));
  const bindIsLoopback = options.bindIsLoopback ?? true;
  const authoritiesOf = options.authorities;
  const check = (req: http.IncomingMessage, upgrade = false): FenceDecision =>
    decideTrust(req.headers, req.socket.remoteAddress, bindIsLoopback, trusted, {
      scheme: options.scheme ?? 'http',
      ...(authoritiesOf ? { authorities: new Set(authoritiesOf().map((a) => a.toLowerCase())) } : {}),
      method: req.method ?? 'GET',
      upgrade,
    });
  return { check, checkStatic: (req) => staticDecision(check(req), req.headers) };
}
