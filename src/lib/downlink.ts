/**
 * The two downlink WebSockets of the dsh web transport (docs/protocol.md "Downlink"): `/api/events.mux` (session
 * frames) and `/api/events.host` (host frames), on the page's own origin. Every text frame is parsed with the core
 * schemas; a malformed frame is skipped, warned about and counted, an unknown frame type is ignored, and nothing
 * here ever throws into the socket. Losing either socket reopens both with backoff (250 ms doubling to 5 s, with
 * jitter); the client never sends on these sockets. A socket that silently died (no close, no frames) is not
 * seen here: the liveness probe (`liveness-probe.ts`) notices it and calls `reconnect()`.
 */
import { isServerRequest, serverRequestSchema } from '../core/protocol/envelopes.ts';
import { hostFrameSchema, hostFrameTypes, muxFrameSchema, muxFrameTypes, type HostFrame, type MuxFrame } from '../core/protocol/frames.ts';
import { SHARED_TEXT_MIN_CHARS, shareTexts } from '../core/shared-text.ts';

/** Connection state of the pair of sockets: both open is `connected`; after a loss, `reconnecting`. */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting';

/** Callbacks of a downlink. Each is called synchronously from a socket event; exceptions are contained. */
export interface DownlinkHandlers {
  /** A known, well-formed mux frame; `rpcId` is the envelope's (the question id for `question/requested`). */
  onMuxFrame(frame: MuxFrame, rpcId: string): void;
  /** A known, well-formed host frame. */
  onHostFrame(frame: HostFrame, rpcId: string): void;
  /** Called whenever the connection state changes. */
  onConnectionState?(state: ConnectionState): void;
  /**
   * The mux socket of a new attempt has opened, before any of its frames is delivered. `reconnect` is true on
   * every attempt after the first successful one (pending questions are about to be re-sent, docs/protocol.md).
   */
  onMuxOpen?(reconnect: boolean): void;
  /**
   * Both sockets are open. `reconnect` is false for the first connection; on true the caller fetches a fresh
   * `session.history` tail baseline for every open session (docs/upstream-spec.md §4.4).
   */
  onReconnected?(reconnect: boolean): void;
}

/** Minimal WebSocket constructor shape (the DOM one, or a test double). */
export type WebSocketFactory = new (url: string) => WebSocket;

/** Options of `connectDownlink`; every field has a production default. */
export interface DownlinkOptions {
  /** Base URL whose host the sockets connect to; default `location.href`. `http` becomes `ws`, `https` `wss`. */
  baseUrl?: string;
  /** WebSocket constructor; default `globalThis.WebSocket`. */
  WebSocket?: WebSocketFactory;
  /** Random source in [0,1) for the jitter; default `Math.random`. */
  random?: () => number;
  /** Timer (ms); default `setTimeout`/`clearTimeout`. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Where skipped frames are reported; default `console.warn`. */
  warn?: (message: string, detail?: unknown) => void;
}

/** A running downlink. */
export interface Downlink {
  /** Current connection state. */
  readonly state: ConnectionState;
  /** Number of frames skipped as malformed since the downlink started. */
  readonly malformedCount: number;
  /** Close both sockets and stop reconnecting. Idempotent. */
  close(): void;
  /**
   * Treat the sockets as lost although neither closed (a silently dead connection, noticed by the liveness
   * probe): close both, report `reconnecting`, and reopen them with backoff; the reopen resyncs through
   * `onReconnected(true)` as after any loss. No-op after `close()` or while a reopen is already scheduled.
   * Optional so that test doubles may omit it.
   */
  reconnect?(): void;
}

/** First reconnect delay and its cap (ms), per the brief: 250 ms doubling to 5 s. */
export const BACKOFF_BASE_MS = 250;
export const BACKOFF_MAX_MS = 5000;

/**
 * Delay before reconnect attempt `attempt` (0-based): `min(5000, 250·2^attempt)` scaled by a jitter factor in
 * [0.5, 1) so that many tabs do not reconnect in lockstep.
 * @param attempt number of failed attempts so far (0 for the first retry)
 * @param random a value in [0,1)
 * @returns the delay in ms
 */
export function backoffDelay(attempt: number, random: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random / 2));
}

/** Outcome of reading one text frame: a known frame, an ignorable unknown type, or a malformed frame. */
export type ParsedFrame<F> = { kind: 'frame'; frame: F; rpcId: string } | { kind: 'unknown'; type: string } | { kind: 'malformed'; reason: string };

function parseWith<F>(
  text: unknown,
  known: ReadonlySet<string>,
  schema: { safeParse(v: unknown): { success: true; data: F } | { success: false; error: { message: string } } },
): ParsedFrame<F> {
  if (typeof text !== 'string') return { kind: 'malformed', reason: 'binary frame' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
  // A frame that may hold a large text (a plan) shares it with the frames that carried it before.
  if (text.length >= SHARED_TEXT_MIN_CHARS) shareTexts(raw);
  // The envelope is read without its schema (which copies the payload); the schema only words a refusal.
  if (!isServerRequest(raw)) {
    const envelope = serverRequestSchema.safeParse(raw);
    return { kind: 'malformed', reason: envelope.success ? 'bad envelope' : `bad envelope: ${envelope.error.message}` };
  }
  const type = raw.payload.type;
  if (!known.has(type)) return { kind: 'unknown', type };
  const payload = schema.safeParse(raw.payload);
  if (!payload.success) return { kind: 'malformed', reason: `bad ${type} payload: ${payload.error.message}` };
  return { kind: 'frame', frame: payload.data, rpcId: raw.rpcId };
}

/**
 * Read one mux text frame (docs/protocol.md "Downlink"; docs/upstream-spec.md §3.6: a bad frame is reported and skipped).
 * @param text the WebSocket message data
 * @returns the frame, `unknown` for a frame type this client does not read, or `malformed` with a reason
 */
export function parseMuxFrame(text: unknown): ParsedFrame<MuxFrame> {
  return parseWith<MuxFrame>(text, muxFrameTypes(), muxFrameSchema as never);
}

/** Read one host text frame; same contract as `parseMuxFrame`. */
export function parseHostFrame(text: unknown): ParsedFrame<HostFrame> {
  return parseWith<HostFrame>(text, hostFrameTypes(), hostFrameSchema as never);
}

/** The socket URL for `path` on the origin of `baseUrl` (`http:` → `ws:`, `https:` → `wss:`). */
export function socketUrl(path: string, baseUrl: string): string {
  const url = new URL(path, baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Open both downlink sockets and keep them open until `close()`.
 * @param handlers frame and lifecycle callbacks (exceptions thrown by them are caught and warned about)
 * @param options injectable environment (see `DownlinkOptions`)
 * @returns the running downlink
 */
export function connectDownlink(handlers: DownlinkHandlers, options: DownlinkOptions = {}): Downlink {
  const WS = options.WebSocket ?? (globalThis.WebSocket as WebSocketFactory | undefined);
  const baseUrl = options.baseUrl ?? globalThis.location?.href ?? 'http://127.0.0.1/';
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const warn = options.warn ?? ((message, detail) => console.warn(message, detail));

  let state: ConnectionState = 'connecting';
  let malformed = 0;
  let closed = false;
  let everConnected = false;
  let attempt = 0;
  let timer: unknown;
  let generation = 0;
  let sockets: WebSocket[] = [];

  const setState = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    guard(() => handlers.onConnectionState?.(next));
  };
  const guard = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      warn('[downlink] a frame handler threw; the stream continues', error);
    }
  };

  // One rule for both sockets: a frame goes to its handler, an unknown type is ignored, a malformed one is
  // counted and warned about, never thrown.
  const readFrames =
    <F>(label: string, parse: (text: unknown) => ParsedFrame<F>, deliver: (frame: F, rpcId: string) => void) =>
    (event: MessageEvent) => {
      const parsed = parse(event.data);
      if (parsed.kind === 'frame') guard(() => deliver(parsed.frame, parsed.rpcId));
      else if (parsed.kind === 'malformed') {
        malformed += 1;
        warn(`[downlink] skipped a malformed ${label} frame (${parsed.reason})`);
      }
    };

  const teardown = () => {
    for (const s of sockets) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close();
      } catch {
        /* already closed */
      }
    }
    sockets = [];
  };

  const lose = (gen: number) => {
    if (closed || gen !== generation) return;
    generation += 1;
    teardown();
    setState(everConnected ? 'reconnecting' : state);
    const delay = backoffDelay(attempt, random());
    attempt += 1;
    timer = setTimer(open, delay);
  };

  function open(): void {
    if (closed) return;
    if (!WS) {
      warn('[downlink] no WebSocket in this environment');
      return;
    }
    const gen = generation;
    const reconnect = everConnected;
    let openCount = 0;
    const onOpen = () => {
      openCount += 1;
      if (openCount === 2 && gen === generation) {
        attempt = 0;
        everConnected = true;
        setState('connected');
        guard(() => handlers.onReconnected?.(reconnect));
      }
    };
    let mux: WebSocket;
    let host: WebSocket;
    try {
      mux = new WS(socketUrl('/api/events.mux', baseUrl));
      host = new WS(socketUrl('/api/events.host', baseUrl));
    } catch (error) {
      warn('[downlink] cannot open sockets', error);
      lose(gen);
      return;
    }
    sockets = [mux, host];
    mux.onopen = () => {
      guard(() => handlers.onMuxOpen?.(reconnect));
      onOpen();
    };
    host.onopen = onOpen;
    mux.onmessage = readFrames('mux', parseMuxFrame, (frame, rpcId) => handlers.onMuxFrame(frame, rpcId));
    host.onmessage = readFrames('host', parseHostFrame, (frame, rpcId) => handlers.onHostFrame(frame, rpcId));
    for (const s of sockets) {
      s.onclose = () => lose(gen);
      s.onerror = () => lose(gen);
    }
  }

  open();

  return {
    get state() {
      return state;
    },
    get malformedCount() {
      return malformed;
    },
    close() {
      if (closed) return;
      closed = true;
      if (timer !== undefined) clearTimer(timer);
      teardown();
    },
    reconnect() {
      if (closed || sockets.length === 0) return;
      // A dead connection must read as lost even before the first open completed, so the UI says so.
      everConnected = true;
      lose(generation);
    },
  };
}
