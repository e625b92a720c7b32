/**
 * Node carrier for the dsh web transport (PROTOCOL.md): `POST /api/<method>`, `POST /api/respond`, the
 * two WebSocket downlinks, the trust fence, and static serving of the built SPA. Thin by rule: it checks
 * content type, size, JSON and the fence, then hands the parsed body to the `Host`; every envelope,
 * payload and business rule lives in the engine (STYLE.md "Thin adapters").
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import { bodyLimitOf, MAX_BODY_BYTES, tooLargeText } from '../harness/limits.ts';
import type { Host } from '../harness/types.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';

/** Largest accepted request body, in bytes (PROTOCOL.md "Unary calls": 1 MiB; `session.import` takes more, harness/limits.ts). */
export { MAX_BODY_BYTES };
/** Keepalive ping period of the downlinks, in ms. */
export const PING_INTERVAL_MS = 30_000;
/** Path of the mux downlink: session frames of every attached session (PROTOCOL.md "Downlink"). */
export const MUX_PATH = '/api/events.mux';
/** Path of the host downlink: host frames (PROTOCOL.md "Downlink"). */
export const HOST_PATH = '/api/events.host';

/** Where the server reports crashes and refused upgrades. */
export interface ServerLogger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Options of {@link createUiPlanServer}. */
export interface UiPlanServerOptions {
  /** The engine every `/api` call is handed to. The server never closes it. */
  host: Host;
  /** Directory of the built SPA (`dist/`); absent or without `index.html`: `/` explains how to build it. */
  staticDir?: string;
  /** Extra Host names (without port) accepted by the trust fence, e.g. a LAN name; compared case-insensitively. */
  trustedHosts?: string[];
  logger?: ServerLogger;
  /** Keepalive ping period in ms (tests shorten it). Default {@link PING_INTERVAL_MS}. */
  pingIntervalMs?: number;
}

/** A running server: the `http.Server` (call `listen` on it) and a `close` that ends every socket. */
export interface UiPlanServer {
  server: http.Server;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostnameOf(authority: string): string {
  const bracket = /^(\[[^\]]*\])(?::\d*)?$/.exec(authority);
  if (bracket) return bracket[1] ?? '';
  const colon = authority.lastIndexOf(':');
  return (colon === -1 ? authority : authority.slice(0, colon)).toLowerCase();
}

/**
 * The trust fence (PROTOCOL.md "Trust fence", captures in spec/dsh-frames/trust-fence.txt): the `Host`
 * must be loopback (`127.0.0.1`, `localhost`, `[::1]`, any port) or a trusted name; an `Origin`, when
 * present, must equal `http://<Host>` exactly; `Sec-Fetch-Site: cross-site` is refused.
 * @param headers the request headers
 * @param trustedHosts extra accepted host names (lower case, no port)
 * @returns true when the request may pass
 */
export function passesTrustFence(headers: http.IncomingHttpHeaders, trustedHosts: ReadonlySet<string>): boolean {
  const authority = headers.host;
  if (!authority) return false;
  const name = hostnameOf(authority.toLowerCase());
  if (!LOOPBACK.has(name) && !trustedHosts.has(name)) return false;
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${authority}`) return false;
  if (headers['sec-fetch-site']?.toLowerCase() === 'cross-site') return false;
  return true;
}

function sendText(res: http.ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra });
  res.end(text);
}

function sendJson(res: http.ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(value));
}

function isJsonContentType(value: string | undefined): boolean {
  return value !== undefined && value.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

type BodyResult = { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Read a request body up to `limit` bytes; an oversized body is drained (bounded: up to 64 MiB past a 1 MiB limit,
 * twice the limit beyond) so the 413 reaches the client.
 */
function readBody(req: http.IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    const drainUpTo = Math.max(64 * MAX_BODY_BYTES, 2 * limit);
    let size = 0;
    let over = declared > limit;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
      else if (size > drainUpTo) req.destroy();
    });
    req.on('end', () => resolve(over ? { kind: 'too-large' } : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => { if (!req.complete) resolve({ kind: 'aborted' }); });
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Served at `/` when there is no built SPA. */
export const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ui-plan</title></head>
<body><h1>ui-plan</h1><p>The web app is not built yet. Run <code>npm run build</code>, then restart <code>ui-plan serve</code>.</p>
<p>The API is up at <code>/api</code>.</p></body></html>
`;

/**
 * Serve the built SPA: GET/HEAD only (405 otherwise); a file under `root`, `index.html` for extension-less
 * client routes, 404 for a missing asset, 403 for `..`, NUL or backslash; {@link NOT_BUILT_HTML} at `/` when
 * `root` has no `index.html`. Assets under `assets/` are cached as immutable.
 * @param req the request
 * @param res the response
 * @param root absolute directory of the build, or `undefined`
 * @param pathname the raw (un-normalised) request path
 */
export function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, root: string | undefined, pathname: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
    return;
  }
  const index = root === undefined ? undefined : path.join(root, 'index.html');
  if (root === undefined || index === undefined || !fs.existsSync(index)) {
    if (pathname === '/' || pathname === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : NOT_BUILT_HTML);
    } else {
      sendText(res, 404, 'not found');
    }
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    sendText(res, 400, 'bad path');
    return;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) {
    sendText(res, 403, 'forbidden');
    return;
  }
  const file = path.resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(root + path.sep)) {
    sendText(res, 403, 'forbidden');
    return;
  }
  let target = file;
  let stat = fs.statSync(target, { throwIfNoEntry: false });
  if (stat?.isDirectory()) {
    target = path.join(target, 'index.html');
    stat = fs.statSync(target, { throwIfNoEntry: false });
  }
  if (!stat?.isFile()) {
    // SPA fallback: client routes have no extension; a missing asset stays a 404.
    if (path.extname(decoded) !== '') {
      sendText(res, 404, 'not found');
      return;
    }
    target = index;
    stat = fs.statSync(target);
  }
  const ext = path.extname(target).toLowerCase();
  const immutable = target.startsWith(path.join(root, 'assets') + path.sep);
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
    'content-length': String(stat.size),
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  fs.createReadStream(target).on('error', () => res.destroy()).pipe(res);
}

/**
 * Answer a WebSocket upgrade with a plain HTTP error and close the socket.
 * @param socket the upgrade's socket
 * @param status status line tail, e.g. `403 Forbidden`
 * @param text body text
 */
export function refuseUpgrade(socket: Duplex, status: string, text: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  socket.destroy();
}

/**
 * Build the ui-plan HTTP server over a `Host`. Routes (PROTOCOL.md): `POST /api/respond` →
 * `host.handleRespond`; `POST /api/<method>` (method may contain `/`) → `host.handleRequest`; WebSocket
 * `/api/events.mux` / `/api/events.host` → `host.openMux` / `host.openHostStream`; other GETs → the SPA.
 * Carrier answers: 403 fence, 404 unknown path, 405 wrong verb, 413 body over its path's limit (`bodyLimitOf`:
 * {@link MAX_BODY_BYTES}, 32 MiB for `session.import`),
 * 415 content type, 400 body not JSON, 426 downlink without upgrade, 500 handler crash.
 * @param options the host, static directory, trusted host names, logger
 * @returns the unlistened server and a `close()` that ends sockets and stops listening (the host stays open)
 */
export function createUiPlanServer(options: UiPlanServerOptions): UiPlanServer {
  const { host } = options;
  const logger: ServerLogger = options.logger ?? {
    warn: (m) => console.warn(m),
    error: (m, e) => console.error(m, e ?? ''),
  };
  const trusted = new Set((options.trustedHosts ?? []).map((h) => h.toLowerCase()));
  const staticDir = options.staticDir === undefined ? undefined : path.resolve(options.staticDir);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    if (!passesTrustFence(req.headers, trusted)) return sendText(res, 403, 'forbidden');
    if (pathname === MUX_PATH || pathname === HOST_PATH) return sendText(res, 426, 'upgrade required', { upgrade: 'websocket' });
    const method = pathname.slice('/api/'.length);
    const isRespond = method === 'respond';
    if (!isRespond && !host.hasMethod(method)) return sendText(res, 404, 'not found');
    if (req.method !== 'POST') return sendText(res, 405, 'method not allowed', { allow: 'POST' });
    if (!isJsonContentType(req.headers['content-type'])) return sendText(res, 415, 'content type must be application/json');
    const limit = bodyLimitOf(method);
    const body = await readBody(req, limit);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too-large') return sendText(res, 413, tooLargeText(limit), { connection: 'close' });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      return sendText(res, 400, 'body is not JSON');
    }
    if (isRespond) return sendJson(res, host.handleRespond(parsed));
    const abort = new AbortController();
    res.on('close', () => { if (!res.writableFinished) abort.abort(); });
    sendJson(res, await host.handleRequest(method, parsed, abort.signal));
  }

  const server = http.createServer((req, res) => {
    let pathname: string;
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      sendText(res, 400, 'bad request');
      return;
    }
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // Static paths are checked un-normalised, so a `..` in the request is refused rather than resolved away.
    const target = (req.url ?? '/').split('?')[0] ?? '/';
    const rawPath = target.startsWith('/') ? target : pathname;
    const work = isApi ? handleApi(req, res, pathname) : Promise.resolve(serveStatic(req, res, staticDir, rawPath));
    work.catch((error: unknown) => {
      logger.error(`ui-plan: ${req.method} ${pathname} crashed`, error);
      if (!res.writableEnded) sendText(res, 500, 'internal server error');
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== MUX_PATH && pathname !== HOST_PATH) return refuseUpgrade(socket, '404 Not Found', 'not found');
    if (!passesTrustFence(req.headers, trusted)) return refuseUpgrade(socket, '403 Forbidden', 'forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      const send = (frame: ServerRequest): void => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
      };
      let detach: (() => void) | undefined;
      ws.on('message', () => ws.close(1008, 'clients do not send on this socket'));
      ws.on('close', () => { detach?.(); detach = undefined; });
      ws.on('error', () => ws.terminate());
      try {
        detach = pathname === MUX_PATH ? host.openMux(send) : host.openHostStream(send);
      } catch (error) {
        logger.error(`ui-plan: attaching ${pathname} failed`, error);
        ws.close(1011, 'internal error');
      }
      if (ws.readyState !== WebSocket.OPEN) { detach?.(); detach = undefined; }
    });
  });

  const ping = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, options.pingIntervalMs ?? PING_INTERVAL_MS);
  ping.unref();

  async function close(): Promise<void> {
    clearInterval(ping);
    for (const ws of wss.clients) ws.close(1001, 'server shutting down');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    setTimeout(() => {
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
    }, 1000).unref();
    await closed;
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  return { server, close };
}
