/**
 * `ui-plan serve --dsh <url>`: serve the built SPA and put a real DeepSeek Harness web host (`dsh web`) behind
 * `/api` — every unary call and both WebSocket downlinks are proxied through http-proxy-3, frames byte for byte,
 * nothing else. Our own trust fence runs first; then `Host` (and `Origin`, when the browser sent one) are rewritten
 * to the upstream authority so the upstream fence, which wants a same-origin request (docs/protocol.md "Trust
 * fence"), accepts them. Whatever the upstream does, the browser gets a valid answer in bounded time (docs/protocol.md
 * "Limits"). No reference harness is started.
 */
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { applyServerTimeouts, checkingIntervalOf, defaultClientLimits, guardConnections, type ClientLimits } from './client-limits.ts';
import { guardUpgrade, HOST_PATH, MUX_PATH, pathnameOf, refuseUpgrade, type ServerLogger } from './http.ts';
import { createStaticHandler } from './static.ts';
import { createTrustFence, isLoopbackAddress } from './trust-fence.ts';

/** Options of {@link createDshProxyServer}. */
export interface DshProxyOptions {
  /** Base URL of the dsh web host, `http://<host>:<port>` (a path, query or other scheme is refused). */
  upstream: string;
  /** Directory of the built SPA (`dist/`). */
  staticDir?: string;
  /** Extra Host names accepted by our fence (as `serve --trusted-host`). */
  trustedHosts?: string[];
  /** Whether the proxy listens on loopback only (default true); see server/trust-fence.ts. */
  bindIsLoopback?: boolean;
  logger?: ServerLogger;
  /** How long the upstream may take to answer a call or an upgrade, and to send the next piece of a body, ms. */
  upstreamTimeoutMs?: number;
  /** Most connections to the upstream that calls use at once (WebSockets have their own). */
  maxSockets?: number;
  /** Client limits of the proxy's own server (server/client-limits.ts), each defaulting to `defaultClientLimits()`. */
  limits?: Partial<ClientLimits>;
}

/** Default of {@link DshProxyOptions.upstreamTimeoutMs}: 30 s. */
export const UPSTREAM_TIMEOUT_MS = 30_000;
/** Default of {@link DshProxyOptions.maxSockets}: 64. */
export const UPSTREAM_MAX_SOCKETS = 64;

/** A running proxy: the unlistened `http.Server` and a `close` that also ends proxied sockets. */
export interface DshProxyServer {
  server: http.Server;
  /** The upstream origin, `http://host:port`. */
  upstream: string;
  close(): Promise<void>;
}

/** Headers that describe one hop and are never forwarded on a plain HTTP call (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Node answered any `Expect: 100-continue` itself; asking the upstream again would only add a 100 to its answer.
  'expect',
]);

/**
 * Validate a `--dsh` URL.
 * @param value the URL as given
 * @returns the upstream as `URL` (http, no credentials, path `/`, no query or fragment)
 * @throws Error explaining what is wrong
 */
export function parseDshUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--dsh needs a URL like http://127.0.0.1:<port>, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:') throw new Error(`--dsh must be an http:// URL (dsh web serves plain HTTP), got ${JSON.stringify(value)}`);
  if (url.username !== '' || url.password !== '') throw new Error('--dsh must not carry credentials');
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new Error(`--dsh takes the host's base URL without a path, got ${JSON.stringify(value)}`);
  }
  return url;
}

/**
 * The request headers to send upstream: `Host` becomes the upstream authority, a present `Origin` becomes the
 * upstream origin; hop-by-hop headers are dropped unless `upgrade` is set (a WebSocket handshake keeps
 * `Connection`/`Upgrade` and every `Sec-WebSocket-*`).
 * @param headers the incoming headers (already past our fence)
 * @param upstream the upstream base URL
 * @param upgrade whether this is a WebSocket handshake
 * @returns new headers; the input is not changed
 */
export function upstreamHeaders(headers: http.IncomingHttpHeaders, upstream: URL, upgrade: boolean): http.OutgoingHttpHeaders {
  // A null prototype: a header named `__proto__` is copied as a header, never taken as the object's prototype.
  const out: http.OutgoingHttpHeaders = Object.create(null) as http.OutgoingHttpHeaders;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (!upgrade && HOP_BY_HOP.has(name)) continue;
    out[name] = value;
  }
  out.host = upstream.host;
  if (headers.origin !== undefined) out.origin = upstream.origin;
  return out;
}

/** Response headers to pass back: everything but hop-by-hop ones. */
function downstreamHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = Object.create(null) as http.OutgoingHttpHeaders;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/** Whether an upstream status can be passed to the browser as a final answer. */
const isFinalStatus = (status: number | undefined): status is number => status !== undefined && status >= 200 && status <= 599;

/** Why a call to the upstream failed, in the words of the 502 (never a path or a stack). */
function upstreamFailureText(error: Error & { code?: string }): string {
  const code = error.code ?? '';
  if (code.startsWith('HPE_')) return `bad gateway: the dsh host sent an answer that is not valid HTTP (${code})`;
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return `bad gateway: the dsh host closed the connection (${error.message === 'socket hang up' ? error.message : code})`;
  return `bad gateway: the dsh host did not answer (${code || error.message})`;
}

/** One call or upgrade on its way to the upstream: its request once made, and whether the browser has its answer. */
interface Call {
  proxyReq?: http.ClientRequest;
  done: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * Refuse a non-loopback peer: the proxy presents every request to the dsh host as loopback, so it pairs no device and
 * serves nothing beyond this machine (401, as a device without a credential gets from `ui-plan serve`).
 */
function refuseRemotePeer(res: http.ServerResponse): void {
  res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end('unauthorized: serve --dsh serves this machine only');
}

/**
 * Build the `--dsh` server over http-proxy-3 (the proxy Vite uses for the same rewrite). Routes: `/api` and `/api/*`
 * (any verb) → the upstream, after our fence (403); WebSocket upgrades of `/api/events.mux` and `/api/events.host`
 * → the upstream (other upgrade paths 404); every other path → the SPA from `staticDir`. Every upstream answer maps
 * to a valid response: a final status 200–599 is passed on with its headers (hop-by-hop dropped) and body; a status
 * outside that, 101 to a call that is not an upgrade, a reset, or bytes that are not HTTP is 502 with the reason; no
 * answer within `upstreamTimeoutMs` is 504 (an informational 100 alone does not count as an answer). Calls share at
 * most `maxSockets` connections to the upstream; the rest wait their turn inside the same timeout. The server holds
 * the client limits of server/client-limits.ts (header and request timeouts, connections per peer and in all).
 * @param options upstream URL, static directory, trusted hosts, logger, timeout, sockets
 * @returns the unlistened server, the upstream origin and `close()`
 * @throws Error for an invalid upstream URL (see {@link parseDshUrl})
 */
export function createDshProxyServer(options: DshProxyOptions): DshProxyServer {
  const upstream = parseDshUrl(options.upstream);
  const logger: ServerLogger = options.logger ?? { warn: (m) => console.warn(m), error: (m, e) => console.error(m, e ?? '') };
  const fence = createTrustFence({ trustedHosts: options.trustedHosts ?? [], bindIsLoopback: options.bindIsLoopback ?? true });
  const serveStatic = createStaticHandler(options.staticDir === undefined ? undefined : path.resolve(options.staticDir), logger);
  const timeoutMs = options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const maxSockets = options.maxSockets ?? UPSTREAM_MAX_SOCKETS;
  const limits: ClientLimits = { ...defaultClientLimits(), ...options.limits };
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: Math.min(maxSockets, 8) });
  const proxy = createProxyServer({ target: upstream.origin, agent, selfHandleResponse: true });
  const calls = new WeakMap<http.IncomingMessage, Call>();
  const tunnels = new Set<Duplex>();
  const timeoutText = `gateway timeout: the dsh host did not answer within ${timeoutMs / 1000} s`;

  /** End a call with a plain-text answer (or cut it when its answer has begun), once; the upstream request is dropped. */
  function fail(req: http.IncomingMessage, res: http.ServerResponse, status: number, text: string): void {
    const call = calls.get(req);
    if (call?.done) return;
    if (call) {
      call.done = true;
      clearTimeout(call.timer);
      call.proxyReq?.destroy();
    }
    logger.warn(`ui-plan: ${req.method} ${String(req.url).slice(0, 200)} → ${upstream.origin}: ${text}`);
    if (res.headersSent) return void res.destroy();
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    res.end(text);
  }

  function forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!fence.check(req).ok) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end('forbidden');
      return;
    }
    if (!isLoopbackAddress(req.socket.remoteAddress)) return refuseRemotePeer(res);
    const call: Call = { done: false };
    calls.set(req, call);
    call.timer = setTimeout(() => fail(req, res, 504, timeoutText), timeoutMs);
    res.once('close', () => {
      clearTimeout(call.timer);
      if (!call.done) call.proxyReq?.destroy();
      call.done = true;
    });
    req.headers = upstreamHeaders(req.headers, upstream, false) as http.IncomingHttpHeaders;
    proxy.web(req, res, {}, (error) => fail(req, res, 502, upstreamFailureText(error)));
  }

  // The upstream request exists once it has a socket (a call may wait for one while `maxSockets` are busy).
  proxy.on('proxyReq', (proxyReq, req, res) => {
    const call = calls.get(req);
    if (call === undefined || call.done) return void proxyReq.destroy();
    call.proxyReq = proxyReq;
    // The body of an answer may not stall longer than the timeout either.
    proxyReq.setTimeout(timeoutMs, () => fail(req, res, 504, timeoutText));
    proxyReq.on('upgrade', (_answer, socket: Duplex) => {
      socket.destroy();
      fail(req, res, 502, 'bad gateway: the dsh host switched protocols (101) on a request that was not an upgrade');
    });
  });

  proxy.on('proxyRes', (answer, req, res) => {
    const call = calls.get(req);
    if (call === undefined || call.done) return void answer.resume();
    if (!isFinalStatus(answer.statusCode)) {
      answer.resume();
      return fail(req, res, 502, `bad gateway: the dsh host answered with an invalid status (${answer.statusCode})`);
    }
    clearTimeout(call.timer);
    try {
      res.writeHead(answer.statusCode, downstreamHeaders(answer.headers));
    } catch (error) {
      answer.resume();
      return fail(req, res, 502, `bad gateway: the dsh host sent headers that cannot be passed on (${(error as { code?: string }).code ?? 'invalid'})`);
    }
    call.done = true;
    answer.on('error', () => res.destroy());
    answer.on('aborted', () => res.destroy());
    answer.pipe(res);
  });

  const server = http.createServer({ connectionsCheckingInterval: checkingIntervalOf(limits) }, (req, res) => {
    try {
      const pathname = pathnameOf(req.url);
      if (pathname === undefined) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request');
        return;
      }
      if (pathname !== '/api' && !pathname.startsWith('/api/')) {
        if (fence.checkStatic(req).ok) {
          if (isLoopbackAddress(req.socket.remoteAddress)) serveStatic(req, res);
          else refuseRemotePeer(res);
        } else res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end('forbidden');
      } else forward(req, res);
    } catch (error) {
      logger.error(`ui-plan: ${req.method} ${String(req.url).slice(0, 200)} crashed`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('internal server error');
      else res.destroy();
    }
  });
  applyServerTimeouts(server, limits);
  guardConnections(server, limits);

  /** End an upgrade with a plain HTTP answer, once; the upstream request is dropped. */
  function refuse(req: http.IncomingMessage, socket: Duplex, status: string, text: string): void {
    const call = calls.get(req);
    if (call?.done) return;
    if (call) {
      call.done = true;
      clearTimeout(call.timer);
    }
    logger.warn(`ui-plan: upgrade ${String(req.url).slice(0, 200)} → ${upstream.origin}: ${text}`);
    refuseUpgrade(socket, status, text);
    call?.proxyReq?.destroy();
  }

  function tunnel(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    const call: Call = { done: false };
    calls.set(req, call);
    call.timer = setTimeout(() => refuse(req, socket, '504 Gateway Timeout', timeoutText), timeoutMs);
    socket.once('close', () => {
      clearTimeout(call.timer);
      tunnels.delete(socket);
    });
    req.headers = upstreamHeaders(req.headers, upstream, true) as http.IncomingHttpHeaders;
    // A WebSocket holds its upstream connection for as long as it lives: its own, not one of the calls' sockets.
    proxy.ws(req, socket, head, { agent: false }, (error) => refuse(req, socket, '502 Bad Gateway', upstreamFailureText(error)));
  }

  proxy.on('proxyReqWs', (proxyReq, req, socket) => {
    const call = calls.get(req);
    if (call === undefined || call.done) return void proxyReq.destroy();
    call.proxyReq = proxyReq;
    proxyReq.prependListener('upgrade', () => {
      call.done = true;
      clearTimeout(call.timer);
      tunnels.add(socket);
    });
    // A refusal is passed on by the library with the upstream's status; one that is not a valid final status
    // becomes 502, so the browser always reads a valid answer.
    proxyReq.prependListener('response', (answer: http.IncomingMessage) => {
      call.done = true;
      clearTimeout(call.timer);
      if (!isFinalStatus(answer.statusCode)) {
        logger.warn(`ui-plan: upgrade ${String(req.url).slice(0, 200)} → ${upstream.origin}: invalid status (${answer.statusCode})`);
        answer.statusCode = 502;
        answer.statusMessage = 'Bad Gateway';
      }
    });
  });
  // Errors of the browser's socket reach here; each call's own callback answers it.
  proxy.on('error', () => {});

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    guardUpgrade(
      req,
      socket,
      fence,
      [MUX_PATH, HOST_PATH],
      () => tunnel(req, socket, head),
      logger,
      () => (isLoopbackAddress(req.socket.remoteAddress) ? { ok: true } : { ok: false, status: 401 }),
    );
  });

  let closing: Promise<void> | undefined;
  return {
    server,
    upstream: upstream.origin,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const socket of tunnels) socket.destroy();
        tunnels.clear();
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      });
      return closing;
    },
  };
}
