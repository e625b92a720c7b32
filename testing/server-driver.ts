/**
 * Test support: a `ProtocolDriver` (testing/protocol-scenarios.ts) over the real Node carrier on
 * loopback, port 0, with FileStorage in a data directory and the scripted model at zero delay. Calls go
 * through Node `fetch`, downlinks through `ws`. Used by the server's protocol and restart tests.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createHarness } from '../harness/harness.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { createFrameBuffer, type FrameStream } from './frame-stream.ts';
import type { DriverAnswer, ProtocolDriver } from './protocol-scenarios.ts';
import type { PluginEntry } from '../harness/types.ts';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { FileStorage } from '../server/file-storage.ts';
import { createUiPlanServer } from '../server/http.ts';

/** Options of {@link createServerDriver}. */
export interface ServerDriverOptions {
  /** Data directory to use (and keep on close); default a fresh temp dir removed on close. */
  dataDir?: string;
  /** Receives FileStorage warnings (torn lines cut, files skipped). Default: dropped. */
  onStorageWarning?: (message: string) => void;
  /** Plugin list of the harness (default: plan-mode), e.g. the session-modes table's `MODES_PLUGINS`. */
  plugins?: PluginEntry[];
}

/** A driver plus where it listens and stores. */
export interface ServerDriver extends ProtocolDriver {
  /** `127.0.0.1:<port>` */
  readonly authority: string;
  readonly dataDir: string;
}

/**
 * Start a fresh harness and server and return a driver for them.
 * @param options data directory and storage-warning sink
 * @returns the driver; `close()` ends sockets, the server, the harness and the storage
 */
export async function createServerDriver(options: ServerDriverOptions = {}): Promise<ServerDriver> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-protocol-'));
  const storage = new FileStorage({ dataDir, logger: { warn: options.onStorageWarning ?? (() => {}) } });
  const host = createHarness({
    storage,
    model: createScriptedModel({ delayMs: 0 }),
    cwd: '/workspace',
    ...(options.plugins ? { plugins: options.plugins } : {}),
  });
  const carrier = createUiPlanServer({ harness: host, logger: { warn() {}, error() {} } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  const authority = `127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  const sockets = new Set<WebSocket>();
  let rpc = 0;

  async function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<DriverAnswer> {
    const res = await fetch(`http://${authority}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, body: text };
    }
  }

  function openSocket(pathname: string): Promise<FrameStream> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${authority}${pathname}`);
      sockets.add(ws);
      const buffer = createFrameBuffer(
        () =>
          new Promise<void>((done) => {
            if (ws.readyState === WebSocket.CLOSED) return done();
            ws.once('close', () => done());
            ws.close();
          }),
      );
      ws.on('message', (data) => buffer.push(JSON.parse(String(data)) as ServerRequest));
      ws.on('close', (code) => {
        sockets.delete(ws);
        buffer.ended(code);
      });
      ws.on('open', () => resolve(buffer));
      ws.on('error', reject);
    });
  }

  return {
    authority,
    dataDir,
    call(method, payload, opts) {
      rpc += 1;
      const rpcId = opts?.rpcId ?? `rpc-${rpc}`;
      return post(`/api/${method}`, clientRequest(opts?.envelopeMethod ?? method, payload, rpcId));
    },
    post,
    respond: (body) => post('/api/respond', body),
    openMux: () => openSocket('/api/events.mux'),
    openHost: () => openSocket('/api/events.host'),
    async close() {
      for (const ws of sockets) ws.terminate();
      await carrier.close();
      await host.close();
      storage.close();
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
