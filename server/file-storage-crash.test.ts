/**
 * Crash safety of FileStorage over any file content: a session file of each kind of
 * content is "crashed" mid-append (a torn, byte-cut last line), reopened, appended to, crashed again, N times; every
 * acknowledged event must survive every restart with the same seq, and the seq the core reader gives it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SessionLog } from '../harness/log.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import { FileStorage } from './file-storage.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ID = 'session-crash';
const HEADER = `{"type":"session","version":0,"id":"${ID}","createdAt":1785000000000,"cwd":"/w"}`;
const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.isBuffer(p) ? p : Buffer.from(p))));
/** A user message whose text is cut inside the 3-byte UTF-8 sequence of 日 (a crash mid-character). */
const tornInsideCharacter = bytes('{"type":"user/message","data":{"content":[{"type":"text","text":"', [0xe6, 0x97]);

const contents: [string, Buffer][] = [
  [
    'an invalid UTF-8 byte on an earlier line and a torn last line',
    bytes(HEADER, '\n{"type":"x/y","data":"', [0xff, 0xfe], '"}\n', [0xc3], 'garbage\n{"type":"plan/mo'),
  ],
  ['multi-byte characters and a last line torn inside one', bytes(HEADER, '\n{"type":"x/y","data":"héllo 日本 😀"}\n', tornInsideCharacter)],
  ['CRLF line ends and a torn last line', bytes(HEADER, '\r\n{"type":"x/y","data":1}\r\n{"type":"x/y","data":2}\r\n{"type":"x/y"')],
  ['a torn last line with its newline (an unreadable complete line)', bytes(HEADER, '\n{"type":"x/y","data":1}\n{"type":"plan/mo\n')],
  ['a complete last line without its newline', bytes(HEADER, '\n{"type":"x/y","data":"ünïcödé"}')],
  ['a header only, with its newline', bytes(HEADER, '\n')],
  ['a header only, without its newline', bytes(HEADER)],
  ['a header and a BOM', bytes([0xef, 0xbb, 0xbf], HEADER, '\n{"type":"x/y","data":1}\n')],
];

interface Acked {
  seq: number;
  type: string;
  data: unknown;
}

/** Open the storage as a restarted server does; returns the session's log, or undefined when it was not loaded. */
function restart(dataDir: string): { storage: FileStorage; log: SessionLog | undefined } {
  const storage = new FileStorage({ dataDir, logger: { warn: () => undefined } });
  const stored = storage.loadAll().find((s) => s.header.id === ID);
  return { storage, log: stored ? new SessionLog(stored.header, storage, () => 1, stored.lines) : undefined };
}

it.each(contents)('keeps every acknowledged event with its seq across crashes and restarts over %s', (_name, content) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-crash-'));
  dirs.push(dataDir);
  fs.mkdirSync(path.join(dataDir, 'sessions'));
  const file = path.join(dataDir, 'sessions', `${ID}.jsonl`);
  fs.writeFileSync(file, content);
  const acked: Acked[] = [];
  for (let round = 0; round < 4; round += 1) {
    const { storage, log } = restart(dataDir);
    expect(log).toBeDefined();
    for (const event of acked) expect(log!.events[event.seq]).toMatchObject({ type: event.type, data: event.data });
    for (const text of [`round ${round} 日本`, `second ✓ ${round}`]) {
      const event = log!.append({ type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind: 'user' } } });
      acked.push({ seq: event.seq, type: event.type, data: event.data });
    }
    storage.close();
    // Crash mid-append: a line cut after some of its bytes, inside a multi-byte character.
    fs.appendFileSync(file, round % 2 === 0 ? tornInsideCharacter : bytes('{"type":"plan/mode","data":{"act'));
  }
  const { storage, log } = restart(dataDir);
  storage.close();
  for (const event of acked) expect(log!.events[event.seq]).toMatchObject({ type: event.type, data: event.data });
  // One reader: the file read by the core reader gives each acknowledged event the same seq.
  const reread = parseSessionLog(fs.readFileSync(file, 'utf8'));
  for (const event of acked) expect(reread.events.find((e) => e.seq === event.seq)).toMatchObject({ type: event.type, data: event.data });
  expect(fs.readFileSync(file).at(-1)).toBe(0x0a);
});

it.each<[string, Buffer]>([
  ['an empty file', Buffer.alloc(0)],
  ['a torn header', bytes('{"type":"session","vers')],
  ['a file of one line that is not a header', bytes('{"type":"x/y","data":1}')],
])('skips %s without changing a byte of it', (_name, content) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-crash-'));
  dirs.push(dataDir);
  fs.mkdirSync(path.join(dataDir, 'sessions'));
  const file = path.join(dataDir, 'sessions', `${ID}.jsonl`);
  fs.writeFileSync(file, content);
  const { storage, log } = restart(dataDir);
  storage.close();
  expect(log).toBeUndefined();
  expect(fs.readFileSync(file).equals(content)).toBe(true);
});
