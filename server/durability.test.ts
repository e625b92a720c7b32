/**
 * Acknowledged means on disk: every appended line is fdatasync'ed before anything acknowledges it — the answer to the
 * request that wrote it (an accepted Approve, a prompt, a mode switch), and every downlink frame that streams it — with
 * one fdatasync per session file covering every line written since the previous one (group commit). A new session's
 * file and directory entry are synced before `session.create` answers. Shown with an injected file system whose
 * fdatasync waits until the test lets it finish (never a power cut); `--durability relaxed` syncs nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../src/core/log/types.ts';
import { APPROVE_LABEL, PLAN_REVIEW_ID } from '../src/core/questions/types.ts';
import { startFileHarness, tempDataDir, type FileHarness } from '../testing/file-harness.ts';
import { waitFor } from '../testing/harness-fixture.ts';
import type { StorageFileSystem } from './file-storage.ts';

/** Untyped JSON read back from frames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/**
 * The real file system, except that while `holding`, every fdatasync and fsync waits until `release()`: what was
 * written before a sync started is durable once it finished. `durable()` is how many log lines (by write order) are
 * on disk; `trace` is the order of writes and syncs.
 */
function heldDisk() {
  let linesWritten = 0;
  let durableLines = 0;
  const held: (() => void)[] = [];
  const trace: string[] = [];
  let failNext: NodeJS.ErrnoException | undefined;
  const state = { holding: false };
  /** A sync that covers every line written so far, finishing now or at `release()`. */
  const sync = (kind: string, run: (done: (error: NodeJS.ErrnoException | null) => void) => void, callback: (error: NodeJS.ErrnoException | null) => void) => {
    const covers = linesWritten;
    trace.push(`${kind} start`);
    const finish = (): void =>
      run((real) => {
        const error = failNext ?? real;
        failNext = undefined;
        if (!error) durableLines = Math.max(durableLines, covers);
        trace.push(`${kind} done`);
        callback(error);
      });
    if (state.holding) held.push(finish);
    else finish();
  };
  const disk: StorageFileSystem = {
    ...fs,
    writeSync: ((fd: number, buffer: Buffer, offset?: number, length?: number, position?: number | null) => {
      const n = fs.writeSync(fd, buffer, offset, length, position);
      if (Buffer.isBuffer(buffer) && buffer.at(-1) === 0x0a && (offset ?? 0) + n === buffer.length) {
        linesWritten += 1;
        trace.push(`write ${/^\{"type":"([^"]+)"/.exec(buffer.toString('utf8'))?.[1] ?? 'file'}`);
      }
      return n;
    }) as typeof fs.writeSync,
    fdatasync: (fd, callback) => sync('sync', (done) => fs.fdatasync(fd, done), callback),
    fsync: (fd, callback) => sync('dir sync', (done) => fs.fsync(fd, done), callback),
  };
  return {
    disk,
    trace,
    state,
    held: () => held.length,
    durable: () => durableLines,
    written: () => linesWritten,
    /** The next sync to finish fails with `error`. */
    failNext(error: NodeJS.ErrnoException) {
      failNext = error;
    },
    /** Let every sync held so far finish. */
    release() {
      for (const finish of held.splice(0)) finish();
    },
  };
}

function start(disk: ReturnType<typeof heldDisk>, durability: 'durable' | 'relaxed' = 'durable'): FileHarness {
  const dataDir = tempDataDir('ui-plan-durable-');
  const files = startFileHarness(dataDir, { storage: { fs: disk.disk, durability } });
  cleanup.push(async () => {
    // A failed test may leave syncs held: let them finish so the harness can close.
    disk.state.holding = false;
    disk.release();
    await files.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return files;
}

/** A settled flag for a promise, to show that it has not settled while a sync is held. */
function watch<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let settled = false;
  void promise.finally(() => (settled = true));
  return { promise, settled: () => settled };
}

/** Yield to the event loop `n` times (an answer that is not held back arrives within a few). */
async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Wait until the event loop has nothing left that a sync does not hold back. */
async function quiet(disk: ReturnType<typeof heldDisk>): Promise<void> {
  await waitFor(() => disk.held() > 0);
  await turns();
}

describe('durable (the default)', () => {
  it('answers an Approve only once its tool/result is synced, and streams it only then', async () => {
    const disk = heldDisk();
    const files = start(disk);
    const { sessionId } = (await files.request('session.create', {})).value;
    await files.request('commands/execute', { args: { agentId: sessionId, line: '/plan add a --greeting flag to the CLI', images: [] } });
    await files.question(sessionId);
    await turns();
    const framesBefore = files.mux.length;

    disk.state.holding = true;
    const answered = watch(files.respond(sessionId, { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] }));
    await quiet(disk);
    expect(answered.settled()).toBe(false);
    // The turn goes on writing meanwhile; the answer's line was written, and a sync covering it started.
    const written = disk.trace.indexOf('write tool/result');
    expect(written).toBeGreaterThanOrEqual(0);
    expect(disk.trace.indexOf('sync start', written)).toBeGreaterThan(written);
    // Nothing about the answer (or anything after it) left the harness while its line was not on disk.
    expect(files.mux.slice(framesBefore).map((f) => f.method)).toEqual([]);
    disk.state.holding = false;
    disk.release();
    expect(await answered.promise).toEqual({ accepted: true });
    expect(files.mux.slice(framesBefore).map((f) => f.method)).toContain('question/resolved');
    await files.host.engine.idle();
  });

  it('streams every event only once its line is synced, one sync covering every line written meanwhile (group commit)', async () => {
    const disk = heldDisk();
    const files = start(disk);
    const { sessionId } = (await files.request('session.create', {})).value;
    const lineOfStart = disk.written();
    const delivered: { line: number; durable: number }[] = [];
    files.host.openMux((frame) => {
      const payload = frame.payload as Json;
      if (frame.method !== 'session/event' || payload.sessionId !== sessionId) return;
      delivered.push({ line: lineOfStart + (payload.event as SessionEvent).seq + 1, durable: disk.durable() });
    });
    const syncsBefore = disk.trace.filter((t) => t === 'sync start').length;
    disk.state.holding = true;
    const prompted = watch(files.request('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hello there' }] }));
    await quiet(disk);
    expect(prompted.settled()).toBe(false);
    expect(delivered).toEqual([]);
    // Syncs released one round at a time while the turn streams on, until every event has been streamed. A real
    // fdatasync runs on libuv's threadpool and may take long on a busy machine: the bound is time, not a count of turns.
    const events = files.host.engine.log(sessionId)!.events;
    const deadline = Date.now() + 30_000;
    while ((!prompted.settled() || files.host.engine.agent(sessionId)!.running || delivered.length < events.length) && Date.now() < deadline) {
      disk.release();
      await turns(1);
      if (disk.held() === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(delivered).toHaveLength(events.length);
    for (const { line, durable } of delivered) expect(line).toBeLessThanOrEqual(durable);
    const syncs = disk.trace.filter((t) => t === 'sync start').length - syncsBefore;
    expect(events.length).toBeGreaterThan(30);
    expect(syncs).toBeLessThanOrEqual(Math.ceil(events.length / 4));
  });

  it('syncs a new session file and its directory entry before session.create answers', async () => {
    const disk = heldDisk();
    const files = start(disk);
    disk.state.holding = true;
    const created = watch(files.request('session.create', {}));
    await quiet(disk);
    expect(created.settled()).toBe(false);
    expect(disk.trace).toContain('dir sync start');
    disk.state.holding = false;
    disk.release();
    const { sessionId } = (await created.promise).value;
    expect(fs.existsSync(path.join(files.dataDir, 'sessions', `${sessionId}.jsonl`))).toBe(true);
  });

  it('answers with the error when a sync fails, and stops writing that session', async () => {
    const disk = heldDisk();
    const files = start(disk);
    const { sessionId } = (await files.request('session.create', {})).value;
    disk.failNext(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', errno: -5, syscall: 'fdatasync' }));
    const answer = await files.request('session.setPlanMode', { sessionId, active: true });
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal', message: 'could not write the session log: EIO i/o error' } });
    const again = await files.request('session.setPlanMode', { sessionId, active: false });
    expect(again.error).toMatchObject({ code: 'log-stopped', details: { reason: 'sync-failed' } });
  });
});

it('with --durability relaxed, syncs nothing and acknowledges at once', async () => {
  const disk = heldDisk();
  const files = start(disk, 'relaxed');
  const { sessionId } = (await files.request('session.create', {})).value;
  expect(await files.request('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hello' }] })).toEqual({
    ok: true,
    value: { accepted: true },
  });
  await files.host.engine.idle();
  expect(disk.trace.filter((t) => t.includes('sync'))).toEqual([]);
  expect(files.mux.filter((f) => f.method === 'session/event')).toHaveLength(files.host.engine.log(sessionId)!.events.length);
});
