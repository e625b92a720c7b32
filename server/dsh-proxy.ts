/**
 * `ui-plan serve --dsh <url>`: serve the built SPA and put a real DeepSeek Harness web host (`dsh web`) behind
 * `/api` — every unary call and both WebSocket downlinks are proxied byte for byte, nothing else. Our own trust
 * fence runs first; then `Host` (and `Origin`, when the browser sent one) are rewritten to the upstream
 * authority so the upstream fence, which wants a same-origin request (docs/protocol.md "Trust fence",
 * docs/protocol.md "Trust fence"), accepts them. No reference harness is started and no frame is changed.
 */
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { guardUpgrade, HOST_PATH, MUX_PATH, pathnameOf, refuseUpgrade, type ServerLogger } from './http.ts';
import { createStaticHandler } from './static.ts';
import { createTrustFence } from './trust-fence.ts';

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
}

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

function badGateway(res: http.ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end('bad gateway: the dsh host did not answer');
}

/**
 * Build the `--dsh` server. Routes: `/api` and `/api/*` (any verb) → the upstream, after our fence (403);
 * WebSocket upgrades of `/api/events.mux` and `/api/events.host` → the upstream (other upgrade paths 404); every
 * other path → the SPA from `staticDir`. An unreachable upstream is 502 (HTTP and upgrade); an upstream refusal of
 * an upgrade is passed on with its status.
 * @param options upstream URL, static directory, trusted hosts, logger
 * @returns the unlistened server, the upstream origin and `close()`
 * @throws Error for an invalid upstream URL (see {@link parseDshUrl})
 */
export function createDshProxyServer(options: DshProxyOptions): DshProxyServer {
  const upstream = parseDshUrl(options.upstream);
  const logger: ServerLogger = options.logger ?? { warn: (m) => console.warn(m), error: (m, e) => console.error(m, e ?? '') };
  const fence = createTrustFence({ trustedHosts: options.trustedHosts ?? [], bindIsLoopback: options.bindIsLoopback ?? true });
  const serveStatic = createStaticHandler(options.staticDir === undefined ? undefined : path.resolve(options.staticDir), logger);
  const agent = new http.Agent({ keepAlive: true });
  const tunnels = new Set<Duplex>();
  const target = { hostname: upstream.hostname.replace(/^\[|\]$/g, ''), port: Number(upstream.port || 80) };

  function proxy(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): void {
    if (!fence.check(req).ok) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end('forbidden');
      return;
    }
    const out = http.request({ ...target, agent, method: req.method, path: req.url, headers: upstreamHeaders(req.headers, upstream, false) });
    out.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, downstreamHeaders(answer.headers));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    out.on('error', (error) => {
      logger.warn(`ui-plan: ${req.method} ${pathname} → ${upstream.origin} failed: ${error.message}`);
      badGateway(res);
    });
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    req.pipe(out);
  }

  const server = http.createServer((req, res) => {
    try {
      const pathname = pathnameOf(req.url);
      if (pathname === undefined) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request');
        return;
      }
      if (pathname !== '/api' && !pathname.startsWith('/api/')) {
        if (fence.checkStatic(req).ok) serveStatic(req, res);
        else res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end('forbidden');
      } else proxy(req, res, pathname);
    } catch (error) {
      logger.error(`ui-plan: ${req.method} ${String(req.url).slice(0, 200)} crashed`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('internal server error');
      else res.destroy();
    }
  });

  function tunnel(req: http.IncomingMessage, socket: Duplex, head: Buffer, pathname: string): void {
    const out = http.request({ ...target, method: 'GET', path: req.url, headers: upstreamHeaders(req.headers, upstream, true) });
    out.on('upgrade', (answer, upSocket, upHead) => {
      const lines = [`HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upHead.length > 0) socket.write(upHead);
      if (head.length > 0) upSocket.write(head);
      tunnels.add(socket);
      tunnels.add(upSocket);
      const end = (): void => {
        tunnels.delete(socket);
        tunnels.delete(upSocket);
        socket.destroy();
        upSocket.destroy();
      };
      upSocket.on('error', end);
      upSocket.on('close', end);
      socket.on('close', end);
      upSocket.pipe(socket);
      socket.pipe(upSocket);
    });
    out.on('response', (answer) => {
      answer.resume();
      refuseUpgrade(
        socket,
        `${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}`.trim(),
        answer.statusCode === 403 ? 'forbidden' : 'refused by the dsh host',
      );
    });
    out.on('error', (error) => {
      logger.warn(`ui-plan: upgrade ${pathname} → ${upstream.origin} failed: ${error.message}`);
      refuseUpgrade(socket, '502 Bad Gateway', 'bad gateway: the dsh host did not answer');
    });
    out.end();
  }

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    guardUpgrade(req, socket, fence, [MUX_PATH, HOST_PATH], (pathname) => tunnel(req, socket, head, pathname), logger);
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
