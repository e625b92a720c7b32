/**
 * Test support for real `ui-plan serve` processes on loopback: spawn one (on port 0 unless told, optionally inside a
 * wrapper such as `unshare --pid --fork`), wait for its listening line, call its API, read its mux downlink, and stop
 * it with a real signal. Every process spawned here is killed by {@link killAllServes}. Never imported by product code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';

/** Untyped JSON read back from answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The `ui-plan` binary of this checkout. */
export const UI_PLAN_BIN = path.join(ROOT, 'bin', 'ui-plan.mjs');

/** A spawned `ui-plan serve`. */
export interface ServeProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with its exit code (or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const spawned = new Set<ChildProcess>();

/**
 * Spawn `ui-plan serve ARGS` (add `--port 0` yourself for a free port).
 * @param args - the serve arguments
 * @param wrapper - a command to run it under, e.g. `['unshare', '--pid', '--fork', '--kill-child']`
 */
export function spawnServe(args: readonly string[], wrapper: readonly string[] = []): ServeProcess {
  const argv = [process.execPath, UI_PLAN_BIN, 'serve', ...args];
  const [command, ...rest] = [...wrapper, ...argv] as [string, ...string[]];
  const child = spawn(command, rest, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => void (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => void (err += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      spawned.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/**
 * The URL a spawned serve listens on, once it printed its listening line.
 * @throws (rejects) when it exits first, with what it printed on stderr
 */
export function listening(served: ServeProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const check = (): void => {
      const m = /ui-plan listening on (http:\/\/\S+) /.exec(served.stdout());
      if (m?.[1]) resolve(m[1]);
    };
    served.child.stdout?.on('data', check);
    check();
    void served.exited.then(() => reject(new Error(`ui-plan serve exited before listening: ${served.stderr()}`)));
  });
}

/** SIGKILL every serve this module spawned that still runs, and wait for each to be gone. */
export async function killAllServes(): Promise<void> {
  await Promise.all(
    [...spawned].map(async (child) => {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      else return;
      await gone;
    }),
  );
}

let rpc = 0;
/**
 * One unary call to `url`.
 * @returns the HTTP status and the answer's `result`
 */
export async function callServe(url: string, method: string, payload: unknown): Promise<{ status: number; result: Json }> {
  const res = await fetch(`${url}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(clientRequest(method, payload, `t${++rpc}`)),
  });
  return { status: res.status, result: ((await res.json()) as Json).result };
}

/** `POST /api/respond` to `url`. @returns the HTTP status and the receipt */
export async function respondServe(url: string, rpcId: string, sessionId: string, answer: unknown): Promise<{ status: number; receipt: Json }> {
  const res = await fetch(`${url}/api/respond`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'client-response', rpcId, result: { ok: true, value: { sessionId, answer } } }),
  });
  return { status: res.status, receipt: (await res.json()) as Json };
}

/** A mux downlink of a spawned serve: every frame so far, and a wait for one that matches. */
export interface MuxClient {
  frames: ServerRequest[];
  /** Resolves with the first frame (already arrived or arriving) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (frame: ServerRequest) => boolean, timeoutMs?: number): Promise<ServerRequest>;
  close(): void;
}

/** Open `/api/events.mux` of `url`. Resolves once the socket is open. */
export async function openMux(url: string): Promise<MuxClient> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/events.mux`);
  const frames: ServerRequest[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString()) as ServerRequest);
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    frames,
    next(match, timeoutMs = 20_000) {
      return new Promise<ServerRequest>((resolve, reject) => {
        const check = (): boolean => {
          const found = frames.find(match);
          if (!found) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${frames.map((f) => f.method).join(', ')}`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => ws.close(),
  };
}
