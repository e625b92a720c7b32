/**
 * A test host of the test's own: a network namespace joined to this machine by a veth pair on a /30 of 10.213.x.0
 * that no interface here uses, so a server bound to the host end sees a non-loopback peer in the namespace. Nothing
 * is sent anywhere else. `remove()` deletes the namespace and the links; call it in `afterAll`, it never throws.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';

/** A namespace and its veth pair. */
export interface TestNetns {
  name: string;
  /** This machine's end, e.g. `10.213.57.1` (a server listens here). */
  hostAddress: string;
  /** The namespace's end, e.g. `10.213.57.2` (the peer address the server sees). */
  peerAddress: string;
  /** Delete the namespace and the links (idempotent, never throws). */
  remove(): void;
}

const ip = (...args: string[]): string => execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 });

/**
 * Make a namespace and a veth pair, or say why it cannot be made (not root, no `ip`, no namespaces).
 * @returns the namespace, or `{ skip }` with the reason
 */
export function createTestNetns(): TestNetns | { skip: string } {
  let used: string;
  try {
    used = ip('-4', 'addr');
  } catch (error) {
    return { skip: `network namespaces cannot be created here (ip: ${error instanceof Error ? error.message : String(error)})` };
  }
  const tag = crypto.randomBytes(3).toString('hex');
  let octet = 0;
  for (let tries = 0; tries < 20 && octet === 0; tries++) {
    const candidate = 1 + crypto.randomInt(254);
    if (!used.includes(`10.213.${candidate}.`)) octet = candidate;
  }
  if (octet === 0) return { skip: 'no free 10.213.x.0/30 subnet for a test namespace' };
  const name = `uiplan-test-${tag}`;
  const hostLink = `uph${tag}`;
  const peerLink = `upp${tag}`;
  const net: TestNetns = {
    name,
    hostAddress: `10.213.${octet}.1`,
    peerAddress: `10.213.${octet}.2`,
    remove() {
      for (const args of [
        ['link', 'del', hostLink],
        ['netns', 'del', name],
      ]) {
        try {
          ip(...args);
        } catch {
          // already gone
        }
      }
    },
  };
  try {
    ip('netns', 'add', name);
    ip('link', 'add', hostLink, 'type', 'veth', 'peer', 'name', peerLink);
    ip('link', 'set', peerLink, 'netns', name);
    ip('addr', 'add', `${net.hostAddress}/30`, 'dev', hostLink);
    ip('link', 'set', hostLink, 'up');
    ip('netns', 'exec', name, 'ip', 'addr', 'add', `${net.peerAddress}/30`, 'dev', peerLink);
    ip('netns', 'exec', name, 'ip', 'link', 'set', peerLink, 'up');
    ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
    // A test process that exits without its afterAll (an uncaught error, a signal Node handles) still removes them.
    process.once('exit', () => net.remove());
  } catch (error) {
    net.remove();
    return { skip: `network namespaces cannot be created here (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
  return net;
}

/** One HTTP exchange as the client in the namespace saw it. */
export interface PeerResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A downlink opened from the namespace: how the upgrade ended, and (once it closed) its close code. */
export interface PeerSocket {
  /** `open`, or the HTTP status of a refused upgrade, or an error text. */
  opened: Promise<'open' | number | string>;
  closed: Promise<number>;
}

/** A Node client running inside the namespace (testing/netns-client.mjs), driven over its stdin and stdout. */
export interface PeerClient {
  request(options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<PeerResponse>;
  socket(options: { path: string; headers?: Record<string, string> }): PeerSocket;
  close(): void;
}

/**
 * Start the client in the namespace.
 * @param net the namespace
 * @param base the server's base URL as reached from the namespace (`https://10.213.x.1:port`)
 * @param ca the server's certificate (PEM), trusted by the client; `undefined` over plain HTTP
 */
export function startPeerClient(net: TestNetns, base: string, ca?: string): PeerClient {
  const script = path.join(import.meta.dirname, 'netns-client.mjs');
  const child: ChildProcessWithoutNullStreams = spawn('ip', ['netns', 'exec', net.name, process.execPath, script, base], {
    cwd: path.join(import.meta.dirname, '..'),
    env: { ...process.env, UI_PLAN_PEER_CA: ca ?? '' },
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[peer] ${chunk.toString()}`));
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { id: number } & Record<string, unknown>;
    waiting.get(message.id)?.(message);
  });
  let next = 0;
  const send = (command: Record<string, unknown>, onMessage: (message: Record<string, unknown>) => void): void => {
    const id = ++next;
    waiting.set(id, onMessage);
    child.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
  };
  return {
    request: (options) =>
      new Promise((resolve, reject) =>
        send({ kind: 'http', ...options }, (m) => (m.error !== undefined ? reject(new Error(String(m.error))) : resolve(m as unknown as PeerResponse))),
      ),
    socket(options) {
      let opened!: (value: 'open' | number | string) => void;
      let closed!: (code: number) => void;
      const result = { opened: new Promise<'open' | number | string>((r) => (opened = r)), closed: new Promise<number>((r) => (closed = r)) };
      send({ kind: 'ws', ...options }, (m) => {
        if (m.event === 'open') opened('open');
        else if (m.event === 'refused') opened(m.status as number);
        else if (m.event === 'error') opened(String(m.error));
        else if (m.event === 'close') closed(m.code as number);
      });
      return result;
    },
    close: () => child.kill(),
  };
}
