/**
 * Tests of the parts of the real-host launcher that run without a host: the log completion the published replay
 * plugin needs (over the recorded plan-review fixture), the `--patch` overlay, where the install cache lives, and the
 * readiness check that replaced a fixed boot wait (fake timers; a stand-in host on loopback port 0).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { completeDshLog, DISABLED_PLUGINS, dshCacheDir, REPLAY_MODEL, REPLAY_PROVIDER, replayHostReady, replayOverlay, waitUntil } from './dsh-replay-host.ts';

afterEach(() => {
  vi.useRealTimers();
});

const FIXTURE = fs.readFileSync(new URL('../fixtures/dsh-recordings/plan-review/session.jsonl', import.meta.url), 'utf8');
type Row = Record<string, unknown> & { type: string; data: { texts?: unknown[]; args?: unknown[] } };

it('gives every recorded row a consecutive seq (chunk rows one per chunk) and the header time', () => {
  const rows = completeDshLog(FIXTURE)
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);
  const header = rows[0] as Row;
  expect(header).toEqual(JSON.parse(FIXTURE.split('\n')[0] as string));
  let next = 0;
  for (const row of rows.slice(1)) {
    if (row.type.endsWith('-chunks')) {
      expect({ type: row.type, seq0: row.seq0, time0: row.time0 }).toEqual({ type: row.type, seq0: next, time0: header.createdAt });
      next += (row.data.texts ?? row.data.args ?? []).length;
    } else {
      expect({ type: row.type, seq: row.seq, time: row.time }).toEqual({ type: row.type, seq: next, time: header.createdAt });
      next += 1;
    }
  }
  // The payloads are untouched.
  const original = FIXTURE.trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as Row);
  expect(rows.slice(1).map((r) => r.data)).toEqual(original.map((r) => r.data));
  expect(rows).toHaveLength(original.length + 1);
});

it.each<[string, string, string]>([
  [
    'keeps envelopes already present and continues from them',
    '{"type":"session","version":0,"id":"s","createdAt":5}\n{"type":"a","seq":10,"time":7,"data":{}}\n{"type":"b","data":{}}\n',
    '{"type":"session","version":0,"id":"s","createdAt":5}\n{"type":"a","seq":10,"time":7,"data":{}}\n{"type":"b","seq":11,"time":5,"data":{}}\n',
  ],
  [
    'counts tool-call argument chunks and skips blank lines',
    '{"type":"session","version":0,"id":"s"}\n\n{"type":"tool-call-chunks","data":{"args":["{","}"]}}\n{"type":"x","data":{}}\n',
    '{"type":"session","version":0,"id":"s"}\n{"type":"tool-call-chunks","seq0":0,"time0":0,"data":{"args":["{","}"]}}\n{"type":"x","seq":2,"time":0,"data":{}}\n',
  ],
])('%s', (_what, input, output) => {
  expect(completeDshLog(input)).toBe(output);
});

it.each([
  ['no header', '{"type":"a","data":{}}\n'],
  ['empty', ''],
  ['not JSON', '{"type":"session"}\nnope\n'],
])('refuses a log with %s', (_what, input) => {
  expect(() => completeDshLog(input)).toThrow();
});

it('writes an overlay that disables the key-bound plugins and inserts the replay plugin with its files', () => {
  const text = replayOverlay({
    plugin: "/c/it's/index.js",
    file: '/run/session.jsonl',
    childFiles: ['/run/session.1.jsonl'],
    overrideFile: '/f/o.json',
    paceMs: 15,
  });
  const entries = parseYaml(text) as Record<string, unknown>[];
  expect(entries.slice(0, DISABLED_PLUGINS.length)).toEqual(DISABLED_PLUGINS.map((id) => ({ id, disabled: true })));
  expect(entries.at(-1)).toEqual({
    insert: [
      {
        id: 'llm-replay',
        name: "/c/it's/index.js",
        config: {
          file: '/run/session.jsonl',
          overrideFile: '/f/o.json',
          childFiles: ['/run/session.1.jsonl'],
          paceMs: 15,
          providers: [{ id: 'deepseek-official', name: 'DeepSeek', models: [{ id: 'deepseek-v4-flash', name: 'DeepSeek-V4-Flash', contextWindow: 128000 }] }],
        },
      },
    ],
  });
  const bare = parseYaml(replayOverlay({ plugin: '/p.js', file: '/s.jsonl', paceMs: 0 })) as { insert?: { config: Record<string, unknown> }[] }[];
  expect(Object.keys(bare.at(-1)?.insert?.[0]?.config ?? {})).toEqual(['file', 'paceMs', 'providers']);
});

it.each<[string, NodeJS.ProcessEnv, string]>([
  ['UI_PLAN_DSH_CACHE first', { UI_PLAN_DSH_CACHE: '/c/dsh', XDG_CACHE_HOME: '/x' }, '/c/dsh'],
  ['then XDG_CACHE_HOME', { XDG_CACHE_HOME: '/x' }, '/x/ui-plan/dsh-host'],
  ['else ~/.cache', {}, path.join(os.homedir(), '.cache', 'ui-plan', 'dsh-host')],
])('puts the install cache under %s', (_what, env, dir) => {
  expect(dshCacheDir(env)).toBe(dir);
});

it('waits until the check says ready and tells how long it took', async () => {
  vi.useFakeTimers();
  const answers: (true | string)[] = ['connection refused', 'HTTP 503', true];
  const check = vi.fn(async () => answers.shift() ?? 'exhausted');
  const waited = waitUntil('the host', check, { timeoutMs: 10_000, intervalMs: 100 });
  await vi.advanceTimersByTimeAsync(200);
  await expect(waited).resolves.toBe(200);
  expect(check).toHaveBeenCalledTimes(3);
});

it('gives up at the bound with the last reason, however slow the machine', async () => {
  vi.useFakeTimers();
  const waited = waitUntil('dsh web at http://127.0.0.1:1', async () => 'host.describe answered HTTP 503', { timeoutMs: 1_000, intervalMs: 150 });
  const failed = expect(waited).rejects.toThrow('dsh web at http://127.0.0.1:1: not ready after 1000 ms (last: host.describe answered HTTP 503)');
  await vi.advanceTimersByTimeAsync(1_000);
  await failed;
});

it('counts a check that throws as not ready, with its message', async () => {
  vi.useFakeTimers();
  const waited = waitUntil(
    'the host',
    async () => {
      throw new Error('fetch failed');
    },
    { timeoutMs: 300 },
  );
  const failed = expect(waited).rejects.toThrow('not ready after 300 ms (last: fetch failed)');
  await vi.advanceTimersByTimeAsync(300);
  await failed;
});

it('stops waiting as soon as the process has exited', async () => {
  vi.useFakeTimers();
  let exited = false;
  const check = vi.fn(async () => 'no URL in its log yet');
  const waited = waitUntil('dsh web printing its URL', check, { timeoutMs: 60_000, gone: () => exited });
  const failed = expect(waited).rejects.toThrow('dsh web printing its URL: the process exited (last: no URL in its log yet)');
  await vi.advanceTimersByTimeAsync(250);
  exited = true;
  await vi.advanceTimersByTimeAsync(100);
  await failed;
  expect(check.mock.calls.length).toBeLessThan(5);
});

/** A stand-in for `dsh web` on loopback that answers `host.describe` with `status` and `value`. */
async function standIn(status: number, value: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'server-response', rpcId: 'ready', result: value }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

it.each<[string, number, unknown, true | string]>([
  ['ready once host.describe names the replay model', 200, { ok: true, value: { provider: REPLAY_PROVIDER, model: REPLAY_MODEL } }, true],
  ['not ready while another model is named', 200, { ok: true, value: { provider: 'x', model: 'y' } }, 'host.describe names x/y'],
  ['not ready on an error envelope', 200, { ok: false, error: { code: 'internal' } }, 'host.describe answered an error'],
  ['not ready on an HTTP error', 503, {}, 'host.describe answered HTTP 503'],
])('calls a dsh web host %s', async (_what, status, value, expected) => {
  const host = await standIn(status, value);
  try {
    expect(await replayHostReady(host.url, 10_000)).toBe(expected);
  } finally {
    await host.close();
  }
});
