/**
 * The real server (createUiPlanServer over the real host and FileStorage, on 127.0.0.1 port 0) survives any request:
 * every reproduction in fixtures/trust/server/hostile-requests.json and a seeded fuzz of
 * malformed paths and upgrade targets, sent as raw bytes over `net` so no client library normalises them, gets a
 * 4xx (or the SPA for an extension-less route), never a 500 or a dropped connection, and `session.list` still
 * answers afterwards. Over-long ids and deeply nested bodies get 4xx answers naming the limit, never a server path.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';
import { mulberry32 } from '../fixtures/seeded-random.mjs';
import { MAX_JSON_DEPTH } from '../carrier/rules.ts';
import { createHarness, type ReferenceHarness } from '../harness/harness.ts';
import { modelFromSpec } from '../harness/models/index.ts';
import { MAX_ID_CHARS } from '../src/core/protocol/ids.ts';
import { createDshProxyServer } from './dsh-proxy.ts';
import { FileStorage } from './file-storage.ts';
import { createUiPlanServer, guardUpgrade, type UiPlanServer } from './http.ts';
import { createTrustFence } from './trust-fence.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const hostile = JSON.parse(readFixture('trust', 'server', 'hostile-requests.json')) as { paths: string[]; upgrades: string[] };
const INDEX = '<!doctype html><title>app</title>';

let root: string;
let dataDir: string;
let storage: FileStorage;
let host: ReferenceHarness;
let api: UiPlanServer;
let port: number;
const errors: string[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-robust-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
  fs.mkdirSync(path.join(root, 'outside'));
  fs.writeFileSync(path.join(root, 'outside', 'secret.txt'), 'secret');
  fs.writeFileSync(path.join(root, 'ui-plan-secret.txt'), 'secret');
  fs.symlinkSync(path.join(root, 'outside'), path.join(dist, 'leak'));
  fs.symlinkSync(path.join(root, 'outside', 'secret.txt'), path.join(dist, 'leak-file.txt'));
  fs.symlinkSync(path.join(root, 'ui-plan-secret.txt'), path.join(dist, 'assets', 'escape.js'));
  dataDir = path.join(root, 'data');
  storage = new FileStorage({ dataDir, logger: { warn() {} } });
  host = createHarness({ storage, model: modelFromSpec('scripted', () => '', { speed: 0 }), cwd: '/work', logger: { warn() {} } });
  api = createUiPlanServer({
    harness: host,
    staticDir: dist,
    logger: { warn: (m) => void errors.push(m), error: (m) => void errors.push(m) },
  });
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  port = (api.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await api.close();
  await host.close();
  storage.close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  body: string;
}

/** Send raw request bytes and read the answer until the server closes (a reset or no status line fails). */
function rawRequest(bytes: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (error) => reject(error));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      if (status === undefined) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 80))}`));
      else resolve({ status: Number(status), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(bytes);
  });
}

/** A raw request: the request line, `Host` (unless given in `headers`), then `headers`. */
function request(target: string, headers: Record<string, string>): Promise<RawAnswer> {
  const all = { Host: `127.0.0.1:${port}`, ...headers };
  const lines = [`GET ${target} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`)];
  return rawRequest(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
}

function get(target: string): Promise<RawAnswer> {
  return request(target, { Connection: 'close' });
}

function upgrade(target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return request(target, {
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
    ...headers,
  });
}

async function post(method: string, body: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.status, text: await res.text() };
}

async function sessionListAnswers(): Promise<void> {
  const answer = await post('session.list', JSON.stringify(clientRequest('session.list', {}, 'alive')));
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text)).toMatchObject({ type: 'server-response', rpcId: 'alive', result: { ok: true } });
}

/** Bodies a 200 may carry: the SPA (an extension-less route) or one of the real files in dist/. */
const SERVABLE = new Set([INDEX, '<svg/>', 'console.log(1)']);

/** An answer of the static server to a malformed path: a 4xx, or the SPA / a real dist file (e.g. with a query). */
function isFourXxOrSpa(answer: RawAnswer): boolean {
  return (answer.status >= 400 && answer.status < 500) || (answer.status === 200 && SERVABLE.has(answer.body));
}

it.each(hostile.paths.map((p) => [JSON.stringify(p).slice(0, 80), p]))(
  'answers the path %s with a 4xx or the SPA and never leaks a file outside dist/',
  async (_name, target) => {
    const answer = await get(target);
    expect(isFourXxOrSpa(answer), `${answer.status} ${answer.body.slice(0, 60)}`).toBe(true);
    expect(answer.body).not.toContain('secret');
    expect(answer.body).not.toContain('SECRET');
  },
);

it.each([
  ['a file used as a folder', '/favicon.svg/x', 404],
  ['a 300-character name', `/${'a'.repeat(300)}`, 404],
  ['a NUL byte', '/index.html%00', 403],
  ['an encoded separator', '/assets%2findex-abc.js', 403],
  ['an encoded ..', '/%2e%2e/ui-plan-secret.txt', 403],
  ['an invalid escape', '/%zz', 400],
  ['a symlink leaving dist/', '/leak/secret.txt', 404],
  ['a dotfile', '/.env', 404],
  ['a URL over 2,048 characters', `/${'d'.repeat(3000)}`, 414],
])('answers the reproduction of %s with %s', async (_name, target, status) => {
  expect((await get(target)).status).toBe(status);
});

it.each(hostile.upgrades.map((p) => [JSON.stringify(p).slice(0, 80), p]))('answers an upgrade of %s with a 4xx on the socket', async (_name, target) => {
  const answer = await upgrade(target);
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
});

it.each([
  ['an unknown path', '/no/such/socket'],
  ['a URL new URL() rejects', 'http://[/api/events.mux'],
  ['the mux', '/api/events.mux'],
])('runs the trust fence first for an upgrade of %s from a foreign Host', async (_name, target) => {
  const answer = await upgrade(target, { Host: 'evil.example' });
  expect(answer.status).toBe(target.startsWith('http://[') ? 400 : 403);
});

const PIECES = [
  '/',
  '//',
  'a',
  'assets',
  'index.html',
  'favicon.svg',
  'api',
  'events.mux',
  '..',
  '.',
  '\\',
  '%',
  '%2',
  '%zz',
  '%00',
  '%2f',
  '%5C',
  '%2e%2e',
  '%2E',
  '%c0%af',
  '%ff',
  '%e9',
  '\u00e9',
  '?',
  '?x=%zz',
  '#',
  ';',
  ':',
  '@',
  '.js',
  '.br',
  '.env',
  'leak',
  'escape.js',
  'x'.repeat(120),
  'y'.repeat(260),
  '%25',
  '~',
  '[',
  ']',
  'http:',
  '\u007f',
  '\u0001',
];

function fuzzTarget(random: () => number): string {
  const parts = Array.from({ length: 1 + Math.floor(random() * 8) }, () => PIECES[Math.floor(random() * PIECES.length)] ?? '');
  const joined = parts.join(random() < 0.5 ? '/' : '');
  return random() < 0.85 ? `/${joined}` : joined;
}

it('answers 300 fuzzed paths with a 4xx or the SPA, never a 500 or a dropped connection, and still serves session.list', async () => {
  const random = mulberry32(0x8e11);
  const failures: string[] = [];
  for (let i = 0; i < 300; i++) {
    const target = fuzzTarget(random);
    const answer = await get(target).catch((error: unknown) => ({ status: -1, body: String(error) }));
    if (!isFourXxOrSpa(answer)) failures.push(`${JSON.stringify(target)} → ${answer.status}`);
  }
  expect(failures).toEqual([]);
  await sessionListAnswers();
});

it('answers 200 fuzzed upgrade targets with a 4xx, never a 500 or a dropped connection, and still serves session.list', async () => {
  const random = mulberry32(0x5eed);
  const failures: string[] = [];
  for (let i = 0; i < 200; i++) {
    const target = random() < 0.3 ? `http://${fuzzTarget(random).replace(/^\//, '')}` : fuzzTarget(random);
    const answer = await upgrade(target).catch((error: unknown) => ({ status: -1, body: String(error) }));
    if (!(answer.status >= 400 && answer.status < 500)) failures.push(`${JSON.stringify(target)} → ${answer.status}`);
  }
  expect(failures).toEqual([]);
  await sessionListAnswers();
});

it('never logs a crash for any of the hostile requests', () => {
  expect(errors.filter((m) => /crashed/.test(m))).toEqual([]);
});

it('answers session.create with a 5,000-character id with bad-request naming the field and the limit, never the data dir', async () => {
  const sessionId = `session-${'a'.repeat(5000)}`;
  const answer = await post('session.create', JSON.stringify(clientRequest('session.create', { sessionId }, 'long')));
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.text)).toMatchObject({
    rpcId: 'long',
    result: {
      ok: false,
      error: { code: 'bad-request', message: `invalid payload for "session.create": sessionId: must be at most ${MAX_ID_CHARS} characters` },
    },
  });
  expect(answer.text).not.toContain(dataDir);
  expect(answer.text).not.toContain(os.tmpdir());
  await sessionListAnswers();
});

it.each([
  ['session.list', (deep: string) => `{"type":"client-request","rpcId":"d","method":"session.list","payload":{"x":${deep}}}`],
  ['session.create', (deep: string) => `{"type":"client-request","rpcId":"d","method":"session.create","payload":${deep}}`],
  ['session.import', (deep: string) => `{"type":"client-request","rpcId":"d","method":"session.import","payload":{"jsonl":"","x":${deep}}}`],
  ['respond', (deep: string) => `{"type":"client-response","rpcId":"d","result":${deep}}`],
  ['commands/execute', (deep: string) => deep],
])('answers a %s body nested 5,000 levels deep with 400 naming the nesting limit', async (method, body) => {
  const deep = `${'{"a":['.repeat(2500)}1${']}'.repeat(2500)}`;
  const answer = await post(method, body(deep));
  expect(answer).toEqual({ status: 400, text: `body is nested too deeply (limit ${MAX_JSON_DEPTH} levels of arrays and objects)` });
  await sessionListAnswers();
});

it('answers a crash inside a request handler with 500, logs it, and keeps serving', async () => {
  const logged: string[] = [];
  const broken = createUiPlanServer({
    harness: {
      ...host,
      hasMethod: () => {
        throw new Error('hasMethod exploded');
      },
    },
    logger: { warn: (m) => void logged.push(m), error: (m) => void logged.push(m) },
  });
  await new Promise<void>((resolve) => broken.server.listen(0, '127.0.0.1', resolve));
  const p = (broken.server.address() as AddressInfo).port;
  try {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${p}/api/session.list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect({ status: res.status, text: await res.text() }).toEqual({ status: 500, text: 'internal server error' });
    }
    expect(logged.filter((m) => m.includes('POST /api/session.list crashed'))).toHaveLength(3);
  } finally {
    await broken.close();
  }
});

it('answers a crash while accepting an upgrade with 500 on the socket, logs it, and keeps serving', async () => {
  const logged: string[] = [];
  const server = http.createServer((_req, res) => res.end('ok'));
  const fence = createTrustFence({});
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
    guardUpgrade(
      req,
      socket,
      fence,
      ['/api/events.mux'],
      () => {
        throw new Error('attach exploded');
      },
      { warn() {}, error: (m) => void logged.push(m) },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const p = (server.address() as AddressInfo).port;
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(p, '127.0.0.1');
      let text = '';
      socket.on('data', (c: Buffer) => {
        text += c.toString('latin1');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write(`GET /api/events.mux HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n/);
    expect(logged).toEqual([expect.stringContaining('upgrade /api/events.mux crashed')]);
    expect(await (await fetch(`http://127.0.0.1:${p}/`)).text()).toBe('ok');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

it('guards the serve --dsh proxy the same way: hostile paths and upgrades get a 4xx, never a crash', async () => {
  const dist = path.join(root, 'dist');
  const proxy = createDshProxyServer({ upstream: 'http://127.0.0.1:9', staticDir: dist, logger: { warn() {}, error: (m) => void errors.push(m) } });
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  const saved = port;
  port = (proxy.server.address() as AddressInfo).port;
  try {
    for (const target of hostile.paths) {
      const answer = await get(target);
      expect({ target, ok: isFourXxOrSpa(answer) }).toEqual({ target, ok: true });
    }
    for (const target of hostile.upgrades) {
      const answer = await upgrade(target);
      expect({ target, status: answer.status >= 400 && answer.status < 500 }).toEqual({ target, status: true });
    }
    expect((await upgrade('/api/events.mux', { Host: 'evil.example' })).status).toBe(403);
  } finally {
    port = saved;
    await proxy.close();
  }
  expect(errors.filter((m) => /crashed/.test(m))).toEqual([]);
});

it('imports a log holding a line nested 5,000 levels deep with that line skipped naming the limit', async () => {
  const deep = `${'{"a":['.repeat(2500)}1${']}'.repeat(2500)}`;
  const jsonl = [
    '{"type":"session","version":0,"id":"x","createdAt":1,"cwd":"/"}',
    '{"type":"user/message","data":{"content":[{"type":"text","text":"hi"}],"source":{"kind":"user"},"role":"user","id":"m1"}}',
    `{"type":"custom/deep","data":${deep}}`,
  ].join('\n');
  const answer = await post('session.import', JSON.stringify(clientRequest('session.import', { jsonl }, 'imp')));
  const body = JSON.parse(answer.text) as { result: { ok: boolean; value: { sessionId: string; skipped: unknown[] } } };
  expect(body.result).toMatchObject({
    ok: true,
    value: { skipped: [{ line: 3, reason: `nested too deeply (limit ${MAX_JSON_DEPTH} levels of arrays and objects)` }] },
  });
  const history = await post('session.history', JSON.stringify(clientRequest('session.history', { sessionId: body.result.value.sessionId }, 'h')));
  expect(history.status).toBe(200);
  expect(JSON.parse(history.text)).toMatchObject({ result: { ok: true } });
});
