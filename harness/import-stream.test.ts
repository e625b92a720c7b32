/**
 * The streamed import (`Harness.importStream`) against the one-shot `session.import {jsonl}`: for the same file both
 * answer the same and store the same session log, byte for byte, whatever the chunk boundaries (mid-line, mid-CRLF,
 * mid-UTF-8 sequence); malformed lines are reported the same way; a log over the limit is refused while it streams.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { longSessionLog } from '../fixtures/long-session.ts';
import { fixturePath, readRecordingFixture, RECORDING_NAMES } from '../fixtures/paths.ts';
import { createTestHarness } from '../testing/harness-fixture.ts';
import { readStreamedLog } from './parts/import.ts';

/** A harness whose ids and clock are deterministic, so two of them given the same file store the same bytes. */
const deterministicHost = () => createTestHarness().host;

/** The bytes of `text` as UTF-8, cut every `size` bytes (the last piece shorter). */
async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const call = (method: string, payload: unknown) => ({ type: 'client-request', rpcId: 'r1', method, payload });

/** Import `text` both ways into two fresh hosts; the answers' results and the stored logs. */
async function importBothWays(text: string, chunkSize: number) {
  const oneShot = deterministicHost();
  const streamed = deterministicHost();
  try {
    // `file.text()` on the page: a UTF-8 decode that drops a leading byte-order mark.
    const bytes = new TextEncoder().encode(text);
    const decoded = new TextDecoder().decode(bytes);
    const a = await oneShot.handleRequest('session.import', call('session.import', { jsonl: decoded }));
    const b = await streamed.importStream!(chunksOf(bytes, chunkSize));
    const idOf = (answer: typeof a) => (answer.result.ok ? (answer.result.value as { sessionId: string }).sessionId : undefined);
    const logA = idOf(a) === undefined ? undefined : oneShot.sessionLog!(idOf(a)!);
    const logB = idOf(b) === undefined ? undefined : streamed.sessionLog!(idOf(b)!);
    return { a: a.result, b: b.result, logA, logB };
  } finally {
    await oneShot.close();
    await streamed.close();
  }
}

const recorded = RECORDING_NAMES.map((name) => [`recording ${name}`, readRecordingFixture(name)] as const);
const others = [
  ...fs
    .readdirSync(fixturePath('projection-random'))
    .filter((f) => f.endsWith('.jsonl'))
    .slice(0, 8)
    .map((f) => [`projection-random/${f}`, fs.readFileSync(fixturePath('projection-random', f), 'utf8')] as const),
  ...fs
    .readdirSync(fixturePath('trust'))
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => [`trust/${f}`, fs.readFileSync(fixturePath('trust', f), 'utf8')] as const),
];

describe('streamed import', () => {
  it.each([...recorded, ...others])('answers and stores %s byte for byte as the one-shot import does', async (_name, text) => {
    for (const size of [1, 7, 4096]) {
      const { a, b, logA, logB } = await importBothWays(text, size);
      expect(b).toEqual(a);
      // A file that is not a log (trust/not-a-log.jsonl) is refused both ways and stores nothing.
      expect(logA === undefined).toBe(!a.ok);
      expect(logB === undefined).toBe(logA === undefined);
      if (logA !== undefined) expect(Buffer.from(logB!).equals(Buffer.from(logA))).toBe(true);
    }
  });

  it('stores a generated 50,000-event log byte for byte as the one-shot import does', async () => {
    const text = longSessionLog({ events: 50_000 });
    const { a, b, logA, logB } = await importBothWays(text, 65_536);
    expect(a.ok).toBe(true);
    expect(b).toEqual(a);
    expect(logA!.byteLength).toBeGreaterThan(15_000_000);
    expect(Buffer.from(logB!).equals(Buffer.from(logA!))).toBe(true);
  });

  it.each([
    [
      'a byte-order mark, CRLF line ends and non-ASCII text',
      '\uFEFF{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\r\n' +
        '{"type":"user/message","data":{"content":[{"type":"text","text":"计划 ✓ 𝄞"}],"source":{"kind":"user"}}}\r\n',
    ],
    [
      'malformed lines and a torn last line',
      '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\nnot json\n\n{"type":"user/message","data":null}\n{"type":"odd/kind","data":{}}\n{"type":"user/message","data":{"content":[{"type":"text","text":"x"}]',
    ],
    ['a file that is not a log', 'hello\nworld\n'],
    ['an empty file', ''],
    ['a header alone', '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n'],
    [
      'invalid UTF-8 bytes',
      '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}\n{"type":"user/message","data":{"content":[{"type":"text","text":"\uFFFD"}],"source":{"kind":"user"}}}\n',
    ],
  ])('answers %s as the one-shot import does, reports and all', async (_name, text) => {
    for (const size of [1, 2, 3, 5, 64]) {
      const { a, b, logA, logB } = await importBothWays(text, size);
      expect(b).toEqual(a);
      if (logA !== undefined) expect(Buffer.from(logB!).equals(Buffer.from(logA))).toBe(true);
    }
  });

  it('reports malformed lines in the answer exactly as the one-shot import does', async () => {
    const text = fs.readFileSync(fixturePath('trust', 'mixed-events.jsonl'), 'utf8') + 'not json\n{"type":"user/message","data":null}\n{"cut';
    const { a, b } = await importBothWays(text, 3);
    expect(a.ok).toBe(true);
    const value = b.ok ? (b.value as { skipped: { line: number; reason: string; torn?: true }[]; skippedCount: number }) : undefined;
    expect(value?.skippedCount).toBeGreaterThanOrEqual(3);
    expect(value?.skipped.at(-1)).toMatchObject({ torn: true });
    expect(b).toEqual(a);
  });

  it('stops reading as soon as the log passes the limit, naming it', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        pulled += 1;
        yield new TextEncoder().encode('{"type":"x","data":{}}\n');
      }
    }
    const read = await readStreamedLog(endless(), 100);
    expect(read).toEqual({ kind: 'too-large', refusal: { kind: 'too-large', limit: 100 } });
    expect(pulled).toBe(5);
  });

  it('refuses a log over 16 MB with the too-large refusal and stores nothing', async () => {
    const host = deterministicHost();
    try {
      const line = new TextEncoder().encode(`{"type":"user/message","data":{"content":[{"type":"text","text":"${'x'.repeat(1000)}"}]}}\n`);
      let sent = 0;
      async function* big(): AsyncGenerator<Uint8Array> {
        for (; sent < 17 * 1024 * 1024; sent += line.byteLength) yield line;
      }
      const answer = await host.importStream!(big());
      expect(answer.result).toMatchObject({
        ok: false,
        error: {
          code: 'bad-request',
          message: 'the log is too large to open: over 16777216 characters (the limit is 16 MB)',
          details: { refusal: { kind: 'too-large', limit: 16_777_216 } },
        },
      });
      expect(sent).toBeLessThan(16 * 1024 * 1024 + line.byteLength * 2);
      const list = await host.handleRequest('session.list', call('session.list', {}));
      expect(list.result).toMatchObject({ ok: true, value: { items: [] } });
    } finally {
      await host.close();
    }
  });

  it('imports nothing when the body fails midway', async () => {
    const host = deterministicHost();
    try {
      async function* broken(): AsyncGenerator<Uint8Array> {
        yield new TextEncoder().encode(readRecordingFixture('plan-review').slice(0, 500));
        throw new Error('client went away');
      }
      await expect(host.importStream!(broken())).rejects.toThrow('client went away');
      const list = await host.handleRequest('session.list', call('session.list', {}));
      expect(list.result).toMatchObject({ ok: true, value: { items: [] } });
    } finally {
      await host.close();
    }
  });
});
