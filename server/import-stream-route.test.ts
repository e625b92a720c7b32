/**
 * `POST /api/sessions/import.jsonl` against the real carrier on loopback: a file streamed in small chunks opens the
 * session `session.import {jsonl}` opens, stored byte for byte; the limits hold while it streams (a log over 16 MB is
 * refused before the client finished sending); the head is checked before the body (fence, verb, type, length).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFixture, readRecordingFixture } from '../fixtures/paths.ts';
import { createTestHarness } from '../testing/harness-fixture.ts';
import { FileStorage } from './file-storage.ts';
import { createUiPlanServer } from './http.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function start() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-import-stream-'));
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const storage = new FileStorage({ dataDir, logger: { warn() {} } });
  // Deterministic ids and clock: two servers given the same file store the same bytes.
  const { host } = createTestHarness([], { storage });
  const carrier = createUiPlanServer({ harness: host, logger: { warn() {}, error() {} } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => host.close());
  cleanup.push(() => carrier.close());
  const port = (carrier.server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const stored = (sessionId: string) => fs.readFileSync(path.join(dataDir, 'sessions', `${sessionId}.jsonl`));
  return { base, port, stored };
}

/** A fetch body that hands `bytes` over in chunks of `size` bytes, one per pull. */
function trickle(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const streamed = (base: string, body: BodyInit, contentType = 'application/jsonl') =>
  fetch(`${base}/api/sessions/import.jsonl`, { method: 'POST', headers: { 'content-type': contentType }, body, duplex: 'half' } as RequestInit);

const oneShot = (base: string, jsonl: string) =>
  fetch(`${base}/api/session.import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'client-request', rpcId: 'r1', method: 'session.import', payload: { jsonl } }),
  });

describe('streamed import route', () => {
  it.each([
    ['the plan-review recording', readRecordingFixture('plan-review')],
    [
      'a log with malformed lines and a torn last line',
      readFixture('trust', 'mixed-events.jsonl') + 'not json\n{"type":"user/message","data":{"content":[{"ty',
    ],
  ])('opens %s as the one-shot import does, stored byte for byte', async (_name, text) => {
    const a = await start();
    const b = await start();
    const one = await (await oneShot(a.base, text)).json();
    const res = await streamed(b.base, trickle(Buffer.from(text, 'utf8'), 1000));
    expect(res.status).toBe(200);
    const two = await res.json();
    expect(two.result).toEqual(one.result);
    const { sessionId } = two.result.value;
    expect(b.stored(sessionId).equals(a.stored(sessionId))).toBe(true);
  });

  it('answers a file that is not a log with the one-shot refusal (400, details.refusal)', async () => {
    const { base } = await start();
    const res = await streamed(base, 'hello\nworld\n');
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.details.refusal).toMatchObject({ kind: 'no-events', lines: 2 });
  });

  it('refuses a log over 16 MB with 413 naming the limit before the client finished sending', async () => {
    const { port } = await start();
    const line = Buffer.from(`{"type":"user/message","data":{"content":[{"type":"text","text":"${'x'.repeat(4000)}"}]}}\n`);
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/sessions/import.jsonl',
        headers: { 'content-type': 'application/jsonl' },
      });
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
      });
      // The server closes the connection after its answer; what the client was still writing then may fail.
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      // Bounded: at most 24 MB are offered, and the request is never ended, so only a refusal while streaming answers.
      const write = (): void => {
        while (!answered && sent < 24 * 1024 * 1024) {
          sent += line.length;
          if (!req.write(line)) return void req.once('drain', write);
        }
      };
      write();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).result.error.message).toBe('the log is too large to open: over 16777216 characters (the limit is 16 MB)');
    expect(answer.sent).toBeLessThan(24 * 1024 * 1024);
  });

  it('refuses a declared body over 32 MiB from its Content-Length, before reading it', async () => {
    const { port } = await start();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/sessions/import.jsonl',
        headers: { 'content-type': 'application/jsonl', 'content-length': String(33 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{');
    });
    expect(status).toBe(413);
  });

  it.each([
    ['another verb', 'PUT', 'application/jsonl', {}, 405],
    ['a JSON body', 'POST', 'application/json', {}, 415],
    ['a form body', 'POST', 'text/plain', {}, 415],
    ['a foreign origin', 'POST', 'application/jsonl', { origin: 'http://evil.example' }, 403],
  ])('refuses %s', async (_name, method, contentType, headers, status) => {
    const { base } = await start();
    const res = await fetch(`${base}/api/sessions/import.jsonl`, {
      method,
      headers: { 'content-type': contentType, ...headers },
      body: readRecordingFixture('plan-review'),
    });
    expect(res.status).toBe(status);
  });

  it('is declared in host.describe', async () => {
    const { base } = await start();
    const res = await fetch(`${base}/api/host.describe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'client-request', rpcId: 'r1', method: 'host.describe', payload: {} }),
    });
    expect((await res.json()).result.value.capabilities.importStream).toBe(true);
  });
});
