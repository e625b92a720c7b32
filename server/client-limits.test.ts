/**
 * The client limits of the HTTP server in-process: what a refused body, a refused connection and a slow downlink
 * client are answered, that the connection counts stay right when a peer's own idle connection makes room, and that
 * the timeouts reach Node's server. Loopback only; every wait is bounded.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { createUiPlanServer, type UiPlanServerOptions } from './http.ts';
import { createBodyBudget, defaultClientLimits, guardConnections, peerOf, watchSlowConsumer } from './client-limits.ts';
import { createTestHarness } from '../testing/harness-fixture.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve(limits: UiPlanServerOptions['limits']) {
  const { host: harness } = createTestHarness();
  const carrier = createUiPlanServer({ harness, limits, logger: { warn: () => {}, error: () => {} } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => carrier.close());
  return { carrier, port: (carrier.server.address() as AddressInfo).port };
}

/** Open a raw connection from `localAddress`, send `text`, and collect what comes back until the server closes. */
function exchange(port: number, text: string | Buffer, localAddress = '127.0.0.1'): { answer: Promise<string>; socket: net.Socket } {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  closers.push(() => void socket.destroy());
  let got = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (c: Buffer) => (got += c.toString('latin1')));
    socket.on('error', () => resolve(got));
    socket.on('close', () => resolve(got));
  });
  socket.write(text);
  return { answer, socket };
}

const head = (port: number, extra: string) => `POST /api/session.list HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${extra}\r\n`;

it('answers 503 with the budget and Retry-After when a declared body would pass the shared body budget', async () => {
  const { port } = await serve({ bodyBudgetBytes: 256 * 1024, bodyAllowanceBytes: 16 * 1024 });
  const { answer } = exchange(port, head(port, `Content-Length: ${512 * 1024}\r\n`));
  const text = await answer;
  expect(text.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
  expect(text.toLowerCase()).toContain('retry-after: 1');
  expect(text).toContain('server busy: request bodies waiting in memory reached 256 KiB; retry shortly');
});

it('answers 503 while a body without a length streams past the budget, and gives the budget back afterwards', async () => {
  const { port } = await serve({ bodyBudgetBytes: 64 * 1024, bodyAllowanceBytes: 16 * 1024 });
  const chunk = (bytes: number) => `${bytes.toString(16)}\r\n${' '.repeat(bytes)}\r\n`;
  const { answer, socket } = exchange(port, head(port, 'Transfer-Encoding: chunked\r\n'));
  for (let i = 0; i < 8 && !socket.destroyed; i++) socket.write(chunk(16 * 1024));
  expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
  // What it held is given back: a normal call goes through.
  const ok = await fetch(`http://127.0.0.1:${port}/api/session.list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(clientRequest('session.list', {}, 'r1')),
  });
  expect(ok.status).toBe(200);
});

it('answers 408 naming the pause when a body stops arriving, and closes the connection', async () => {
  const { port } = await serve({ bodyIdleTimeoutMs: 300 });
  const { answer } = exchange(port, `${head(port, 'Content-Length: 100\r\n')}{"type":`);
  const text = await answer;
  expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  expect(text).toContain('request body too slow: nothing arrived for 0.3 s');
  expect(text.toLowerCase()).toContain('connection: close');
});

it('refuses a body over its limit from its Content-Length with 413, before any of it is sent', async () => {
  const { port } = await serve({});
  const { answer } = exchange(port, head(port, `Content-Length: ${2 * 1024 * 1024}\r\n`));
  const text = await answer;
  expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
  expect(text).toContain('request body too large (limit 1 MiB)');
});

it('applies the header, request and keep-alive timeouts to the server', async () => {
  const { carrier } = await serve({ headersTimeoutMs: 2_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 1_500 });
  expect([carrier.server.headersTimeout, carrier.server.requestTimeout, carrier.server.keepAliveTimeout]).toEqual([2_000, 30_000, 1_500]);
});

it('closes a connection that sends nothing once the headers timeout passed', async () => {
  const { port } = await serve({ headersTimeoutMs: 500 });
  const { answer } = exchange(port, '');
  const started = performance.now();
  expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  expect(performance.now() - started).toBeLessThan(5_000);
});

it('refuses a connection beyond the per-peer limit with 503 naming it, counting each loopback address on its own', async () => {
  const { port } = await serve({ connectionsPerPeer: 2 });
  const held = [exchange(port, '', '127.0.0.2'), exchange(port, '', '127.0.0.2')];
  await Promise.all(held.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))));
  const third = exchange(port, '', '127.0.0.2');
  const text = await third.answer;
  expect(text.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
  expect(text).toContain('too many connections from this address (limit 2)');
  // Another loopback address is another peer.
  const other = await fetch(`http://127.0.0.1:${port}/`);
  expect(other.status).toBe(200);
});

it('at the connection cap closes the idle connection of the peer holding most, and keeps the counts right', async () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  const guard = guardConnections(server, { connectionsPerPeer: 10, maxConnections: 3 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  closers.push(() => server.closeAllConnections());
  const port = (server.address() as AddressInfo).port;
  const open = async (from: string) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    closers.push(() => void socket.destroy());
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    return socket;
  };
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(check()).toBe(true);
  };
  const first = await open('127.0.0.2');
  const firstClosed = new Promise((resolve) => first.once('close', resolve));
  await open('127.0.0.2');
  await open('127.0.0.3');
  await waitFor(() => guard.open === 3);
  // A fourth from 127.0.0.2 itself: its own oldest idle connection makes room.
  await open('127.0.0.2');
  await firstClosed;
  await waitFor(() => guard.open === 3 && guard.openOf('127.0.0.2') === 2 && guard.openOf('127.0.0.3') === 1);
  // And a new peer is admitted the same way.
  const res = await fetch(`http://127.0.0.1:${port}/`);
  expect(await res.text()).toBe('ok');
  await waitFor(() => guard.openOf('127.0.0.2') + guard.openOf('127.0.0.3') === 2);
});

it('counts an IPv4-mapped IPv6 peer as its IPv4 address', () => {
  expect(peerOf('::ffff:127.0.0.2')).toBe('127.0.0.2');
  expect(peerOf('::1')).toBe('::1');
});

it('keeps a shared body budget: takes while there is room, never below zero', () => {
  const budget = createBodyBudget(100);
  expect([budget.take(60), budget.take(50), budget.take(40), budget.used]).toEqual([true, false, true, 100]);
  budget.give(150);
  expect(budget.used).toBe(0);
});

it('closes a downlink client only after it stayed over the cap for the allowed time, even with no further frame', () => {
  vi.useFakeTimers();
  const socket = { bufferedAmount: 0 };
  const onSlow = vi.fn();
  const watch = watchSlowConsumer(socket, { wsSendBufferBytes: 100, wsBehindMs: 1_000 }, onSlow);
  socket.bufferedAmount = 5_000; // a burst: one large frame
  expect(watch.beforeSend()).toBe(false);
  vi.advanceTimersByTime(900);
  socket.bufferedAmount = 50; // read in time
  expect(watch.beforeSend()).toBe(false);
  socket.bufferedAmount = 200;
  expect(watch.beforeSend()).toBe(false);
  vi.advanceTimersByTime(999);
  expect(onSlow).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(onSlow).toHaveBeenCalledTimes(1);
  expect(watch.beforeSend()).toBe(true);
  expect(onSlow).toHaveBeenCalledTimes(1);
});

it('derives the connection cap from the descriptor limit, leaving a quarter (at least 64) for files', () => {
  expect(defaultClientLimits(1024).maxConnections).toBe(768);
  expect(defaultClientLimits(256).maxConnections).toBe(192);
  expect(defaultClientLimits(100).maxConnections).toBe(36);
});
