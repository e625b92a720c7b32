/**
 * The `serve --dsh` proxy against upstreams that misbehave, each a raw TCP server on loopback writing exactly the
 * bytes of its fault: a status below 100, 100 or 101 to a plain POST, no answer at all, a reset, headers over the
 * limit, a refused or hung WebSocket upgrade, more concurrent calls than the proxy's sockets. Every answer the
 * browser gets is a valid HTTP response (502 with a reason, 504 after the timeout) and the proxy keeps serving.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDshProxyServer, type DshProxyOptions } from './dsh-proxy.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * A raw upstream: `answer` gets each connection and the bytes of its first request head, and writes what it likes.
 * @returns its URL and how many connections it has open now and at most
 */
async function rawUpstream(answer: (socket: net.Socket, head: string) => void) {
  const open = new Set<net.Socket>();
  let most = 0;
  const server = net.createServer((socket) => {
    open.add(socket);
    most = Math.max(most, open.size);
    socket.on('error', () => {});
    socket.once('close', () => open.delete(socket));
    let text = '';
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!answered && text.includes('\r\n\r\n')) {
        answered = true;
        answer(socket, text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, most: () => most };
}

async function proxyTo(upstream: string, options: Partial<DshProxyOptions> = {}) {
  const proxy = createDshProxyServer({ upstream, logger: { warn: () => {}, error: () => {} }, ...options });
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => proxy.close());
  return `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
}

/**
 * POST a call through the proxy, bounded by `timeoutMs`.
 * @returns the status and body, or `{status: 0}` when there was no answer in time (or the connection failed)
 */
function post(url: string, timeoutMs = 5_000): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(`${url}/api/session.list`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, body, ms: performance.now() - started }));
    });
    req.setTimeout(timeoutMs, () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
    req.end('{"type":"client-request","rpcId":"r1","method":"session.list","payload":{}}');
  });
}

const ok = (socket: net.Socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');

it('answers 502 naming the status when the dsh host answers with a status below 100, and keeps serving', async () => {
  let calls = 0;
  const upstream = await rawUpstream((socket) => {
    if (calls++ === 0) socket.end('HTTP/1.1 099 Odd\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    else ok(socket);
  });
  const url = await proxyTo(upstream.url);
  const first = await post(url);
  expect(first.status).toBe(502);
  expect(first.body).toBe('bad gateway: the dsh host answered with an invalid status (99)');
  expect((await post(url)).status).toBe(200);
});

it('answers 502 when the dsh host switches protocols (101) on a plain POST', async () => {
  const upstream = await rawUpstream((socket) => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: other\r\nConnection: Upgrade\r\n\r\n'));
  const url = await proxyTo(upstream.url);
  const answer = await post(url);
  expect(answer.status).toBe(502);
  expect(answer.body).toBe('bad gateway: the dsh host switched protocols (101) on a request that was not an upgrade');
});

it('passes the final answer after a 100 Continue, and answers 504 when none follows within the timeout', async () => {
  let calls = 0;
  const upstream = await rawUpstream((socket) => {
    socket.write('HTTP/1.1 100 Continue\r\n\r\n');
    if (calls++ === 0) ok(socket);
  });
  const url = await proxyTo(upstream.url, { upstreamTimeoutMs: 800 });
  expect((await post(url)).status).toBe(200);
  const hung = await post(url);
  expect(hung.status).toBe(504);
  expect(hung.body).toBe('gateway timeout: the dsh host did not answer within 0.8 s');
});

it('answers 504 within the timeout when the dsh host never answers', async () => {
  const upstream = await rawUpstream(() => {});
  const url = await proxyTo(upstream.url, { upstreamTimeoutMs: 800 });
  const answer = await post(url);
  expect(answer.status).toBe(504);
  expect(answer.ms).toBeLessThan(4_000);
});

it('answers 502 naming the reset when the dsh host drops the connection', async () => {
  const upstream = await rawUpstream((socket) => socket.resetAndDestroy());
  const url = await proxyTo(upstream.url);
  const answer = await post(url);
  expect(answer.status).toBe(502);
  expect(answer.body).toMatch(/^bad gateway: the dsh host closed the connection \((ECONNRESET|socket hang up)\)$/);
});

it('answers 502 when the dsh host sends headers over the limit', async () => {
  const upstream = await rawUpstream((socket) => socket.end(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\nContent-Length: 0\r\n\r\n`));
  const url = await proxyTo(upstream.url);
  const answer = await post(url);
  expect(answer.status).toBe(502);
  expect(answer.body).toBe('bad gateway: the dsh host sent an answer that is not valid HTTP (HPE_HEADER_OVERFLOW)');
});

it('keeps at most maxSockets connections to the dsh host; calls beyond them wait and time out like the rest', async () => {
  const upstream = await rawUpstream(() => {});
  const url = await proxyTo(upstream.url, { upstreamTimeoutMs: 1_000, maxSockets: 3 });
  const answers = await Promise.all(Array.from({ length: 8 }, () => post(url)));
  expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 504));
  expect(upstream.most()).toBeLessThanOrEqual(3);
});

/** Open a WebSocket through the proxy; resolves with `open` or the status of the refusal (0: no answer in time). */
function upgrade(url: string, timeoutMs = 5_000): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/events.mux`, { handshakeTimeout: timeoutMs });
    closers.push(() => ws.terminate());
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? -1));
    ws.once('error', () => resolve(0));
  });
}

it.each<[string, string, number]>([
  ['a refusal (403)', 'HTTP/1.1 403 Forbidden\r\nContent-Length: 9\r\nConnection: close\r\n\r\nforbidden', 403],
  ['a status below 100', 'HTTP/1.1 042 Odd\r\nContent-Length: 0\r\nConnection: close\r\n\r\n', 502],
])('passes on an upgrade the dsh host refuses with %s as a valid answer', async (_what, bytes, status) => {
  const upstream = await rawUpstream((socket) => socket.end(bytes));
  const url = await proxyTo(upstream.url);
  expect(await upgrade(url)).toBe(status);
});

it('answers an upgrade the dsh host never answers with 504 within the timeout', async () => {
  const upstream = await rawUpstream(() => {});
  const url = await proxyTo(upstream.url, { upstreamTimeoutMs: 800 });
  expect(await upgrade(url)).toBe(504);
});

it('tunnels an upgrade the dsh host accepts', async () => {
  const upstream = await rawUpstream((socket, head) => {
    const key = /sec-websocket-key: (\S+)/i.exec(head)?.[1] ?? '';
    const accept = crypto.createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  });
  const url = await proxyTo(upstream.url);
  expect(await upgrade(url)).toBe('open');
});
