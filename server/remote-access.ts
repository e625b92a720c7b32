/**
 * Who may use a listener beyond this machine (docs/protocol.md "Paired devices"): after the trust fence, a request or
 * upgrade from a non-loopback peer passes only with an allowed device cookie (401 with no data otherwise; the pairing
 * page, its script, the exchange and the status poll excepted), and the pairing methods themselves: the exchange and
 * status for any peer, token, devices, decide and revoke for loopback peers only. One instance per listener; the
 * {@link Pairing} registry is shared by all of them.
 */
import type http from 'node:http';
import { JSON_HEADERS } from '../carrier/rules.ts';
import type { Pairing } from './pairing.ts';
import {
  deviceCookieHeader,
  isOpenToUnpaired,
  PAIR_PAGE_PATH,
  PAIR_SCRIPT_PATH,
  PAIR_STYLE_PATH,
  PAIRING_ADMIN_PATHS,
  PAIRING_EXCHANGE_PATH,
  PAIRING_INFO_PATH,
  PAIRING_STATUS_PATH,
  readDeviceCookie,
} from './pairing-rules.ts';
import { pairPageHtml, PAIR_SCRIPT, PAIR_STYLE } from './pair-page.ts';
import { pageSecurityHeaders } from './security-headers.ts';
import { isLoopbackAddress } from './trust-fence.ts';

/** Largest body of a pairing method, bytes. */
export const PAIRING_BODY_LIMIT = 4096;

/** What the pairing screen and the warning need to know of the remote listener. */
export interface RemoteInfo {
  /** The URL a phone opens (`https://IP:port` or `http://name:port`), without path. */
  url: string;
  /** SHA-256 fingerprint of the TLS certificate (`AB:CD:…`), or `null` over plain HTTP. */
  fingerprint: string | null;
  /** Whether the listener serves plain HTTP (`--insecure-http`, or a `--trusted-host` bind without `--remote`). */
  insecureHttp: boolean;
}

/** The decision of {@link RemoteAccess.gate}. */
export type GateDecision = { ok: true; deviceId?: string } | { ok: false; status: 401 };

/** A JSON answer of a pairing method. */
export interface PairingAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The access rules of one listener; see the module header. */
export interface RemoteAccess {
  /**
   * Whether a request (or upgrade) from this peer may go on. Loopback peers always; others only to the paths open to
   * unpaired devices or with an allowed device cookie (whose id is returned, for closing its sockets on revoke).
   */
  gate(req: http.IncomingMessage, pathname: string): GateDecision;
  /** Whether the path is a pairing method (answered by {@link answer}, after the body is read) . */
  isPairingPath(pathname: string): boolean;
  /** Answer a pairing method. @param bodyText the request body (at most {@link PAIRING_BODY_LIMIT} bytes) */
  answer(req: http.IncomingMessage, pathname: string, bodyText: string): PairingAnswer;
  /** Serve the pairing page, its script or its style sheet for a GET; false when the path is none of them. */
  servePage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean;
  /** Call `listener` with the ids of devices removed from the registry (revoked, denied, expired). @returns unsubscribe */
  onRemoved(listener: (ids: readonly string[]) => void): () => void;
}

/** Options of {@link createRemoteAccess}. */
export interface RemoteAccessOptions {
  /** The shared registry; without one no device is ever paired and every non-loopback peer gets 401 (`serve --dsh`). */
  pairing?: Pairing;
  /** Whether this listener serves TLS (the cookie's name and `Secure`). */
  secure: boolean;
  /** The remote listener, once it listens; `undefined` when there is none. */
  info: () => RemoteInfo | undefined;
}

const PAIRING_PATHS = new Set<string>([PAIRING_EXCHANGE_PATH, PAIRING_STATUS_PATH, PAIRING_INFO_PATH, ...PAIRING_ADMIN_PATHS]);

function json(status: number, value: unknown, extra: Record<string, string> = {}): PairingAnswer {
  return { status, headers: { ...JSON_HEADERS, ...extra }, body: JSON.stringify(value) };
}

function refusal(status: number, code: string, message: string, extra: Record<string, string> = {}): PairingAnswer {
  return json(status, { code, message }, extra);
}

/** The body as a JSON object, or `undefined` (an empty body is `{}`). */
function objectOf(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Make the access rules of one listener.
 * @param options the shared registry, the listener's scheme and the remote listener's info
 * @returns the rules
 */
export function createRemoteAccess(options: RemoteAccessOptions): RemoteAccess {
  const { pairing, secure } = options;
  const cookieOf = (req: http.IncomingMessage): string | undefined => readDeviceCookie(req.headers.cookie, secure);
  const isLocal = (req: http.IncomingMessage): boolean => isLoopbackAddress(req.socket.remoteAddress);

  function admin(pathname: string, body: Record<string, unknown>): PairingAnswer {
    if (pairing === undefined) return refusal(404, 'no-pairing', 'pairing is not available on this server');
    switch (pathname) {
      case '/api/pairing.token': {
        const remote = options.info();
        if (remote === undefined) return refusal(409, 'no-remote', 'start ui-plan serve with --remote to pair a device');
        const { token, expiresAt } = pairing.issueToken();
        return json(200, { url: `${remote.url}${PAIR_PAGE_PATH}#t=${token}`, expiresAt, fingerprint: remote.fingerprint, insecureHttp: remote.insecureHttp });
      }
      case '/api/pairing.devices':
        return json(200, { devices: pairing.list() });
      case '/api/pairing.decide': {
        if (typeof body.id !== 'string') return refusal(400, 'bad-request', 'id must be a string');
        if (typeof body.allow !== 'boolean') return refusal(400, 'bad-request', 'allow must be true or false');
        return pairing.decide(body.id, body.allow) ? json(200, { ok: true }) : refusal(404, 'not-found', 'no pending device with that id');
      }
      default: {
        if (body.all === true) return json(200, { removed: pairing.revokeAll() });
        if (typeof body.id !== 'string') return refusal(400, 'bad-request', 'id must be a string (or all: true)');
        return pairing.revoke(body.id) ? json(200, { removed: 1 }) : refusal(404, 'not-found', 'no device with that id');
      }
    }
  }

  return {
    gate(req, pathname) {
      if (isLocal(req)) return { ok: true };
      if (isOpenToUnpaired(req.method ?? 'GET', pathname)) return { ok: true };
      const device = pairing?.authenticate(cookieOf(req));
      return device === undefined ? { ok: false, status: 401 } : { ok: true, deviceId: device.id };
    },
    isPairingPath: (pathname) => PAIRING_PATHS.has(pathname),
    answer(req, pathname, bodyText) {
      const body = objectOf(bodyText);
      if (body === undefined) return refusal(400, 'bad-request', 'body must be a JSON object');
      if (pathname === PAIRING_INFO_PATH) return json(200, { remote: options.info() ?? null });
      if ((PAIRING_ADMIN_PATHS as readonly string[]).includes(pathname)) {
        return isLocal(req) ? admin(pathname, body) : refusal(403, 'loopback-only', 'this method is available on this machine only');
      }
      if (pairing === undefined) return refusal(404, 'no-pairing', 'pairing is not available on this server');
      if (pathname === PAIRING_STATUS_PATH) return json(200, { status: pairing.status(cookieOf(req)) });
      const result = pairing.exchange(body.token, body.name, req.socket.remoteAddress ?? '');
      if (result.ok) return json(200, { status: 'pending' }, { 'set-cookie': deviceCookieHeader(result.cookie, secure) });
      if (result.refusal === 'rate-limited') return refusal(429, 'rate-limited', result.message, { 'retry-after': '60' });
      if (result.refusal === 'bad-name') return refusal(400, 'bad-request', result.message);
      return refusal(403, 'pairing-token-invalid', result.message);
    },
    servePage(req, res, pathname) {
      const files: Record<string, [type: string, body: () => string]> = {
        [PAIR_PAGE_PATH]: ['text/html', () => pairPageHtml(req.headers['accept-language'])],
        [PAIR_SCRIPT_PATH]: ['text/javascript', () => PAIR_SCRIPT],
        [PAIR_STYLE_PATH]: ['text/css', () => PAIR_STYLE],
      };
      const file = files[pathname];
      if (file === undefined) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        res.end('method not allowed');
        return true;
      }
      res.writeHead(200, { ...pageSecurityHeaders(req.headers.host), 'content-type': `${file[0]}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : file[1]());
      return true;
    },
    onRemoved: (listener) => pairing?.onRemoved(listener) ?? (() => undefined),
  };
}
