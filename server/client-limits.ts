/**
 * Limits of the HTTP server against slow, idle and greedy clients (docs/protocol.md "Limits"): how long a request's
 * headers and body may take, how long an idle keep-alive connection stays, how many connections one peer address and
 * all peers may hold (at the cap an idle connection makes room, so the page stays reachable), and how many request
 * body bytes may wait in memory at once. Invariant: what one client holds is bounded by a limit here, whatever it sends.
 */
import fs from 'node:fs';
import type http from 'node:http';
import type { Socket } from 'node:net';

/** The limits, each an option of `createUiPlanServer` (README "Command line" lists the defaults). */
export interface ClientLimits {
  /** Time to receive a request's headers, ms (`server.headersTimeout`); a connection that sends nothing is closed too. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body, ms (`server.requestTimeout`); then 408. */
  requestTimeoutMs: number;
  /** Longest pause between two pieces of a request body, ms; then 408 and the connection is closed. */
  bodyIdleTimeoutMs: number;
  /** How long an idle keep-alive connection stays open, ms (`server.keepAliveTimeout`). */
  keepAliveTimeoutMs: number;
  /** Body bytes each request may hold without drawing on {@link ClientLimits.bodyBudgetBytes}. */
  bodyAllowanceBytes: number;
  /** Body bytes all requests together may hold beyond their allowance; a body that would pass it is refused with 503. */
  bodyBudgetBytes: number;
  /** Open connections (HTTP and WebSocket) from one peer address, loopback addresses included (each its own peer). */
  connectionsPerPeer: number;
  /** Open connections in all; default: the process's descriptor limit less a quarter of it (at least 64) for files. */
  maxConnections: number;
  /**
   * Bytes a downlink WebSocket may have queued for its client; a frame that finds more queued, for longer than
   * {@link ClientLimits.wsBehindMs}, closes the socket with 1013.
   */
  wsSendBufferBytes: number;
  /** How long a client may stay more than `wsSendBufferBytes` behind, ms (time to read a burst larger than the cap). */
  wsBehindMs: number;
  /** After that 1013 close, how long the close handshake may take before the socket is cut, ms. */
  wsCloseGraceMs: number;
}

const MiB = 1024 * 1024;

/**
 * The descriptor limit of this process (`RLIMIT_NOFILE`, soft), read from `/proc/self/limits`.
 * @returns the limit, or 1024 where it cannot be read (not Linux) or is unlimited
 */
export function openFileLimit(): number {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line?.[1] !== undefined ? Number(line[1]) : 1024;
  } catch {
    return 1024;
  }
}

/**
 * The default limits: headers 10 s, whole request 120 s, body pause 10 s, keep-alive 5 s, 64 KiB per request plus a
 * shared 64 MiB of bodies, 128 connections per peer, the descriptor limit less a quarter for all, 4 MiB queued per
 * WebSocket for at most 5 s, 5 s for its close handshake.
 * @param fileLimit the descriptor limit (default {@link openFileLimit})
 */
export function defaultClientLimits(fileLimit: number = openFileLimit()): ClientLimits {
  return {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 120_000,
    bodyIdleTimeoutMs: 10_000,
    keepAliveTimeoutMs: 5_000,
    bodyAllowanceBytes: 64 * 1024,
    bodyBudgetBytes: 64 * MiB,
    connectionsPerPeer: 128,
    maxConnections: Math.max(16, fileLimit - Math.max(64, Math.floor(fileLimit / 4))),
    wsSendBufferBytes: 4 * MiB,
    wsBehindMs: 5_000,
    wsCloseGraceMs: 5_000,
  };
}

/**
 * The slow-consumer rule of one downlink socket: a client that has had more than `wsSendBufferBytes` queued for
 * `wsBehindMs` is too slow, whether it reads nothing or too little, and `onSlow` is called once — at the first frame
 * sent after that time, or when the time is up if no frame comes. A burst larger than the cap (one large message)
 * is not held against a client that reads it within that time.
 * @param socket the socket (`bufferedAmount`: bytes queued for its client)
 * @param limits `wsSendBufferBytes`, `wsBehindMs`
 * @param onSlow closes the socket
 * @returns `beforeSend()`: call before each frame; true when the frame must not be sent (the client is too slow);
 *   and `stop()` for when the socket closed
 */
export function watchSlowConsumer(
  socket: { readonly bufferedAmount: number },
  limits: Pick<ClientLimits, 'wsSendBufferBytes' | 'wsBehindMs'>,
  onSlow: () => void,
): { beforeSend(): boolean; stop(): void } {
  let behindSince: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let slow = false;
  const check = (): boolean => {
    if (slow) return true;
    if (socket.bufferedAmount <= limits.wsSendBufferBytes) {
      behindSince = undefined;
      clearTimeout(timer);
      timer = undefined;
      return false;
    }
    const at = performance.now();
    behindSince ??= at;
    if (at - behindSince < limits.wsBehindMs) {
      timer ??= setTimeout(
        () => {
          timer = undefined;
          check();
        },
        limits.wsBehindMs - (at - behindSince),
      ).unref();
      return false;
    }
    slow = true;
    clearTimeout(timer);
    onSlow();
    return true;
  };
  return {
    beforeSend: check,
    stop: () => clearTimeout(timer),
  };
}

/** A byte count as people read it: `64 MiB`, `256 KiB`, `100 bytes`. */
function sizeText(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The plain-text answers of these limits (the carrier's refusal style: the text names the rule and its figure). */
export const LIMIT_TEXTS = {
  bodyBudget: (limit: number) => `server busy: request bodies waiting in memory reached ${sizeText(limit)}; retry shortly`,
  bodyIdle: (ms: number) => `request body too slow: nothing arrived for ${ms / 1000} s`,
  peerConnections: (limit: number) => `too many connections from this address (limit ${limit})`,
  connections: (limit: number) => `server busy: ${limit} connections open; retry shortly`,
} as const;

/**
 * Apply the timeouts to a server: `headersTimeout`, `requestTimeout` (at least the headers timeout, as Node requires),
 * `keepAliveTimeout`. Node checks them every `connectionsCheckingInterval`, which the caller passes to
 * `http.createServer` as {@link checkingIntervalOf}.
 * @param server the server
 * @param limits the limits
 */
export function applyServerTimeouts(server: http.Server, limits: ClientLimits): void {
  server.requestTimeout = Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs);
  server.headersTimeout = limits.headersTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
}

/**
 * How often Node checks the header and request timeouts, ms: a quarter of the headers timeout, 250 ms to 5 s, so a
 * timeout fires at most a quarter late.
 * @param limits the limits
 */
export function checkingIntervalOf(limits: ClientLimits): number {
  return Math.min(5_000, Math.max(250, Math.floor(limits.headersTimeoutMs / 4)));
}

/** A budget of bytes shared by every request body held in memory. */
export interface BodyBudget {
  /** Take `bytes`; false (nothing taken) when that would pass the budget. */
  take(bytes: number): boolean;
  /** Give back `bytes` taken before. */
  give(bytes: number): void;
  /** Bytes taken now. */
  readonly used: number;
}

/**
 * A shared body budget.
 * @param total the budget in bytes
 */
export function createBodyBudget(total: number): BodyBudget {
  let used = 0;
  return {
    take(bytes) {
      if (used + bytes > total) return false;
      used += bytes;
      return true;
    },
    give(bytes) {
      used = Math.max(0, used - bytes);
    },
    get used() {
      return used;
    },
  };
}

/**
 * The address a peer is counted under: an IPv4-mapped IPv6 address as its IPv4 form, so one client is one peer.
 * @param address `socket.remoteAddress`
 */
export function peerOf(address: string | undefined): string {
  if (address === undefined) return '?';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

interface Tracked {
  peer: string;
  /** Requests in progress on it (a pipelined client may have more than one). */
  busy: number;
  /** Upgraded to a WebSocket: never taken back to make room. */
  upgraded: boolean;
  /** When it last started or finished a request (or connected), ms. */
  since: number;
}

/** What {@link guardConnections} reports, for tests and logs. */
export interface ConnectionGuard {
  /** Open connections now. */
  readonly open: number;
  /** Open connections of one peer address now. */
  openOf(peer: string): number;
}

/**
 * Count the connections of a server and hold them to the limits: a connection beyond `connectionsPerPeer` from its
 * address is answered 503 and closed; at `maxConnections` the idle connection (no request in progress, not a
 * WebSocket) of the peer holding the most, longest idle first, is closed to make room, and only when none is idle is
 * the new one refused with 503. A connection that never sends a request counts as idle, so idle sockets cannot keep
 * the page out.
 * @param server the server; it listens to `connection`, `request` and `upgrade` (so the server must answer upgrades
 *   itself, as both of ui-plan's servers do)
 * @param limits `connectionsPerPeer`, `maxConnections`
 * @param now the clock, ms (default `performance.now`)
 * @returns counts of what is open
 */
export function guardConnections(
  server: http.Server,
  limits: Pick<ClientLimits, 'connectionsPerPeer' | 'maxConnections'>,
  now: () => number = () => performance.now(),
): ConnectionGuard {
  const tracked = new Map<Socket, Tracked>();
  const perPeer = new Map<string, number>();

  const refuse = (socket: Socket, text: string): void => {
    socket.on('error', () => socket.destroy());
    // Closed as soon as the answer is handed to the kernel: a refused connection never holds a descriptor for long.
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Retry-After: 1\r\nConnection: close\r\n\r\n${text}`,
      () => socket.destroy(),
    );
  };

  /** The idle connection to close for room: of the peer holding the most connections, the longest idle. */
  const idleToClose = (): Socket | undefined => {
    let best: Socket | undefined;
    let bestScore: [number, number] = [-1, 0];
    for (const [socket, entry] of tracked) {
      if (entry.busy > 0 || entry.upgraded) continue;
      const score: [number, number] = [perPeer.get(entry.peer) ?? 0, -entry.since];
      if (score[0] > bestScore[0] || (score[0] === bestScore[0] && score[1] > bestScore[1])) {
        best = socket;
        bestScore = score;
      }
    }
    return best;
  };

  server.on('connection', (socket: Socket) => {
    const peer = peerOf(socket.remoteAddress);
    if ((perPeer.get(peer) ?? 0) >= limits.connectionsPerPeer) return refuse(socket, LIMIT_TEXTS.peerConnections(limits.connectionsPerPeer));
    if (tracked.size >= limits.maxConnections) {
      const room = idleToClose();
      if (room === undefined) return refuse(socket, LIMIT_TEXTS.connections(limits.maxConnections));
      forget(room);
      room.destroy();
    }
    tracked.set(socket, { peer, busy: 0, upgraded: false, since: now() });
    perPeer.set(peer, (perPeer.get(peer) ?? 0) + 1);
    socket.once('close', () => forget(socket));
  });

  function forget(socket: Socket): void {
    const entry = tracked.get(socket);
    if (entry === undefined) return;
    tracked.delete(socket);
    const left = (perPeer.get(entry.peer) ?? 1) - 1;
    if (left > 0) perPeer.set(entry.peer, left);
    else perPeer.delete(entry.peer);
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const entry = tracked.get(req.socket as Socket);
    if (entry === undefined) return;
    entry.busy += 1;
    entry.since = now();
    res.once('close', () => {
      entry.busy = Math.max(0, entry.busy - 1);
      entry.since = now();
    });
  });

  server.on('upgrade', (req: http.IncomingMessage) => {
    const entry = tracked.get(req.socket as Socket);
    if (entry !== undefined) entry.upgraded = true;
  });

  return {
    get open() {
      return tracked.size;
    },
    openOf: (peer) => perPeer.get(peer) ?? 0,
  };
}
