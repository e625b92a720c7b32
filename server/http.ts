/**
 * Node carrier for the dsh web transport (docs/protocol.md): `POST /api/<method>`, `POST /api/respond`, the
 * two WebSocket downlinks, the trust fence (server/trust-fence.ts), and the built SPA (server/static.ts). Thin by
 * rule: it checks the fence and the carrier rules (carrier/rules.ts), then hands the parsed body to the `Harness`;
 * every envelope, payload and business rule lives in the engine (docs/style.md "Thin adapters"). Robust by rule: a
 * request or upgrade of any shape gets an HTTP answer, a crash in a handler is logged and answered with 500, and
 * the server keeps serving.
 */
import http from 'node:http';
import https from 'node:https';
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
  type ApiRoute,
  isApiPath,
  type CarrierRefusal,
} from '../carrier/rules.ts';
import { IMPORT_STREAM_BODY_LIMIT, importStreamRefusal, isImportStreamPath, statusOfImportStream } from '../carrier/import-stream-route.ts';
import { isSessionLogPath, sessionLogAnswer } from '../carrier/session-log-route.ts';
import { importRefusalText } from '../harness/parts/import.ts';
import type { FrameSink, Harness } from '../harness/types.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { MAX_IMPORT_JSONL_CHARS } from '../src/core/protocol/methods.ts';
import {
  applyServerTimeouts,
  checkingIntervalOf,
  createBodyBudget,
  defaultClientLimits,
  guardConnections,
  LIMIT_TEXTS,
  watchSlowConsumer,
  type BodyBudget,
  type ClientLimits,
} from './client-limits.ts';
import { createJsonStringScanner } from './json-string-scan.ts';
import { createRemoteAccess, PAIRING_BODY_LIMIT, type GateDecision, type RemoteAccess } from './remote-access.ts';
import { createStaticHandler, NOT_BUILT_HTML } from './static.ts';
import { createTrustFence, type TrustFence } from './trust-fence.ts';

/** Served at `/` when there is no built SPA (server/static.ts). */
export { NOT_BUILT_HTML };
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
  /** Limits against slow, idle and greedy clients, each defaulting to `defaultClientLimits()` (server/client-limits.ts). */
  limits?: Partial<ClientLimits>;
  /**
   * Who may use this listener beyond this machine (server/remote-access.ts). Default: no pairing, so every
   * non-loopback peer gets 401 (a LAN bind never serves an unauthenticated peer).
   */
  access?: RemoteAccess;
  /** Serve HTTPS with this certificate and key (PEM); the fence then expects `https://` origins. */
  tls?: { cert: string; key: string };
  /**
   * The `--remote` listener's own address (an IP literal): then `Host` there must be `<address>:<port>` (the port it
   * listens on) or a trusted name, and loopback names are not accepted (server/trust-fence.ts).
   */
  remoteAddress?: string;
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

type BodyResult =
  { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'string-too-long' } | { kind: 'busy' } | { kind: 'slow' } | { kind: 'aborted' };

/**
 * Read a request body within the limits: over `limit` bytes it is refused from its `Content-Length` before a byte is
 * read, or as soon as the bytes received pass it (no `Content-Length`); beyond the request's allowance its bytes come
 * out of the shared budget (`busy` when that is spent); a pause longer than `bodyIdleTimeoutMs` ends it (`slow`); with
 * `maxStringChars`, a JSON string longer than that ends it as soon as its characters arrived (`string-too-long`).
 * @returns the result and `release`, which gives the body's share of the budget back (call it once the body is done
 *   with; it is already given back for every result but `ok`)
 */
function readBody(
  req: http.IncomingMessage,
  limit: number,
  budget: BodyBudget,
  limits: ClientLimits,
  maxStringChars?: number,
): Promise<{ result: BodyResult; release: () => void }> {
  return new Promise((resolve) => {
    const strings = maxStringChars === undefined ? undefined : createJsonStringScanner(maxStringChars);
    let taken = 0;
    const release = (): void => {
      budget.give(taken);
      taken = 0;
    };
    /** Take from the budget what a body of `total` bytes needs beyond the allowance and what is taken already. */
    const draw = (total: number): boolean => {
      const need = Math.max(0, total - limits.bodyAllowanceBytes) - taken;
      if (need <= 0) return true;
      if (!budget.take(need)) return false;
      taken += need;
      return true;
    };
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const idle = setTimeout(() => finish({ kind: 'slow' }), limits.bodyIdleTimeoutMs);
    const finish = (result: BodyResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      req.off('data', onData);
      if (result.kind !== 'ok') {
        chunks.length = 0;
        release();
      }
      resolve({ result, release });
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) return finish({ kind: 'too-large' });
      if (!draw(size)) return finish({ kind: 'busy' });
      if (strings?.push(chunk)) return finish({ kind: 'string-too-long' });
      chunks.push(chunk);
      idle.refresh();
    };
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > limit) return finish({ kind: 'too-large' });
    if (Number.isFinite(declared) && !draw(declared)) return finish({ kind: 'busy' });
    req.on('data', onData);
    req.on('end', () => finish({ kind: 'ok', text: Buffer.concat(chunks, size).toString('utf8') }));
    req.on('error', () => finish({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) finish({ kind: 'aborted' });
    });
  });
}

/** Why a streamed body stopped before its end (see {@link streamBody}). */
class BodyStopped extends Error {
  readonly kind: 'too-large' | 'busy' | 'slow' | 'aborted';
  constructor(kind: BodyStopped['kind']) {
    super(`request body stopped: ${kind}`);
    this.name = 'BodyStopped';
    this.kind = kind;
  }
}

/** Chunks queued beyond this pause the socket until the reader catches up (backpressure). */
const STREAM_HIGH_WATER_CHUNKS = 16;

/**
 * A request body handed on chunk by chunk as it arrives, within the limits {@link readBody} applies (over `limit`
 * bytes, the shared budget, a pause longer than `bodyIdleTimeoutMs`): iterating `chunks` throws a
 * {@link BodyStopped} naming the limit (or `aborted` when the client went away) instead of yielding more.
 * @returns `chunks` (iterate once), `complete()` (the body was read to its end) and `dispose()`, which stops
 *   listening and gives the body's share of the budget back (call it once the body is done with)
 */
function streamBody(req: http.IncomingMessage, limit: number, budget: BodyBudget, limits: ClientLimits) {
  let taken = 0;
  const queue: Buffer[] = [];
  let size = 0;
  let ended = false;
  let stopped: BodyStopped | undefined;
  let wake: (() => void) | undefined;
  const idle = setTimeout(() => stop('slow'), limits.bodyIdleTimeoutMs);
  const detach = (): void => {
    clearTimeout(idle);
    req.off('data', onData);
    req.off('end', onEnd);
  };
  const stop = (kind: BodyStopped['kind']): void => {
    if (stopped !== undefined || ended) return;
    stopped = new BodyStopped(kind);
    queue.length = 0;
    detach();
    wake?.();
  };
  const onData = (chunk: Buffer): void => {
    size += chunk.length;
    if (size > limit) return stop('too-large');
    const need = Math.max(0, size - limits.bodyAllowanceBytes) - taken;
    if (need > 0) {
      if (!budget.take(need)) return stop('busy');
      taken += need;
    }
    queue.push(chunk);
    idle.refresh();
    if (queue.length > STREAM_HIGH_WATER_CHUNKS) req.pause();
    wake?.();
  };
  const onEnd = (): void => {
    ended = true;
    detach();
    wake?.();
  };
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) stop('too-large');
  else {
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => stop('aborted'));
    req.on('close', () => {
      if (!req.complete) stop('aborted');
    });
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (;;) {
      if (stopped !== undefined) throw stopped;
      const next = queue.shift();
      if (next !== undefined) {
        if (req.isPaused()) {
          req.resume();
          idle.refresh();
        }
        yield next;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  }
  return {
    chunks: chunks(),
    complete: () => ended && stopped === undefined,
    dispose: () => {
      detach();
      queue.length = 0;
      budget.give(taken);
      taken = 0;
    },
  };
}

/** How long a refused request's connection stays half-closed, reading and discarding what the client still sends, ms. */
const REFUSAL_LINGER_MS = 2_000;

/**
 * Refuse a request whose body was not read to its end, and close as a server must while the client may still be
 * sending (RFC 9112 §9.6, lingering close): answer with `connection: close`, then shut down only the sending side and
 * keep reading and discarding what arrives until the client closes or {@link REFUSAL_LINGER_MS} passed. Closing at
 * once with unread bytes would reset the connection, and a client still sending (a busy page, a large upload) would
 * lose the answer. Nothing the client sends afterwards is kept or waited for.
 */
function refuseBody(req: http.IncomingMessage, res: http.ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const socket = req.socket;
  // Node ends a `connection: close` exchange with destroySoon(), a full close as soon as the answer is written.
  socket.destroySoon = () => void socket.end();
  req.resume();
  sendText(res, status, text, { connection: 'close', ...extra });
  setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
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

/**
 * The authority (`Host` value) of a listener: `IP:port`, an IPv6 address in brackets.
 * @param address the IP literal it listens on
 * @param bound `server.address()` (its port is used; before listening there is none and the authority matches nothing)
 */
export function authorityOf(address: string, bound: ReturnType<http.Server['address']>): string {
  const port = typeof bound === 'object' && bound !== null ? bound.port : -1;
  return `${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/** Default logger: the console. */
const consoleLogger: ServerLogger = { warn: (m) => console.warn(m), error: (m, e) => console.error(m, e ?? '') };

/**
 * Guard an upgrade: URL parsed first (400), then the trust fence for every path (403), then the device gate (401,
 * before any 101), then the path (404); any throw on the way, or in `accept`, is logged and answered with 500 on the socket.
 * @param req the upgrade request
 * @param socket its socket (an error on it destroys it, never the process)
 * @param fence the server's fence
 * @param paths upgrade paths that exist
 * @param accept called with the parsed path (and the paired device's id, for a non-loopback peer) once the upgrade may proceed
 * @param logger where crashes go
 * @param gate the device gate (server/remote-access.ts); default: every peer passes (the caller gates otherwise)
 */
export function guardUpgrade(
  req: http.IncomingMessage,
  socket: Duplex,
  fence: TrustFence,
  paths: readonly string[],
  accept: (pathname: string, deviceId?: string) => void,
  logger: ServerLogger,
  gate: (pathname: string) => GateDecision = () => ({ ok: true }),
): void {
  socket.on('error', () => socket.destroy());
  try {
    const pathname = pathnameOf(req.url);
    if (pathname === undefined) return refuseUpgrade(socket, '400 Bad Request', 'bad request');
    if (!fence.check(req, true).ok) return refuseUpgrade(socket, '403 Forbidden', 'forbidden');
    const allowed = gate(pathname);
    if (!allowed.ok) return refuseUpgrade(socket, '401 Unauthorized', CARRIER_TEXTS.unauthorized);
    if (!paths.includes(pathname)) return refuseUpgrade(socket, '404 Not Found', 'not found');
    accept(pathname, allowed.deviceId);
  } catch (error) {
    logger.error(`ui-plan: upgrade ${String(req.url).slice(0, 200)} crashed`, error);
    refuseUpgrade(socket, '500 Internal Server Error', 'internal server error');
  }
}

/**
 * Build the ui-plan HTTP server over a `Harness`. Routes (docs/protocol.md): `POST /api/respond` →
 * `harness.handleRespond`; `GET /api/sessions/<id>/log.jsonl` → the stored log (carrier/session-log-route.ts);
 * `POST /api/sessions/import.jsonl` → `harness.importStream`, the body streamed (carrier/import-stream-route.ts);
 * `POST /api/<method>` (method may contain `/`) → `harness.handleRequest`; WebSocket
 * `/api/events.mux` / `/api/events.host` → `harness.openMux` / `harness.openHostStream`; other GETs → the SPA.
 * Carrier answers: 403 fence, 404 unknown path, 405 wrong verb, 413 body over its path's limit (`bodyLimitOf`:
 * 1 MiB (carrier/limits.ts `MAX_BODY_BYTES`), 32 MiB for `session.import`; refused from `Content-Length` before reading, carrier/limits.ts),
 * 415 content type, 400 a URL `new URL()` rejects or a body nested too deeply or not JSON (carrier/rules.ts), 426 downlink
 * without upgrade, 500 handler crash (logged; the server keeps serving). Client limits (server/client-limits.ts;
 * docs/protocol.md "Limits"): 408 a body that pauses too long, 503 a body the shared budget cannot hold or a
 * connection over the per-peer or total cap, a downlink client too far behind closed with 1013. Upgrades: 400 bad
 * URL, then 403 fence, then 404 path. Static paths: server/static.ts.
 * @param options the harness, static directory, trusted host names, logger, client limits
 * @returns the unlistened server and a `close()` that ends sockets and stops listening (the harness stays open)
 */
export function createUiPlanServer(options: UiPlanServerOptions): UiPlanServer {
  const { harness } = options;
  const logger: ServerLogger = options.logger ?? consoleLogger;
  const fence = createTrustFence({
    trustedHosts: options.trustedHosts ?? [],
    bindIsLoopback: options.bindIsLoopback ?? true,
    scheme: options.tls ? 'https' : 'http',
    ...(options.remoteAddress !== undefined ? { authorities: () => [authorityOf(options.remoteAddress as string, server.address())] } : {}),
  });
  const access = options.access ?? createRemoteAccess({ secure: options.tls !== undefined, info: () => undefined });
  const serveStatic = createStaticHandler(options.staticDir === undefined ? undefined : path.resolve(options.staticDir), logger);
  const limits: ClientLimits = { ...defaultClientLimits(), ...options.limits };
  /** Open downlinks of each paired device, closed with 1008 when the device is revoked. */
  const deviceSockets = new Map<string, Set<WebSocket>>();
  const stopRemoved = access.onRemoved((ids) => {
    for (const id of ids) {
      for (const ws of deviceSockets.get(id) ?? []) {
        ws.close(1008, 'device revoked');
        setTimeout(() => ws.terminate(), 1000).unref();
      }
      deviceSockets.delete(id);
    }
  });
  const budget = createBodyBudget(limits.bodyBudgetBytes);
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
    if (access.isPairingPath(pathname)) return answerPairing(req, res, pathname);
    if (isSessionLogPath(pathname)) {
      const answer = sessionLogAnswer((id) => harness.sessionLog?.(id), req.method ?? 'GET', pathname);
      res.writeHead(answer.status, answer.headers);
      return void res.end(answer.body);
    }
    if (isImportStreamPath(pathname)) return importStreamed(req, res);
    const routed = routeApiRequest({ verb: req.method ?? '', pathname, contentType: req.headers['content-type'] }, (name) => harness.hasMethod(name));
    if (!routed.ok) return sendRefusal(res, routed.refusal);
    const { route } = routed;
    // An import's log is refused as soon as it passes its limit, before the rest is read or anything is parsed.
    const maxStringChars = route.kind === 'call' && route.method === 'session.import' ? MAX_IMPORT_JSONL_CHARS : undefined;
    const { result: body, release } = await readBody(req, route.limit, budget, limits, maxStringChars);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too-large') {
      const refusal = tooLargeRefusal(route.limit);
      return refuseBody(req, res, refusal.status, refusal.text, refusal.headers);
    }
    if (body.kind === 'string-too-long') return refuseBody(req, res, 413, importRefusalText({ kind: 'too-large', limit: MAX_IMPORT_JSONL_CHARS }));
    if (body.kind === 'busy') return refuseBody(req, res, 503, LIMIT_TEXTS.bodyBudget(limits.bodyBudgetBytes), { 'retry-after': '1' });
    if (body.kind === 'slow') return refuseBody(req, res, 408, LIMIT_TEXTS.bodyIdle(limits.bodyIdleTimeoutMs));
    try {
      await answerCall(res, route, body.text);
    } finally {
      release();
    }
  }

  /** `POST /api/sessions/import.jsonl`: the body's bytes go to the engine as they arrive, within the client limits. */
  async function importStreamed(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const importStream = harness.importStream?.bind(harness);
    if (importStream === undefined) return sendText(res, 404, CARRIER_TEXTS.notFound);
    const head = { verb: req.method ?? '', contentType: req.headers['content-type'], contentLength: req.headers['content-length'] };
    const refusal = importStreamRefusal(head);
    if (refusal?.status === 413) return refuseBody(req, res, refusal.status, refusal.text, refusal.headers);
    if (refusal) return sendRefusal(res, refusal);
    const body = streamBody(req, IMPORT_STREAM_BODY_LIMIT, budget, limits);
    try {
      const answer = await importStream(body.chunks);
      // A log refused as too large was not read to its end: close as for any refused body.
      if (!body.complete()) return refuseBody(req, res, statusOfImportStream(answer), JSON.stringify(answer), JSON_HEADERS);
      sendJson(res, answer, statusOfImportStream(answer));
    } catch (error) {
      if (!(error instanceof BodyStopped)) throw error;
      if (error.kind === 'aborted') return;
      if (error.kind === 'too-large') {
        const tooLarge = tooLargeRefusal(IMPORT_STREAM_BODY_LIMIT);
        return refuseBody(req, res, tooLarge.status, tooLarge.text, tooLarge.headers);
      }
      if (error.kind === 'busy') return refuseBody(req, res, 503, LIMIT_TEXTS.bodyBudget(limits.bodyBudgetBytes), { 'retry-after': '1' });
      return refuseBody(req, res, 408, LIMIT_TEXTS.bodyIdle(limits.bodyIdleTimeoutMs));
    } finally {
      body.dispose();
    }
  }

  async function answerPairing(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'POST') return sendText(res, 405, CARRIER_TEXTS.methodNotAllowed, { allow: 'POST' });
    const { result: body, release } = await readBody(req, PAIRING_BODY_LIMIT, budget, limits);
    release();
    if (body.kind === 'aborted') return;
    if (body.kind !== 'ok')
      return refuseBody(req, res, body.kind === 'slow' ? 408 : 413, `the body of ${pathname} is over ${PAIRING_BODY_LIMIT} bytes or too slow`);
    const answer = access.answer(req, pathname, body.text);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }

  async function answerCall(res: http.ServerResponse, route: ApiRoute, text: string): Promise<void> {
    const parsed = parseJsonBody(text);
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

  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const crashed = (error: unknown): void => {
      logger.error(`ui-plan: ${req.method} ${String(req.url).slice(0, 200)} crashed`, error);
      if (!res.headersSent) sendText(res, 500, CARRIER_TEXTS.internal);
      else if (!res.writableEnded) res.destroy();
    };
    try {
      const pathname = pathnameOf(req.url);
      if (pathname === undefined) return sendText(res, 400, CARRIER_TEXTS.badRequest);
      const api = isApiPath(pathname);
      if (!(api ? fence.check(req) : fence.checkStatic(req)).ok) return sendText(res, 403, CARRIER_TEXTS.forbidden);
      if (!access.gate(req, pathname).ok) return sendText(res, 401, CARRIER_TEXTS.unauthorized);
      if (api) handleApi(req, res, pathname).catch(crashed);
      else if (!access.servePage(req, res, pathname)) serveStatic(req, res);
    } catch (error) {
      crashed(error);
    }
  };
  const serverOptions = { connectionsCheckingInterval: checkingIntervalOf(limits) };
  // An https.Server is an http.Server to every caller (same events, same listen/close); only its sockets speak TLS.
  const server: http.Server = options.tls
    ? (https.createServer({ ...serverOptions, ...options.tls }, onRequest) as unknown as http.Server)
    : http.createServer(serverOptions, onRequest);

  applyServerTimeouts(server, limits);
  guardConnections(server, limits);

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    guardUpgrade(
      req,
      socket,
      fence,
      [MUX_PATH, HOST_PATH],
      (pathname, deviceId) => attach(req, socket, head, pathname, deviceId),
      logger,
      (pathname) => access.gate(req, pathname),
    );
  });

  function attach(req: http.IncomingMessage, socket: Duplex, head: Buffer, pathname: string, deviceId: string | undefined): void {
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.set(ws, true);
      if (deviceId !== undefined) {
        const sockets = deviceSockets.get(deviceId) ?? new Set<WebSocket>();
        deviceSockets.set(deviceId, sockets.add(ws));
        ws.on('close', () => sockets.delete(ws));
      }
      ws.on('pong', () => alive.set(ws, true));
      // A client that does not read is closed once it is too far behind for too long, and reconnects, then fetches
      // the tail and merges by seq as after any loss (docs/protocol.md "Limits").
      const slow = watchSlowConsumer(ws, limits, () => closeSlowConsumer(ws));
      const send: FrameSink = (frame, text) => {
        if (ws.readyState !== WebSocket.OPEN || slow.beforeSend()) return;
        ws.send(bytesOf(frame, text), { binary: false });
      };
      let detach: (() => void) | undefined;
      ws.on('message', () => ws.close(1008, 'clients do not send on this socket'));
      ws.on('close', () => {
        slow.stop();
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

  function closeSlowConsumer(ws: WebSocket): void {
    logger.warn(`ui-plan: closing a downlink whose client reads too slowly (over ${limits.wsSendBufferBytes} bytes queued)`);
    ws.close(1013, 'client reads too slowly; reconnect');
    setTimeout(() => ws.terminate(), limits.wsCloseGraceMs).unref();
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
    stopRemoved();
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
