/**
 * Node carrier for the dsh web transport (docs/protocol.md): `POST /api/<method>`, `POST /api/respond`, the
 * two WebSocket downlinks, the trust fence (server/trust-fence.ts), and the built SPA (server/static.ts). Thin by
 * rule: it checks the fence and the carrier rules (carrier/rules.ts), then hands the parsed body to the `Harness`;
 * every envelope, payload and business rule lives in the engine (docs/style.md "Thin adapters"). Robust by rule: a
 * request or upgrade of any shape gets an HTTP answer, a crash in a handler is logged and answered with 500, and
 * the server keeps serving.
 */
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import {
  CARRIER_TEXTS,
  HOST_PATH,
  JSON_HEADERS,
  MUX_PATH,
  parseJsonBody,
  PLAIN_TEXT_HEADERS,
  refusalHeaders,
  routeApiRequest,
  statusOfAnswer,
  statusOfReceipt,
  tooLargeRefusal,
  type CarrierRefusal,
} from '../carrier/rules.ts';
import { MAX_BODY_BYTES } from '../carrier/limits.ts';
import { isSessionLogPath, sessionLogAnswer } from '../carrier/session-log-route.ts';
import type { FrameSink, Harness } from '../harness/types.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { createStaticHandler, NOT_BUILT_HTML } from './static.ts';
import { createTrustFence, type TrustFence } from './trust-fence.ts';

/** Served at `/` when there is no built SPA (server/static.ts). */
export { NOT_BUILT_HTML };
/** Largest accepted request body, in bytes (docs/protocol.md "Unary calls": 1 MiB; `session.import` takes more, carrier/limits.ts). */
export { MAX_BODY_BYTES };
/** Keepalive ping period of the downlinks, in ms. */
export const PING_INTERVAL_MS = 30_000;
/** Paths of the mux and host downlinks (docs/protocol.md "Downlink"; carrier/rules.ts). */
export { HOST_PATH, MUX_PATH };

/** Where the server reports crashes and refused upgrades. */
export interface ServerLogger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Options of {@link createUiPlanServer}. */
export interface UiPlanServerOptions {
  /** The harness every `/api` call is handed to. The server never closes it. */
  harness: Harness;
  /** Directory of the built SPA (`dist/`); absent or without `index.html`: `/` explains how to build it. */
  staticDir?: string;
  /** Extra Host names (without port) accepted by the trust fence, e.g. a LAN name; compared case-insensitively. */
  trustedHosts?: string[];
  /**
   * Whether the server listens on loopback only (default true). A non-loopback bind believes a loopback `Host`
   * only from a loopback peer and needs a trusted host name (server/trust-fence.ts).
   */
  bindIsLoopback?: boolean;
  logger?: ServerLogger;
  /** Keepalive ping period in ms (tests shorten it). Default {@link PING_INTERVAL_MS}. */
  pingIntervalMs?: number;
}

/** A running server: the `http.Server` (call `listen` on it) and a `close` that ends every socket. */
export interface UiPlanServer {
  server: http.Server;
  close(): Promise<void>;
}

function sendText(res: http.ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...PLAIN_TEXT_HEADERS, ...extra });
  res.end(text);
}

function sendRefusal(res: http.ServerResponse, refusal: CarrierRefusal): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(refusal.status, refusalHeaders(refusal));
  res.end(refusal.text);
}

function sendJson(res: http.ServerResponse, value: unknown, status = 200): void {
  res.writeHead(status, JSON_HEADERS);
  res.end(JSON.stringify(value));
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
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}

/**
 * Answer a WebSocket upgrade with a plain HTTP error and close the socket.
 * @param socket the upgrade's socket
 * @param status status line tail, e.g. `403 Forbidden`
 * @param text body text
 */
export function refuseUpgrade(socket: Duplex, status: string, text: string): void {
  if (socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const line = status.replace(/[\r\n]/g, ' ');
  socket.end(
    `HTTP/1.1 ${line}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    () => socket.destroy(),
  );
}

/**
 * The path of a request target, or `undefined` when `new URL()` rejects it (the caller answers 400).
 * @param url `req.url` as received
 */
export function pathnameOf(url: string | undefined): string | undefined {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/** Default logger: the console. */
const consoleLogger: ServerLogger = { warn: (m) => console.warn(m), error: (m, e) => console.error(m, e ?? '') };

/**
 * Guard an upgrade: URL parsed first (400), then the trust fence for every path (403), then the path (404); any
 * throw on the way, or in `accept`, is logged and answered with 500 on the socket.
 * @param req the upgrade request
 * @param socket its socket (an error on it destroys it, never the process)
 * @param fence the server's fence
 * @param paths upgrade paths that exist
 * @param accept called with the parsed path once the upgrade may proceed
 * @param logger where crashes go
 */
export function guardUpgrade(
  req: http.IncomingMessage,
  socket: Duplex,
  fence: TrustFence,
  paths: readonly string[],
  accept: (pathname: string) => void,
  logger: ServerLogger,
): void {
  socket.on('error', () => socket.destroy());
  try {
    const pathname = pathnameOf(req.url);
    if (pathname === undefined) return refuseUpgrade(socket, '400 Bad Request', 'bad request');
    if (!fence.check(req).ok) return refuseUpgrade(socket, '403 Forbidden', 'forbidden');
    if (!paths.includes(pathname)) return refuseUpgrade(socket, '404 Not Found', 'not found');
    accept(pathname);
  } catch (error) {
    logger.error(`ui-plan: upgrade ${String(req.url).slice(0, 200)} crashed`, error);
    refuseUpgrade(socket, '500 Internal Server Error', 'internal server error');
  }
}

/**
 * Build the ui-plan HTTP server over a `Harness`. Routes (docs/protocol.md): `POST /api/respond` →
 * `harness.handleRespond`; `GET /api/sessions/<id>/log.jsonl` → the stored log (carrier/session-log-route.ts);
 * `POST /api/<method>` (method may contain `/`) → `harness.handleRequest`; WebSocket
 * `/api/events.mux` / `/api/events.host` → `host.openMux` / `host.openHostStream`; other GETs → the SPA.
 * Carrier answers: 403 fence, 404 unknown path, 405 wrong verb, 413 body over its path's limit (`bodyLimitOf`:
 * {@link MAX_BODY_BYTES}, 32 MiB for `session.import`),
 * 415 content type, 400 a URL `new URL()` rejects or a body nested too deeply or not JSON (carrier/rules.ts), 426 downlink
 * without upgrade, 500 handler crash (logged; the server keeps serving). Upgrades: 400 bad URL, then 403 fence, then
 * 404 path. Static paths: server/static.ts.
 * @param options the host, static directory, trusted host names, logger
 * @returns the unlistened server and a `close()` that ends sockets and stops listening (the harness stays open)
 */
export function createUiPlanServer(options: UiPlanServerOptions): UiPlanServer {
  const { harness } = options;
  const logger: ServerLogger = options.logger ?? consoleLogger;
  const fence = createTrustFence({ trustedHosts: options.trustedHosts ?? [], bindIsLoopback: options.bindIsLoopback ?? true });
  const serveStatic = createStaticHandler(options.staticDir === undefined ? undefined : path.resolve(options.staticDir), logger);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();
  // The harness hands every client of one frame the same frame object back to back: encode its text to UTF-8 once and
  // write that Buffer to each socket (ws frames a Buffer without copying it on the server side).
  let lastFrame: ServerRequest | undefined;
  let lastBytes: Buffer = Buffer.alloc(0);
  const bytesOf = (frame: ServerRequest, text: string): Buffer => {
    if (frame !== lastFrame) {
      lastFrame = frame;
      lastBytes = Buffer.from(text, 'utf8');
    }
    return lastBytes;
  };

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    if (!fence.check(req).ok) return sendText(res, 403, CARRIER_TEXTS.forbidden);
    if (isSessionLogPath(pathname)) {
      const answer = sessionLogAnswer((id) => harness.sessionLog?.(id), req.method ?? 'GET', pathname);
      res.writeHead(answer.status, answer.headers);
      return void res.end(answer.body);
    }
    const routed = routeApiRequest({ verb: req.method ?? '', pathname, contentType: req.headers['content-type'] }, (name) => harness.hasMethod(name));
    if (!routed.ok) return sendRefusal(res, routed.refusal);
    const { route } = routed;
    const body = await readBody(req, route.limit);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too-large') return sendRefusal(res, tooLargeRefusal(route.limit));
    const parsed = parseJsonBody(body.text);
    if (!parsed.ok) return sendRefusal(res, parsed.refusal);
    if (route.kind === 'respond') {
      const receipt = await harness.handleRespond(parsed.body);
      return sendJson(res, receipt, statusOfReceipt(receipt));
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const answer = await harness.handleRequest(route.method, parsed.body, abort.signal);
    sendJson(res, answer, statusOfAnswer(answer));
  }

  const server = http.createServer((req, res) => {
    const crashed = (error: unknown): void => {
      logger.error(`ui-plan: ${req.method} ${String(req.url).slice(0, 200)} crashed`, error);
      if (!res.headersSent) sendText(res, 500, CARRIER_TEXTS.internal);
      else if (!res.writableEnded) res.destroy();
    };
    try {
      const pathname = pathnameOf(req.url);
      if (pathname === undefined) return sendText(res, 400, CARRIER_TEXTS.badRequest);
      if (pathname === '/api' || pathname.startsWith('/api/')) handleApi(req, res, pathname).catch(crashed);
      else if (!fence.checkStatic(req).ok) sendText(res, 403, CARRIER_TEXTS.forbidden);
      else serveStatic(req, res);
    } catch (error) {
      crashed(error);
    }
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    guardUpgrade(req, socket, fence, [MUX_PATH, HOST_PATH], (pathname) => attach(req, socket, head, pathname), logger);
  });

  function attach(req: http.IncomingMessage, socket: Duplex, head: Buffer, pathname: string): void {
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      const send: FrameSink = (frame, text) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(bytesOf(frame, text), { binary: false });
      };
      let detach: (() => void) | undefined;
      ws.on('message', () => ws.close(1008, 'clients do not send on this socket'));
      ws.on('close', () => {
        detach?.();
        detach = undefined;
      });
      ws.on('error', () => ws.terminate());
      try {
        detach = pathname === MUX_PATH ? harness.openMux(send) : harness.openHostStream(send);
      } catch (error) {
        logger.error(`ui-plan: attaching ${pathname} failed`, error);
        ws.close(1011, 'internal error');
      }
      if (ws.readyState !== WebSocket.OPEN) {
        detach?.();
        detach = undefined;
      }
    });
  }

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
