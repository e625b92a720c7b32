/**
 * Tests of the `serve --dsh` proxy against a stand-in upstream on loopback that applies the dsh trust fence
 * (same rule as docs/protocol.md "Trust fence") and records what reached it: unary calls and both downlinks pass
 * with Host/Origin rewritten, our fence refuses first, nothing but `/api` is proxied, failures are 502.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createDshProxyServer, parseDshUrl, upstreamHeaders } from './dsh-proxy.ts';
import { decideTrust } from './trust-fence.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const listen = (server: http.Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/** A stand-in dsh host: fenced like the real one, echoes unary calls, sends one frame per downlink and closes 1008 when a client sends. */
async function fakeUpstream() {
  const seen: Seen[] = [];
  const upgrades: http.IncomingHttpHeaders[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (!decideTrust(req.headers, '127.0.0.1', true, new Set()).ok) return void res.writeHead(403).end('forbidden');
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'dsh' });
      res.end(JSON.stringify({ type: 'server-response', rpcId: 'r1', result: { ok: true, value: { echo: body } } }));
    });
  });
  server.on('upgrade', (req, socket, head) => {
    upgrades.push(req.headers);
    if (!decideTrust(req.headers, '127.0.0.1', true, new Set()).ok) return void socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.send(JSON.stringify({ type: 'server-request', rpcId: 'f1', method: 'hello', payload: { type: 'hello', path: req.url } }));
      ws.on('message', () => ws.close(1008, 'clients do not send on this socket'));
    });
  });
  const url = await listen(server);
  closers.push(async () => {
    for (const ws of wss.clients) ws.terminate();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url, seen, upgrades };
}

async function proxyTo(upstream: string, staticDir?: string) {
  const proxy = createDshProxyServer({ upstream, ...(staticDir ? { staticDir } : {}), logger: { warn: () => {}, error: () => {} } });
  const url = await listen(proxy.server);
  closers.push(() => proxy.close());
  return { url, proxy };
}

const envelope = JSON.stringify(clientRequest('host.describe', {}, 'r1'));

function post(url: string, headers: Record<string, string> = {}, body = envelope) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

it('proxies a unary call with the browser Origin rewritten to the upstream, so the upstream fence accepts it', async () => {
  const upstream = await fakeUpstream();
  const { url } = await proxyTo(upstream.url);
  const res = await post(`${url}/api/host.describe?x=1`, { origin: url });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-upstream')).toBe('dsh');
  expect(await res.json()).toEqual({ type: 'server-response', rpcId: 'r1', result: { ok: true, value: { echo: envelope } } });
  expect(upstream.seen).toHaveLength(1);
  expect(upstream.seen[0]).toMatchObject({ method: 'POST', url: '/api/host.describe?x=1', body: envelope });
  expect(upstream.seen[0]?.headers.host).toBe(new URL(upstream.url).host);
  expect(upstream.seen[0]?.headers.origin).toBe(upstream.url);
  expect(upstream.seen[0]?.headers['content-type']).toBe('application/json');
});

it('passes upstream carrier answers through unchanged (status and body)', async () => {
  const upstream = await fakeUpstream();
  const { url } = await proxyTo(upstream.url);
  // No Origin: the upstream sees none either, and its own fence decides.
  const res = await post(`${url}/api/session.list`);
  expect(res.status).toBe(200);
  expect(upstream.seen[0]?.headers.origin).toBeUndefined();
});

it.each<[string, Record<string, string>]>([
  ['a foreign Origin', { origin: 'http://evil.example' }],
  ['a foreign Host', { host: 'evil.example' }],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
])('refuses %s with 403 before anything reaches the upstream', async (_what, headers) => {
  const upstream = await fakeUpstream();
  const { url } = await proxyTo(upstream.url);
  const status = await new Promise<number>((resolve, reject) => {
    const u = new URL(`${url}/api/session.list`);
    const req = http.request(
      { hostname: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(envelope);
  });
  expect(status).toBe(403);
  expect(upstream.seen).toEqual([]);
});

it('serves the SPA itself and proxies nothing outside /api', async () => {
  const upstream = await fakeUpstream();
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-dist-'));
  closers.push(async () => fs.rmSync(dist, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ui-plan</title>');
  const { url } = await proxyTo(upstream.url, dist);
  for (const route of ['/', '/sessions/abc', '/plugins/@deepseek-ai/dsh-client-runtime/client.js', '/apix']) {
    const res = await fetch(`${url}${route}`);
    expect({ route, html: res.status === 200 ? await res.text() : res.status }).toEqual({
      route,
      html: route.endsWith('.js') ? 404 : '<!doctype html><title>ui-plan</title>',
    });
  }
  expect(upstream.seen).toEqual([]);
});

function openSocket(url: string, options: { origin?: string } = {}) {
  return new Promise<{ ws: WebSocket; first: Promise<unknown> } | { status: number }>((resolve) => {
    const ws = new WebSocket(url, options.origin ? { origin: options.origin } : {});
    const first = new Promise<unknown>((res) => ws.once('message', (data: Buffer) => res(JSON.parse(data.toString('utf8')))));
    ws.once('open', () => {
      closers.push(async () => ws.terminate());
      resolve({ ws, first });
    });
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ status: -1 }));
  });
}

it.each(['/api/events.mux', '/api/events.host'])('tunnels the %s downlink with Host and Origin rewritten', async (route) => {
  const upstream = await fakeUpstream();
  const { url } = await proxyTo(upstream.url);
  const opened = await openSocket(`${url.replace('http', 'ws')}${route}`, { origin: url });
  if (!('ws' in opened)) throw new Error(`upgrade refused with ${opened.status}`);
  expect(await opened.first).toEqual({ type: 'server-request', rpcId: 'f1', method: 'hello', payload: { type: 'hello', path: route } });
  expect(upstream.upgrades[0]?.host).toBe(new URL(upstream.url).host);
  expect(upstream.upgrades[0]?.origin).toBe(upstream.url);
  // A client frame reaches the upstream, which closes with 1008 as a dsh host does.
  const closed = new Promise<number>((resolve) => opened.ws.once('close', (code) => resolve(code)));
  opened.ws.send('hi');
  expect(await closed).toBe(1008);
});

it.each<[string, string, { origin?: string }, number]>([
  ['another upgrade path', '/api/events.other', {}, 404],
  ['a non-api upgrade path', '/socket', {}, 404],
  ['a foreign Origin', '/api/events.mux', { origin: 'http://evil.example' }, 403],
])('refuses an upgrade on %s without reaching the upstream', async (_what, route, options, status) => {
  const upstream = await fakeUpstream();
  const { url } = await proxyTo(upstream.url);
  expect(await openSocket(`${url.replace('http', 'ws')}${route}`, options)).toEqual({ status });
  expect(upstream.upgrades).toEqual([]);
});

it('answers 502 for calls and upgrades when the dsh host is down', async () => {
  const dead = http.createServer();
  const deadUrl = await listen(dead);
  await new Promise<void>((resolve) => dead.close(() => resolve()));
  const { url } = await proxyTo(deadUrl);
  const res = await post(`${url}/api/host.describe`);
  expect(res.status).toBe(502);
  expect(await res.text()).toMatch(/dsh host did not answer/);
  expect(await openSocket(`${url.replace('http', 'ws')}/api/events.mux`)).toEqual({ status: 502 });
});

it.each<[string, Record<string, string>, boolean, Record<string, string | undefined>]>([
  [
    'a call: hop-by-hop dropped, Host and Origin rewritten',
    { host: '127.0.0.1:5173', origin: 'http://127.0.0.1:5173', connection: 'keep-alive', 'keep-alive': 'timeout=5', 'content-type': 'application/json' },
    false,
    { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000', connection: undefined, 'keep-alive': undefined, 'content-type': 'application/json' },
  ],
  ['a call without Origin keeps none', { host: 'localhost:5173' }, false, { host: '127.0.0.1:4000', origin: undefined }],
  [
    'a handshake keeps Connection, Upgrade and Sec-WebSocket-*',
    { host: 'localhost:5173', connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': 'k', 'sec-websocket-version': '13' },
    true,
    { host: '127.0.0.1:4000', connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': 'k', 'sec-websocket-version': '13' },
  ],
])('builds upstream headers for %s', (_what, incoming, upgrade, expected) => {
  const out = upstreamHeaders(incoming, new URL('http://127.0.0.1:4000'), upgrade);
  for (const [name, value] of Object.entries(expected)) expect({ name, value: out[name] }).toEqual({ name, value });
});

it('passes a header named __proto__ upstream as a header, never as the prototype of the header object', () => {
  const incoming = JSON.parse('{"host":"127.0.0.1:5173","__proto__":["x"],"constructor":"c"}') as Record<string, string>;
  const out = upstreamHeaders(incoming, new URL('http://127.0.0.1:4000'), false);
  expect(Object.hasOwn(out, '__proto__')).toBe(true);
  expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual(['x']);
  expect(Object.getPrototypeOf(out)).toBeNull();
  expect(out.constructor).toBe('c');
});

it.each<[string, string | RegExp]>([
  ['http://127.0.0.1:41234', 'http://127.0.0.1:41234'],
  ['http://localhost:41234/', 'http://localhost:41234'],
  ['http://[::1]:41234', 'http://[::1]:41234'],
  ['127.0.0.1:41234', /http:\/\/ URL|needs a URL/],
  ['ws://127.0.0.1:41234', /http:\/\/ URL/],
  ['http://127.0.0.1:41234/api', /without a path/],
  ['http://127.0.0.1:41234/?a=1', /without a path/],
])('parses --dsh %s', (input, expected) => {
  if (typeof expected === 'string') expect(parseDshUrl(input).origin).toBe(expected);
  else expect(() => parseDshUrl(input)).toThrow(expected);
});

it.each<[string, Record<string, string>, number]>([
  ['a loopback Host', {}, 200],
  ['Host evil.example (a rebound DNS name)', { host: 'evil.example' }, 403],
  ['an Origin that is not the Host', { origin: 'http://evil.example' }, 403],
  ['a cross-site subresource load', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }, 403],
])('serves the SPA through its own trust fence: %s → %i', async (_name, headers, status) => {
  const upstream = await fakeUpstream();
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-dist-'));
  closers.push(async () => fs.rmSync(dist, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ui-plan</title>');
  const { url } = await proxyTo(upstream.url, dist);
  const { port } = new URL(url);
  const answer = await new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(port), path: '/', headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
  expect(answer).toBe(status);
});
