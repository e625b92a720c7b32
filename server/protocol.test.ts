import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, it } from 'vitest';
import { WebSocket } from 'ws';
import { createHost } from '../harness/host.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { createFrameBuffer, type FrameStream } from '../harness/testing/frame-stream.ts';
import { protocolScenarios, type DriverAnswer, type ProtocolDriver } from '../harness/testing/protocol-scenarios.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { FileStorage } from './file-storage.ts';
import { createUiPlanServer } from './http.ts';

const open: ProtocolDriver[] = [];
afterEach(async () => {
  for (const driver of open.splice(0)) await driver.close();
});

/**
 * The real carrier on loopback (port 0) over FileStorage in a temp dir and the scripted model at zero
 * delay; Node `fetch` for calls and `ws` for the downlinks.
 */
async function serverDriver(): Promise<ProtocolDriver> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-protocol-'));
  const storage = new FileStorage({ dataDir, logger: { warn() {} } });
  const host = createHost({ storage, model: createScriptedModel({ delayMs: 0 }), cwd: '/workspace' });
  const carrier = createUiPlanServer({ host, logger: { warn() {}, error() {} } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  const base = `127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  const sockets = new Set<WebSocket>();
  let rpc = 0;

  async function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<DriverAnswer> {
    const res = await fetch(`http://${base}${pathname}`, {
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
      const ws = new WebSocket(`ws://${base}${pathname}`);
      sockets.add(ws);
      const buffer = createFrameBuffer(
        () => new Promise<void>((done) => {
          if (ws.readyState === WebSocket.CLOSED) return done();
          ws.once('close', () => done());
          ws.close();
        }),
      );
      ws.on('message', (data) => buffer.push(JSON.parse(String(data)) as ServerRequest));
      ws.on('close', (code) => { sockets.delete(ws); buffer.ended(code); });
      ws.on('open', () => resolve(buffer));
      ws.on('error', reject);
    });
  }

  const driver: ProtocolDriver = {
    call(method, payload, opts) {
      rpc += 1;
      const rpcId = opts?.rpcId ?? `rpc-${rpc}`;
      return post(`/api/${method}`, { type: 'client-request', rpcId, method: opts?.envelopeMethod ?? method, payload });
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
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  open.push(driver);
  return driver;
}

it.each(protocolScenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
  await scenario.run(await serverDriver());
}, 20_000);
