/**
 * The static server of the built SPA (server/static.ts, on sirv) through the real carrier on loopback: caching
 * (immutable assets, `no-cache` index with ETag and 304), precompressed siblings, GET/HEAD only, SPA fallback only
 * for extension-less routes, dotfiles and symlinks leaving dist/ never served, a rebuild picked up, and the page
 * security headers (CSP without 'unsafe-inline', frame and sniffing protection) on every page response.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Harness } from '../harness/types.ts';
import { createUiPlanServer, type UiPlanServer } from './http.ts';
import { contentSecurityPolicyOf } from './security-headers.ts';
import { classifyStaticPath, servableFiles } from './static.ts';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>';
const SCRIPT = 'console.log("the app")';

const idleHost: Harness = {
  hasMethod: () => false,
  handleRequest: () => Promise.reject(new Error('not used')),
  handleRespond: async () => ({ accepted: false, reason: 'not-pending' }),
  openMux: () => () => {},
  openHostStream: () => () => {},
  close: async () => {},
};

let root: string;
let dist: string;
let api: UiPlanServer;
let port: number;
const warnings: string[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-static-'));
  dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'parse.worker-abc.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.css'), 'body{}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(dist, 'assets', 'escape.js'));
  fs.symlinkSync(root, path.join(dist, 'up'));
  fs.symlinkSync(path.join(dist, 'favicon.svg'), path.join(dist, 'icon.svg'));
  api = createUiPlanServer({ harness: idleHost, staticDir: dist, logger: { warn: (m) => void warnings.push(m), error: (m) => void warnings.push(m) } });
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  port = (api.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await api.close();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(pathname: string, options: { method?: string; headers?: Record<string, string>; port?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: options.port ?? port, method: options.method ?? 'GET', path: pathname, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

it('caches hashed assets for a year as immutable', async () => {
  const answer = await request('/assets/index-abc.js');
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(answer.body.toString()).toBe(SCRIPT);
});

it('serves the index with no-cache and an ETag, and answers 304 to a matching If-None-Match', async () => {
  const first = await request('/');
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toBe('no-cache');
  expect(first.headers.etag).toMatch(/^W\/".+"$/);
  const again = await request('/', { headers: { 'if-none-match': String(first.headers.etag) } });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

it.each([
  ['br', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
  ['gzip, deflate', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ['gzip, deflate, br', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
])('serves the precompressed sibling for Accept-Encoding %s', async (accept, encoding, decode) => {
  const answer = await request('/assets/index-abc.js', { headers: { 'accept-encoding': accept } });
  expect(answer.headers['content-encoding']).toBe(encoding);
  expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(answer.headers.vary).toMatch(/accept-encoding/i);
  expect(decode(answer.body).toString()).toBe(SCRIPT);
});

it('serves the plain file when the client accepts no compression or the sibling is missing', async () => {
  expect((await request('/assets/index-abc.js', { headers: { 'accept-encoding': 'identity' } })).headers['content-encoding']).toBeUndefined();
  expect((await request('/favicon.svg', { headers: { 'accept-encoding': 'br, gzip' } })).headers['content-encoding']).toBeUndefined();
});

it.each([['POST'], ['PUT'], ['DELETE'], ['OPTIONS'], ['PATCH']])('answers %s on a static path with 405', async (method) => {
  const answer = await request('/', { method });
  expect(answer.status).toBe(405);
  expect(answer.headers.allow).toBe('GET, HEAD');
});

it('answers HEAD with the headers and no body', async () => {
  const answer = await request('/assets/index-abc.js', { method: 'HEAD' });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-length']).toBe(String(SCRIPT.length));
  expect(answer.body.length).toBe(0);
});

it.each([
  ['an extension-less client route', '/sessions/session-1', 200, INDEX],
  ['a missing asset with an extension', '/missing.js', 404, 'not found'],
  ['an extension-less path under /assets/', '/assets/chunk', 404, 'not found'],
  ['a file used as a folder', '/favicon.svg/more', 404, 'not found'],
  ['a dotfile', '/.env', 404, 'not found'],
  ['a symlink to a file outside dist/', '/assets/escape.js', 404, 'not found'],
  ['a path through a symlink to a folder outside dist/', '/up/secret.txt', 404, 'not found'],
  ['a symlink that stays inside dist/', '/icon.svg', 200, '<svg/>'],
])('answers %s with %s', async (_name, pathname, status, body) => {
  const answer = await request(pathname);
  expect(answer.status).toBe(status);
  expect(answer.body.toString()).toBe(body);
});

it('ignores Range and sends whole files (a malformed range cannot make the read throw)', async () => {
  for (const range of ['bytes=5-2', 'bytes=-3', 'bytes=abc', 'bytes=99999-']) {
    const answer = await request('/assets/index-abc.js', { headers: { range } });
    expect({ range, status: answer.status, body: answer.body.toString() }).toEqual({ range, status: 200, body: SCRIPT });
  }
});

it.each([
  ['the index', '/'],
  ['the SPA fallback', '/some/route'],
  ['a worker script (its own policy)', '/assets/parse.worker-abc.js'],
  ['an SVG', '/favicon.svg'],
  ['a 404 page', '/missing.js'],
  ['a 403 page', '/%2e%2e/x'],
])('sends the page security headers with %s', async (_name, pathname) => {
  const answer = await request(pathname, { headers: { host: `127.0.0.1:${port}` } });
  expect(answer.headers['content-security-policy']).toBe(
    `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:${port} wss://127.0.0.1:${port}; ` +
      "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
  );
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('no-referrer');
});

it.each([
  ['a script', '/assets/index-abc.js'],
  ['a style sheet', '/assets/index-abc.css'],
])('sends nosniff alone with %s (the page headers do nothing there)', async (_name, pathname) => {
  const answer = await request(pathname, { headers: { host: `127.0.0.1:${port}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy']) expect(answer.headers[name]).toBeUndefined();
});

it('sends the page security headers with the not-built page', async () => {
  const bare = createUiPlanServer({ harness: idleHost, staticDir: path.join(root, 'nothing-here') });
  await new Promise<void>((resolve) => bare.server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await request('/', { port: (bare.server.address() as AddressInfo).port });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('npm run build');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  } finally {
    await bare.close();
  }
});

it.each([
  ['a plain authority', '127.0.0.1:5173', ' ws://127.0.0.1:5173 wss://127.0.0.1:5173;'],
  ['an IPv6 authority', '[::1]:80', ' ws://[::1]:80 wss://[::1]:80;'],
  ['a Host that tries to add a directive', "127.0.0.1; script-src 'unsafe-inline'", "connect-src 'self';"],
  ['a Host with a wildcard', '*', "connect-src 'self';"],
  ['no Host', undefined, "connect-src 'self';"],
])('never copies anything but a plain authority into connect-src: %s', (_name, host, expected) => {
  const policy = contentSecurityPolicyOf(host);
  expect(policy).toContain(expected);
  expect(policy).not.toContain('unsafe-inline');
});

it('picks up a rebuild: new hashed assets are served and removed ones are 404 without a crash', async () => {
  const rebuilt = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-rebuild-'));
  fs.mkdirSync(path.join(rebuilt, 'assets'));
  fs.writeFileSync(path.join(rebuilt, 'index.html'), '<!doctype html><title>v1</title>');
  fs.writeFileSync(path.join(rebuilt, 'assets', 'v1.js'), 'v1');
  const s = createUiPlanServer({ harness: idleHost, staticDir: rebuilt });
  await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
  const p = (s.server.address() as AddressInfo).port;
  try {
    expect((await request('/assets/v1.js', { port: p })).status).toBe(200);
    fs.rmSync(path.join(rebuilt, 'assets', 'v1.js'));
    fs.writeFileSync(path.join(rebuilt, 'assets', 'v2.js'), 'v2');
    fs.writeFileSync(path.join(rebuilt, 'index.html'), '<!doctype html><title>version two</title>');
    const index = await request('/', { port: p });
    expect(index.body.toString()).toBe('<!doctype html><title>version two</title>');
    expect((await request('/assets/v2.js', { port: p })).body.toString()).toBe('v2');
    expect((await request('/assets/v1.js', { port: p })).status).toBe(404);
  } finally {
    await s.close();
    fs.rmSync(rebuilt, { recursive: true, force: true });
  }
});

it('serves a dist/ holding a dangling symlink (sirv alone would refuse to start)', async () => {
  const odd = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-dangling-'));
  fs.writeFileSync(path.join(odd, 'index.html'), '<!doctype html><title>odd</title>');
  fs.symlinkSync(path.join(odd, 'gone'), path.join(odd, 'dangling.js'));
  const s = createUiPlanServer({ harness: idleHost, staticDir: odd, logger: { warn() {}, error() {} } });
  await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
  const p = (s.server.address() as AddressInfo).port;
  try {
    expect((await request('/', { port: p })).body.toString()).toBe('<!doctype html><title>odd</title>');
    expect((await request('/dangling.js', { port: p })).status).toBe(404);
  } finally {
    await s.close();
    fs.rmSync(odd, { recursive: true, force: true });
  }
});

it('lists only files that stay inside dist/ and are not dotfiles', () => {
  expect([...servableFiles(dist)].sort()).toEqual([
    '/assets/index-abc.css',
    '/assets/index-abc.js',
    '/assets/index-abc.js.br',
    '/assets/index-abc.js.gz',
    '/assets/parse.worker-abc.js',
    '/favicon.svg',
    '/icon.svg',
    '/index.html',
  ]);
});

it.each<[string, ReturnType<typeof classifyStaticPath>]>([
  ['/', { kind: 'key', key: '/' }],
  ['/a%20b', { kind: 'key', key: '/a b' }],
  ['/caf%C3%A9', { kind: 'key', key: '/café' }],
  ['/x?y=%zz', { kind: 'key', key: '/x' }],
  ['/%zz', { kind: 'refuse', status: 400, text: 'bad path' }],
  ['/a%0Ab', { kind: 'refuse', status: 400, text: 'bad path' }],
  ['*', { kind: 'refuse', status: 400, text: 'bad path' }],
  ['/%2e%2e', { kind: 'refuse', status: 403, text: 'forbidden' }],
  ['/a/./b', { kind: 'refuse', status: 403, text: 'forbidden' }],
  ['/a%5cb', { kind: 'refuse', status: 403, text: 'forbidden' }],
  ['/a%00', { kind: 'refuse', status: 403, text: 'forbidden' }],
  [`/${'é'.repeat(128)}`, { kind: 'refuse', status: 404, text: 'not found' }],
])('classifies %s', (raw, expected) => {
  expect(classifyStaticPath(raw)).toEqual(expected);
});
