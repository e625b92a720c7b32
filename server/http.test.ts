/**
 * The Node carrier on loopback with a recording stand-in harness: the trust fence on requests and upgrades,
 * carrier status codes, downlink sockets (1008, keepalive, detach) and static serving of the SPA.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createUiPlanServer, NOT_BUILT_HTML, type UiPlanServer } from './http.ts';
import { decideTrust } from './trust-fence.ts';
import type { FrameSink, Harness } from '../harness/types.ts';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';

/**
 * A recording stand-in for the engine: these tests are about the carrier (fence, status codes, static,
 * sockets), so the harness only echoes what reached it. The protocol itself is tested in protocol.test.ts.
 */
/** Hand a sink a frame with its text, as the harness does. */
function sendFrame(send: FrameSink, frame: ServerRequest): void {
  send(frame, JSON.stringify(frame));
}

function recordingHost() {
  const calls: { method: string; body: unknown }[] = [];
  const muxSends: FrameSink[] = [];
  let detached = 0;
  const host: Harness = {
    hasMethod: (m) => ['session.list', 'session.import', 'commands/execute', 'crash'].includes(m),
    handleRequest: async (method, body) => {
      calls.push({ method, body });
      if (method === 'crash') throw new Error('boom');
      return { type: 'server-response', rpcId: 'r1', result: { ok: true, value: { method } } };
    },
    handleRespond: async (body) => {
      calls.push({ method: 'respond', body });
      return { accepted: false, reason: 'not-pending' };
    },
    openMux: (send) => {
      muxSends.push(send);
      sendFrame(send, {
        type: 'server-request',
        rpcId: 'f1',
        method: 'session/subscribed',
        payload: { type: 'session/subscribed', sessionId: 's', lastSeq: 3 },
      });
      return () => {
        detached += 1;
      };
    },
    openHostStream: (send) => {
      sendFrame(send, {
        type: 'server-request',
        rpcId: 'h1',
        method: 'host/session-status',
        payload: { type: 'host/session-status', sessionId: 's', running: false },
      });
      return () => {
        detached += 1;
      };
    },
    close: async () => {},
  };
  return { host, calls, muxSends, detachedCount: () => detached };
}

let fake: ReturnType<typeof recordingHost>;
let api: UiPlanServer;
let port: number;
let staticDir: string;
let bare: UiPlanServer;
let barePort: number;

async function listen(s: UiPlanServer): Promise<number> {
  await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
  return (s.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-dist-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.css'), 'body{}');
  fs.writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(path.dirname(staticDir), 'ui-plan-secret.txt'), 'secret');
  fake = recordingHost();
  api = createUiPlanServer({ harness: fake.host, staticDir, trustedHosts: ['Dev.Box'], logger: { warn() {}, error() {} } });
  port = await listen(api);
  bare = createUiPlanServer({ harness: recordingHost().host, staticDir: path.join(staticDir, 'missing') });
  barePort = await listen(bare);
});

afterAll(async () => {
  await api.close();
  await bare.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
  fs.rmSync(path.join(path.dirname(staticDir), 'ui-plan-secret.txt'), { force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function raw(opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; port?: number }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: opts.port ?? port, method: opts.method ?? 'POST', path: opts.path, headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const envelope = JSON.stringify(clientRequest('session.list', {}, 'r1'));
const json = { 'content-type': 'application/json' };
const loop = () => `127.0.0.1:${port}`;

it.each<[string, () => Record<string, string>, number]>([
  ['Host 127.0.0.1 with port', () => ({ host: loop() }), 200],
  ['Host localhost', () => ({ host: `localhost:${port}` }), 200],
  ['Host [::1]', () => ({ host: `[::1]:${port}` }), 200],
  ['Host LOCALHOST in capitals', () => ({ host: `LOCALHOST:${port}` }), 200],
  ['a trusted Host name', () => ({ host: `dev.box:${port}` }), 200],
  ['Host evil.example', () => ({ host: 'evil.example' }), 403],
  ['Host evil.example with port', () => ({ host: `evil.example:${port}` }), 403],
  ['Host 127.0.0.1.evil.example', () => ({ host: '127.0.0.1.evil.example' }), 403],
  ['Host 0.0.0.0', () => ({ host: `0.0.0.0:${port}` }), 403],
  ['Origin equal to the Host authority', () => ({ host: loop(), origin: `http://${loop()}` }), 200],
  ['Origin of another site', () => ({ host: loop(), origin: 'http://evil.example' }), 403],
  ['Origin with another port', () => ({ host: loop(), origin: 'http://127.0.0.1:1' }), 403],
  ['Origin over https', () => ({ host: loop(), origin: `https://${loop()}` }), 403],
  ['Origin null', () => ({ host: loop(), origin: 'null' }), 403],
  ['Sec-Fetch-Site cross-site', () => ({ host: loop(), 'sec-fetch-site': 'cross-site' }), 403],
  ['Sec-Fetch-Site same-origin', () => ({ host: loop(), 'sec-fetch-site': 'same-origin' }), 200],
])('answers a request with %s with %i', async (_name, headers, status) => {
  const res = await raw({ path: '/api/session.list', headers: { ...json, ...headers() }, body: envelope });
  expect(res.status).toBe(status);
  if (status === 403) expect(res.text).toBe('forbidden');
  else expect(JSON.parse(res.text)).toMatchObject({ type: 'server-response' });
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
});

it('fences /api/respond and unknown /api paths before anything else', async () => {
  const before = fake.calls.length;
  expect((await raw({ path: '/api/respond', headers: { ...json, host: 'evil.example' }, body: '{}' })).status).toBe(403);
  expect((await raw({ path: '/api/nope', headers: { ...json, host: 'evil.example' }, body: '{}' })).status).toBe(403);
  expect(fake.calls.length).toBe(before);
});

it.each<[string, Parameters<typeof raw>[0], number, string]>([
  ['an unknown method path', { path: '/api/nope.nothing', headers: json, body: envelope }, 404, 'not found'],
  ['GET on a method path', { method: 'GET', path: '/api/session.list' }, 405, 'method not allowed'],
  ['text/plain', { path: '/api/session.list', headers: { 'content-type': 'text/plain' }, body: envelope }, 415, 'content type must be application/json'],
  ['no content type', { path: '/api/session.list', body: envelope }, 415, 'content type must be application/json'],
  ['a body that is not JSON', { path: '/api/session.list', headers: json, body: '{"type":' }, 400, 'body is not JSON'],
  ['an empty body', { path: '/api/session.list', headers: json, body: '' }, 400, 'body is not JSON'],
  [
    'a body over 1 MiB',
    { path: '/api/session.list', headers: json, body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) },
    413,
    'request body too large (limit 1 MiB)',
  ],
  [
    'a session.import body over 32 MiB',
    { path: '/api/session.import', headers: json, body: JSON.stringify({ pad: 'x'.repeat(32 * 1024 * 1024) }) },
    413,
    'request body too large (limit 32 MiB)',
  ],
  ['a respond body that is not JSON', { path: '/api/respond', headers: json, body: 'nope' }, 400, 'body is not JSON'],
  ['a plain GET of the mux', { method: 'GET', path: '/api/events.mux' }, 426, 'upgrade required'],
  ['a plain GET of the host stream', { method: 'GET', path: '/api/events.host' }, 426, 'upgrade required'],
  ['a handler crash', { path: '/api/crash', headers: json, body: '{}' }, 500, 'internal server error'],
])('answers %s with a carrier error', async (_name, opts, status, text) => {
  const res = await raw(opts);
  expect(res.status).toBe(status);
  expect(res.text).toBe(text);
});

it('accepts a body of exactly 1 MiB and a charset parameter on the content type', async () => {
  const body = JSON.stringify({ pad: '' });
  const padded = body.replace('""', `"${'x'.repeat(1024 * 1024 - body.length)}"`);
  expect(Buffer.byteLength(padded)).toBe(1024 * 1024);
  const res = await raw({ path: '/api/session.list', headers: { 'content-type': 'application/json; charset=utf-8' }, body: padded });
  expect(res.status).toBe(200);
});

it('accepts a session.import body over 1 MiB (a recorded log of a few MB) and hands it to the host', async () => {
  const body = clientRequest('session.import', { jsonl: 'x'.repeat(2_200_000) }, 'r8');
  const res = await raw({ path: '/api/session.import', headers: json, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  expect(fake.calls.at(-1)).toEqual({ method: 'session.import', body });
});

it('hands the parsed body and the whole slash method to the host', async () => {
  const body = clientRequest('commands/execute', { args: { agentId: 's', line: '/plan', images: [] } }, 'r9');
  const res = await raw({ path: '/api/commands/execute', headers: json, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(fake.calls.at(-1)).toEqual({ method: 'commands/execute', body });
});

it('answers /api/respond with the bare receipt from the host', async () => {
  const res = await raw({ path: '/api/respond', headers: json, body: '{"type":"client-response"}' });
  expect(JSON.parse(res.text)).toEqual({ accepted: false, reason: 'not-pending' });
  expect(fake.calls.at(-1)).toEqual({ method: 'respond', body: { type: 'client-response' } });
});

function upgrade(pathname: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: pathname,
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', ...headers },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(`${res.statusCode}`);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(`${res.statusCode}`);
    });
    req.on('error', reject);
    req.end();
  });
}

it.each<[string, string, () => Record<string, string>, string]>([
  ['the mux from loopback', '/api/events.mux', () => ({ host: loop() }), '101'],
  ['the host stream from loopback', '/api/events.host', () => ({ host: loop() }), '101'],
  ['the mux with Host evil.example', '/api/events.mux', () => ({ host: 'evil.example' }), '403'],
  ['the host stream with Host evil.example', '/api/events.host', () => ({ host: `evil.example:${port}` }), '403'],
  ['the mux with a foreign Origin', '/api/events.mux', () => ({ host: loop(), origin: 'http://evil.example' }), '403'],
  ['the mux with a matching Origin', '/api/events.mux', () => ({ host: loop(), origin: `http://${loop()}` }), '101'],
  ['the mux with Sec-Fetch-Site cross-site', '/api/events.mux', () => ({ host: loop(), 'sec-fetch-site': 'cross-site' }), '403'],
  ['an unknown socket path', '/api/events.other', () => ({ host: loop() }), '404'],
])('answers an upgrade of %s with %s', async (_name, pathname, headers, status) => {
  expect(await upgrade(pathname, headers())).toBe(status);
});

function openWs(pathname: string): Promise<{ ws: WebSocket; frames: unknown[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${pathname}`);
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    ws.on('open', () => resolve({ ws, frames }));
    ws.on('error', reject);
  });
}

it('streams host frames as JSON text messages and detaches on close', async () => {
  const { ws, frames } = await openWs('/api/events.mux');
  await expect.poll(() => frames.length).toBe(1);
  expect(frames[0]).toMatchObject({ type: 'server-request', method: 'session/subscribed', payload: { lastSeq: 3 } });
  const sink = fake.muxSends.at(-1);
  if (sink) sendFrame(sink, { type: 'server-request', rpcId: 'f2', method: 'stream/error', payload: { type: 'stream/error', error: 'x' } });
  await expect.poll(() => frames.length).toBe(2);
  const before = fake.detachedCount();
  ws.close();
  await expect.poll(() => fake.detachedCount()).toBe(before + 1);
});

it('writes the text the host serialised once to every client, as a text message', async () => {
  const clients = await Promise.all([openWs('/api/events.mux'), openWs('/api/events.mux')]);
  const raw = clients.map(() => [] as { text: string; binary: boolean }[]);
  clients.forEach(({ ws }, i) => ws.on('message', (data, binary) => raw[i]?.push({ text: String(data), binary })));
  await expect.poll(() => clients.every(({ frames }) => frames.length === 1)).toBe(true);
  const shared: ServerRequest = { type: 'server-request', rpcId: 'f3', method: 'stream/error', payload: { type: 'stream/error', error: 'y' } };
  // Indented on purpose: a carrier that re-serialised the frame would send compact JSON instead.
  const text = JSON.stringify(shared, null, 1);
  for (const send of fake.muxSends.slice(-2)) send(shared, text);
  const received = () => raw.map((r) => r.filter((m) => m.text.includes('"f3"')));
  await expect.poll(() => received().map((r) => r.length)).toEqual([1, 1]);
  expect(received().map((r) => r[0])).toEqual([
    { text, binary: false },
    { text, binary: false },
  ]);
  const before = fake.detachedCount();
  for (const { ws } of clients) ws.close();
  await expect.poll(() => fake.detachedCount()).toBe(before + 2);
});

it('closes a downlink with 1008 when the client sends anything', async () => {
  const { ws } = await openWs('/api/events.host');
  const before = fake.detachedCount();
  const code = new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
  ws.send('hello');
  expect(await code).toBe(1008);
  await expect.poll(() => fake.detachedCount()).toBe(before + 1);
});

it('pings downlinks and terminates one that stops answering', async () => {
  const pinged = recordingHost();
  const s = createUiPlanServer({ harness: pinged.host, pingIntervalMs: 40 });
  const p = await listen(s);
  const ws = new WebSocket(`ws://127.0.0.1:${p}/api/events.mux`, { autoPong: false });
  let pings = 0;
  ws.on('ping', () => {
    pings += 1;
  });
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  await closed;
  expect(pings).toBeGreaterThanOrEqual(1);
  await expect.poll(() => pinged.detachedCount()).toBe(1);
  await s.close();
});

it.each<[string, string, number, string | RegExp]>([
  ['the index', '/', 200, 'text/html; charset=utf-8'],
  ['a hashed script', '/assets/index-abc.js', 200, 'text/javascript; charset=utf-8'],
  ['a stylesheet', '/assets/index-abc.css', 200, 'text/css; charset=utf-8'],
  ['an svg', '/favicon.svg', 200, 'image/svg+xml'],
  ['a client route (SPA fallback)', '/sessions/session-1', 200, 'text/html; charset=utf-8'],
  ['a missing asset', '/assets/missing.js', 404, /^text\/plain/],
])('serves %s', async (_name, pathname, status, type) => {
  const res = await raw({ method: 'GET', path: pathname });
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(type);
  if (pathname === '/sessions/session-1') expect(res.text).toBe('<!doctype html><title>app</title>');
});

it.each([
  ['/../ui-plan-secret.txt'],
  ['/assets/../../ui-plan-secret.txt'],
  ['/%2e%2e/ui-plan-secret.txt'],
  ['/assets/%2e%2e%2f%2e%2e%2fui-plan-secret.txt'],
  ['/..%5cui-plan-secret.txt'],
  ['/%00index.html'],
])('refuses the traversal %s', async (pathname) => {
  const res = await raw({ method: 'GET', path: pathname });
  expect(res.status).toBe(403);
  expect(res.text).not.toContain('secret');
});

it('caches hashed assets for good and revalidates the index', async () => {
  expect((await raw({ method: 'GET', path: '/assets/index-abc.js' })).headers['cache-control']).toMatch(/immutable/);
  expect((await raw({ method: 'GET', path: '/' })).headers['cache-control']).toBe('no-cache');
});

it('tells the user to build when dist/ is missing', async () => {
  const res = await raw({ method: 'GET', path: '/', port: barePort });
  expect(res.status).toBe(200);
  expect(res.text).toBe(NOT_BUILT_HTML);
  expect(res.text).toContain('npm run build');
  expect((await raw({ method: 'GET', path: '/assets/x.js', port: barePort })).status).toBe(404);
});

it('checks the fence as a pure function too', () => {
  expect(decideTrust({}, '127.0.0.1', true, new Set()).ok).toBe(false);
  expect(decideTrust({ host: '[::1]' }, '127.0.0.1', true, new Set()).ok).toBe(true);
  expect(decideTrust({ host: 'box:80' }, '127.0.0.1', true, new Set(['box'])).ok).toBe(true);
});

it.each<[string, () => Record<string, string>, number]>([
  ['a page load from this machine', () => ({ host: loop(), 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }), 200],
  ['a same-origin module script', () => ({ host: loop(), origin: `http://${loop()}`, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }), 200],
  ['a link to the app from another site (top-level navigation)', () => ({ host: loop(), 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }), 200],
  ['a trusted Host name', () => ({ host: `dev.box:${port}` }), 200],
  ['Host evil.example (a rebound DNS name)', () => ({ host: 'evil.example' }), 403],
  ['Host evil.example on the page route', () => ({ host: `evil.example:${port}`, 'sec-fetch-mode': 'navigate' }), 403],
  ['an Origin that is not the Host', () => ({ host: loop(), origin: 'http://evil.example' }), 403],
  ['a cross-site <img> or <script> load', () => ({ host: loop(), 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }), 403],
])('serves static files through the trust fence: %s → %i', async (_name, headers, status) => {
  for (const target of ['/', '/favicon.svg', '/assets/index-abc.js', '/s/some-client-route']) {
    const res = await raw({ method: 'GET', path: target, headers: headers() });
    expect([target, res.status]).toEqual([target, status]);
  }
});
