/**
 * FileStorage: dsh line format, synchronous appends, torn-line repair and skipped files (unit), and a
 * restart of the real server over the same data directory (history, plan state and projections survive).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { fixturePath } from '../fixtures/paths.ts';
import { SessionLog } from '../harness/log.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import { SKIPPED_LINE_TYPE } from '../harness/storage/stored-lines.ts';
import { FileStorage } from './file-storage.ts';
import { createServerDriver, type ServerDriver } from '../testing/server-driver.ts';
import type { StoredSession } from '../harness/types.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-storage-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function quiet(): { warn(m: string): void; warnings: string[] } {
  const warnings: string[] = [];
  return { warn: (m) => warnings.push(m), warnings };
}

const session = (id: string, createdAt = 1785000000000): StoredSession => ({
  header: { type: 'session', version: 0, id, createdAt, cwd: '/workspace' },
  lines: [],
});

const recording = fixturePath('dsh-recordings', 'plan-review', 'session.jsonl');

it('writes the header and each appended line in dsh order, time included', () => {
  const dataDir = tempDir();
  const storage = new FileStorage({ dataDir });
  storage.create(session('session-a'));
  storage.append('session-a', { type: 'plan/mode', data: { active: true }, time: 5 });
  storage.append('session-a', { type: 'user/message', data: { content: [] }, surfaceOp: 'append', time: 6, sourceEventSeqs: [0] });
  const text = fs.readFileSync(path.join(dataDir, 'sessions', 'session-a.jsonl'), 'utf8');
  expect(text.split('\n')).toEqual([
    '{"type":"session","version":0,"id":"session-a","createdAt":1785000000000,"cwd":"/workspace"}',
    '{"type":"plan/mode","data":{"active":true},"time":5}',
    '{"type":"user/message","data":{"content":[]},"surfaceOp":"append","time":6,"sourceEventSeqs":[0]}',
    '',
  ]);
  storage.close();
});

it('has each appended line on disk as soon as append returns', () => {
  const dataDir = tempDir();
  const storage = new FileStorage({ dataDir });
  storage.create(session('session-a'));
  const file = path.join(dataDir, 'sessions', 'session-a.jsonl');
  for (let i = 0; i < 5; i += 1) {
    storage.append('session-a', { type: 'x/y', data: { i } });
    expect(fs.readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(i + 2);
  }
  storage.close();
});

it('reloads what it wrote, oldest session first', () => {
  const dataDir = tempDir();
  const storage = new FileStorage({ dataDir });
  storage.create(session('session-b', 20));
  storage.create({ ...session('session-a', 10), header: { ...session('session-a', 10).header, readOnly: true } });
  storage.append('session-b', { type: 'plan/mode', data: { active: true }, time: 21 });
  storage.close();
  const loaded = new FileStorage({ dataDir }).loadAll();
  expect(loaded.map((s) => s.header.id)).toEqual(['session-a', 'session-b']);
  expect(loaded[0]?.header.readOnly).toBe(true);
  expect(loaded[1]?.lines).toEqual([{ type: 'plan/mode', data: { active: true }, time: 21 }]);
});

it.each([
  ['a partial JSON line', '{"type":"plan/mo'],
  ['a line that is not JSON', 'garbage'],
  ['a JSON value that is not an event', '42'],
])('cuts a torn last line (%s) from the file and warns', (_name, torn) => {
  const dataDir = tempDir();
  const storage = new FileStorage({ dataDir });
  storage.create(session('session-a'));
  storage.append('session-a', { type: 'plan/mode', data: { active: true } });
  storage.close();
  const file = path.join(dataDir, 'sessions', 'session-a.jsonl');
  const before = fs.readFileSync(file, 'utf8');
  fs.appendFileSync(file, torn);
  const logger = quiet();
  const loaded = new FileStorage({ dataDir, logger }).loadAll();
  expect(loaded[0]?.lines).toEqual([{ type: 'plan/mode', data: { active: true } }]);
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
  expect(logger.warnings).toHaveLength(1);
  expect(logger.warnings[0]).toMatch(/the last line was cut mid-line \(\d+ bytes with no newline/);
});

it('keeps a complete last line that only lacks its newline, and appends after it cleanly', () => {
  const dataDir = tempDir();
  fs.mkdirSync(path.join(dataDir, 'sessions'), { recursive: true });
  const file = path.join(dataDir, 'sessions', 'session-a.jsonl');
  fs.writeFileSync(file, '{"type":"session","version":0,"id":"session-a","createdAt":1,"cwd":"/w"}\n{"type":"plan/mode","data":{"active":true}}');
  const logger = quiet();
  const storage = new FileStorage({ dataDir, logger });
  expect(storage.loadAll()[0]?.lines).toHaveLength(1);
  storage.append('session-a', { type: 'plan/mode', data: { active: false } });
  storage.close();
  expect(new FileStorage({ dataDir, logger }).loadAll()[0]?.lines.map((l) => l.data)).toEqual([{ active: true }, { active: false }]);
});

it.each([
  ['an unreadable header', 'not a header\n{"type":"plan/mode","data":{"active":true}}\n'],
  ['a header of another kind', '{"type":"plan/mode","data":{"active":true}}\n'],
  ['a header torn mid-write', '{"type":"session","vers'],
  ['a header whose id differs from the file name', '{"type":"session","version":0,"id":"session-other","createdAt":1,"cwd":"/w"}\n'],
])('skips a file with %s and still loads the others', (_name, text) => {
  const dataDir = tempDir();
  const storage = new FileStorage({ dataDir });
  storage.create(session('session-good'));
  fs.writeFileSync(path.join(dataDir, 'sessions', 'session-bad.jsonl'), text);
  const logger = quiet();
  const loaded = new FileStorage({ dataDir, logger }).loadAll();
  expect(loaded.map((s) => s.header.id)).toEqual(['session-good']);
  expect(logger.warnings.join('\n')).toMatch(/session-bad/);
});

it('keeps an unreadable line in the middle as a placeholder, so later seqs stay equal to line positions', () => {
  const dataDir = tempDir();
  fs.mkdirSync(path.join(dataDir, 'sessions'), { recursive: true });
  const text = '{"type":"session","version":0,"id":"session-a","createdAt":1,"cwd":"/w"}\n{"type":"a/b","data":1}\nbroken\n{"type":"c/d","data":2}\n';
  fs.writeFileSync(path.join(dataDir, 'sessions', 'session-a.jsonl'), text);
  const logger = quiet();
  const loaded = new FileStorage({ dataDir, logger }).loadAll();
  expect(loaded[0]?.lines).toEqual([
    { type: 'a/b', data: 1 },
    { type: SKIPPED_LINE_TYPE, data: { line: 3, reason: 'not JSON' } },
    { type: 'c/d', data: 2 },
  ]);
  expect(logger.warnings).toEqual([expect.stringMatching(/session-a\.jsonl:3: skipped an unreadable line \(not JSON\)/)]);
  expect(fs.readFileSync(path.join(dataDir, 'sessions', 'session-a.jsonl'), 'utf8')).toBe(text);
});

it.each<[string, string[]]>([
  ['a torn line', ['{"type":"a","data":1}', '{"type":"plan/mo', '{"type":"b","data":2}']],
  ['an empty line', ['{"type":"a","data":1}', '', '{"type":"b","data":2}']],
  ['a wrong-shaped known event', ['{"type":"a","data":1}', '{"type":"user/message","data":null}', '{"type":"b","data":2}']],
  ['a line that is not an object', ['{"type":"a","data":1}', '[1,2]', '{"type":"b","data":2}']],
])('gives every event the seq the core reader gives it after a restart over %s in the middle (one reader)', (_name, rows) => {
  const dataDir = tempDir();
  fs.mkdirSync(path.join(dataDir, 'sessions'), { recursive: true });
  const file = path.join(dataDir, 'sessions', 'session-a.jsonl');
  fs.writeFileSync(file, ['{"type":"session","version":0,"id":"session-a","createdAt":1,"cwd":"/w"}', ...rows].join('\n') + '\n');
  const storage = new FileStorage({ dataDir, logger: quiet() });
  const [stored] = storage.loadAll();
  const log = new SessionLog(stored!.header, storage, () => 7, stored!.lines);
  expect(log.events.find((e) => e.type === 'b')?.seq).toBe(2);
  const appended = log.append({ type: 'c', data: 3 });
  storage.close();
  const reread = parseSessionLog(fs.readFileSync(file, 'utf8'));
  expect(reread.events.filter((e) => e.type !== SKIPPED_LINE_TYPE).map((e) => [e.type, e.seq])).toEqual([
    ['a', 0],
    ['b', 2],
    ['c', 3],
  ]);
  expect(appended.seq).toBe(3);
});

it('loads a real recorded dsh log line for line', () => {
  const text = fs.readFileSync(recording, 'utf8');
  const dataDir = tempDir();
  fs.mkdirSync(path.join(dataDir, 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'sessions', 'session-rec.jsonl'), text.replace('{{sessionId}}', 'session-rec'));
  const logger = quiet();
  const [loaded] = new FileStorage({ dataDir, logger }).loadAll();
  const rows = text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as { type: string });
  expect(loaded?.lines.map((l) => l.type)).toEqual(rows.map((r) => r.type));
  expect(logger.warnings).toEqual([]);
});

it.each([['../escape'], ['a/b'], [''], ['.hidden']])('refuses the unsafe session id %j', (id) => {
  const storage = new FileStorage({ dataDir: tempDir() });
  expect(() => storage.create(session(id))).toThrow(/unsafe session id/);
});

it('refuses to create a session twice and to append to a missing one', () => {
  const storage = new FileStorage({ dataDir: tempDir() });
  storage.create(session('session-a'));
  expect(() => storage.create(session('session-a'))).toThrow(/already exists/);
  expect(() => storage.append('session-missing', { type: 'a/b', data: null })).toThrow(/no log file/);
});

type Answer = { result: { ok: boolean; value?: Record<string, unknown>; error?: unknown } };

async function value(driver: ServerDriver, method: string, payload: unknown): Promise<Record<string, unknown>> {
  const { status, body } = await driver.call(method, payload);
  expect(status).toBe(200);
  const result = (body as Answer).result;
  if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
  return result.value ?? {};
}

const payloadOf = (f: ServerRequest) => f.payload as Record<string, unknown>;
const isEventOf = (sessionId: string, type: string) => (f: ServerRequest) =>
  f.method === 'session/event' && payloadOf(f).sessionId === sessionId && (payloadOf(f).event as { type: string }).type === type;

/** What a client can observe of a session: every history page from the tail back, plan state, summary. */
async function snapshot(driver: ServerDriver, sessionId: string) {
  const tail = await value(driver, 'session.history', { sessionId });
  const events = [...(tail.events as { event: { seq: number } }[])];
  let hasMore = tail.hasMore as boolean;
  while (hasMore && events.length > 0) {
    const page = await value(driver, 'session.history', { sessionId, beforeSeq: events[0]?.event.seq });
    events.unshift(...(page.events as { event: { seq: number } }[]));
    hasMore = page.hasMore as boolean;
  }
  const list = (await value(driver, 'session.list', {})).items as { sessionId: string; running: boolean }[];
  const { running: _running, ...summary } = list.find((i) => i.sessionId === sessionId) ?? { running: false };
  return {
    events,
    projections: tail.projections,
    planMode: await value(driver, 'session.planMode', { sessionId }),
    summary,
  };
}

it('keeps every session across a restart: same history, same plan state, same projections', async () => {
  const dataDir = tempDir();
  const first = await createServerDriver({ dataDir });
  const mux = await first.openMux();
  // approved: /plan → review → Approve → plan mode off, turn ended
  const approved = (await value(first, 'session.create', {})).sessionId as string;
  await value(first, 'commands/execute', { args: { agentId: approved, line: '/plan Add a --greeting flag to the CLI', images: [] } });
  const review = await mux.next((f) => f.method === 'question/requested' && payloadOf(f).sessionId === approved);
  await first.respond({
    type: 'client-response',
    rpcId: review.rpcId,
    result: { ok: true, value: { sessionId: approved, answer: { answers: [{ id: 'plan-review', selected: ['Approve'] }] } } },
  });
  await mux.next(isEventOf(approved, 'turn/end'));
  // on: switched on while idle
  const on = (await value(first, 'session.create', {})).sessionId as string;
  expect((await value(first, 'session.setPlanMode', { sessionId: on, active: true })).outcome).toBe('committed');
  // blank
  const blank = (await value(first, 'session.create', {})).sessionId as string;
  const sessions = [approved, on, blank];
  const before = await Promise.all(sessions.map((id) => snapshot(first, id)));
  await first.close();

  const second = await createServerDriver({ dataDir });
  try {
    const after = await Promise.all(sessions.map((id) => snapshot(second, id)));
    expect(after).toEqual(before);
    expect(after.map((s) => s.planMode)).toEqual([{ active: false }, { active: true }, { active: false }]);
    expect(after[0]?.events.length).toBeGreaterThan(10);
    const listed = (await value(second, 'session.list', {})).items as { sessionId: string }[];
    expect(listed.map((i) => i.sessionId).sort()).toEqual([...sessions].sort());
  } finally {
    await second.close();
  }
});

it('restarts over a session whose last line was torn mid-write and serves it without the torn line', async () => {
  const dataDir = tempDir();
  const first = await createServerDriver({ dataDir });
  const sessionId = (await value(first, 'session.create', {})).sessionId as string;
  await value(first, 'session.setPlanMode', { sessionId, active: true });
  const before = await snapshot(first, sessionId);
  await first.close();
  fs.appendFileSync(path.join(dataDir, 'sessions', `${sessionId}.jsonl`), '{"type":"plan/mode","data":{"act');

  const warnings: string[] = [];
  const second = await createServerDriver({ dataDir, onStorageWarning: (m) => warnings.push(m) });
  try {
    expect(await snapshot(second, sessionId)).toEqual(before);
    expect(warnings).toEqual([expect.stringMatching(/the last line was cut mid-line \(\d+ bytes with no newline/)]);
    // The log keeps growing cleanly after the cut.
    expect((await value(second, 'session.setPlanMode', { sessionId, active: false })).outcome).toBe('committed');
    const text = fs.readFileSync(path.join(dataDir, 'sessions', `${sessionId}.jsonl`), 'utf8');
    // The picker's switch is logged as the /plan off command around its plan/mode.
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string })
        .slice(-3),
    ).toMatchObject([
      { type: 'command/run', data: { name: 'plan', args: ' off', source: { kind: 'user' } } },
      { type: 'plan/mode', data: { active: false } },
      { type: 'command/done', data: { kind: 'success', text: 'Plan mode off.' } },
    ]);
  } finally {
    await second.close();
  }
});
