/**
 * A `ProtocolDriver` (testing/protocol-scenarios.ts) over the MSW adapter for Vitest in happy-dom: fetch and
 * WebSocket are intercepted by `mocks/node.ts`, so the scenario tables run against the mock harness unchanged.
 */
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { createFrameBuffer, type FrameStream } from './frame-stream.ts';
import type { DriverAnswer, ProtocolDriver } from './protocol-scenarios.ts';
import { resetMockHarness } from '../mocks/node.ts';

const sockets = new Set<WebSocket>();

async function answer(response: Response): Promise<DriverAnswer> {
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

function post(path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<DriverAnswer> {
  return fetch(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }).then(answer);
}

function open(path: string): Promise<FrameStream> {
  const url = new URL(path, location.href);
  url.protocol = 'ws:';
  const socket = new WebSocket(url.toString());
  sockets.add(socket);
  const buffer = createFrameBuffer(async () => {
    socket.close();
  });
  socket.addEventListener('message', (event) => buffer.push(JSON.parse(String(event.data)) as ServerRequest));
  socket.addEventListener('close', (event) => {
    sockets.delete(socket);
    buffer.ended(event.code);
  });
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(buffer), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot open ${path}`)), { once: true });
  });
}

let counter = 0;
/**
 * The driver: unary calls and `respond` through `fetch`, downlinks through `WebSocket`, all intercepted by MSW.
 * `close()` closes the sockets and resets the mock harness to the default (plan-mode) one.
 */
export const mswDriver: ProtocolDriver = {
  call: (method, payload, opts = {}) => post(`/api/${method}`, clientRequest(opts.envelopeMethod ?? method, payload, opts.rpcId ?? `rpc-${(counter += 1)}`)),
  post: (path, body, headers) => post(path, body, headers),
  respond: (body) => post('/api/respond', body),
  openMux: () => open('/api/events.mux'),
  openHost: () => open('/api/events.host'),
  close: async () => {
    for (const s of sockets) s.close();
    sockets.clear();
    resetMockHarness();
  },
};
