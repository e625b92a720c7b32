/**
 * An append starts on a line boundary or not at all. A write that fails after writing part of its line (ENOSPC on a
 * full disk) leaves no trace, and the next acknowledged event — an accepted Approve, or the `turn/end` the agent owed
 * — is readable after a restart with the seq it was streamed with; so is every event after a partial line someone
 * appended by hand. Shown with an injected disk (a write budget that ends inside a line, then ENOSPC) and with a
 * real 1 MiB tmpfs (mounted here; we run as root).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPROVE_LABEL, PLAN_REVIEW_ID } from '../src/core/questions/types.ts';
import { acknowledged, onDisk, reload, startFileHarness, tempDataDir, type FileHarness } from '../testing/file-harness.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const step of cleanup.splice(0).reverse()) await step();
});

const approve = { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] };
/** Keep planning with feedback: free text and no label (docs/upstream-spec.md §1.10). */
const keepPlanning = (feedback: string) => ({ answers: [{ id: PLAN_REVIEW_ID, selected: [], custom: feedback }] });
const prompt = (sessionId: string, text: string) => ({ sessionId, mode: 'queue', content: [{ type: 'text', text }] });
const NO_SPACE = 'could not write the session log: ENOSPC no space left on device';

function start(dataDir = tempDataDir()): FileHarness {
  const files = startFileHarness(dataDir);
  cleanup.push(async () => {
    await files.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return files;
}

/** Every acknowledged event is on disk with its seq, and a restart reads the file without repairing or skipping a line. */
function expectAllOnDisk(files: FileHarness, sessionId: string): void {
  const { sessions, warnings } = reload(files.dataDir);
  expect(warnings).toEqual([]);
  expect(onDisk(sessions.get(sessionId))).toEqual(acknowledged(files.host.engine.log(sessionId)!.events));
  expect(fs.readFileSync(path.join(files.dataDir, 'sessions', `${sessionId}.jsonl`)).at(-1)).toBe(0x0a);
}

/** Turn 1 (cut by ENOSPC) ended with the error its turn/end owed, turn 2 completed, and all of it is on disk. */
async function expectOwedTurnEndOnDisk(files: FileHarness, sessionId: string): Promise<void> {
  const ends = files.host.engine
    .log(sessionId)!
    .events.filter((e) => e.type === 'turn/end')
    .map((e) => e.data);
  expect(ends).toEqual([
    { turn: 1, reason: { kind: 'error', message: NO_SPACE } },
    { turn: 2, reason: { kind: 'completed' } },
  ]);
  await files.close();
  expectAllOnDisk(files, sessionId);
}

/**
 * A disk that fills up: while `free` is a number, writes to session logs write at most that many bytes in total and
 * then fail with ENOSPC, exactly as `write(2)` does on a full file system (a short count first, then the error).
 */
function fillableDisk(dataDir: string) {
  const logs = new Set<number>();
  const disk = { free: Infinity };
  const open = fs.openSync;
  vi.spyOn(fs, 'openSync').mockImplementation((file, flags, mode) => {
    const fd = open(file, flags, mode);
    if (String(file).startsWith(path.join(dataDir, 'sessions')) && String(file).endsWith('.jsonl')) logs.add(fd);
    return fd;
  });
  const write = fs.writeSync;
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buffer: Buffer, offset?: number, length?: number, position?: number | null) => {
    if (!logs.has(fd) || disk.free === Infinity) return write(fd, buffer, offset, length, position);
    const wanted = length ?? buffer.length - (offset ?? 0);
    if (disk.free === 0 || wanted === 0)
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    const n = Math.min(wanted, disk.free);
    disk.free -= n;
    return write(fd, buffer, offset ?? 0, n, position);
  }) as typeof fs.writeSync);
  return disk;
}

describe('a write that fails after writing part of its line (injected ENOSPC)', () => {
  it('leaves no trace, and the Approve accepted after space is freed survives a restart', async () => {
    const files = start();
    const disk = fillableDisk(files.dataDir);
    const sessionId = (await files.request('session.create', {})).value.sessionId as string;
    expect((await files.request('commands/execute', { args: { agentId: sessionId, line: '/plan add a --greeting flag to the CLI', images: [] } })).ok).toBe(
      true,
    );
    await files.question(sessionId);

    disk.free = 40; // the answer's tool/result line is written up to 40 bytes, then the disk is full
    expect(await files.respond(sessionId, approve)).toEqual({ accepted: false, reason: NO_SPACE });
    disk.free = Infinity;
    expect(await files.respond(sessionId, approve)).toEqual({ accepted: true });
    await files.host.engine.idle();
    expect(files.host.engine.log(sessionId)!.events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'completed' } } });
    await files.close();
    expectAllOnDisk(files, sessionId);
  });

  it('leaves no trace, and the turn/end the stopped turn owed is readable after a restart', async () => {
    const files = start();
    const disk = fillableDisk(files.dataDir);
    const sessionId = (await files.request('session.create', {})).value.sessionId as string;
    // turn/start fits, the long user/message is cut after 300 bytes: the turn ends, and its turn/end cannot be stored.
    disk.free = 300;
    const failed = await files.request('session.prompt', prompt(sessionId, 'word '.repeat(400)));
    expect(failed.error.message).toBe(NO_SPACE);
    disk.free = Infinity;
    expect(await files.request('session.prompt', prompt(sessionId, 'hello again'))).toEqual({ ok: true, value: { accepted: true } });
    await files.host.engine.idle();
    await expectOwedTurnEndOnDisk(files, sessionId);
  });
});

it('cuts a partial line appended by hand before the next append, and never glues an event onto it', async () => {
  const files = start();
  const sessionId = (await files.request('session.create', {})).value.sessionId as string;
  expect((await files.request('session.prompt', prompt(sessionId, 'first'))).ok).toBe(true);
  await files.host.engine.idle();
  const file = path.join(files.dataDir, 'sessions', `${sessionId}.jsonl`);
  fs.appendFileSync(file, '{"type":"user/message","data":{"content":[{"type":"te');
  expect((await files.request('session.prompt', prompt(sessionId, 'second'))).ok).toBe(true);
  await files.host.engine.idle();
  await files.close();
  expectAllOnDisk(files, sessionId);
  expect(files.warnings.join('\n')).toContain('the last line was cut mid-line (53 bytes with no newline');
});

/** Whether this process may mount a tmpfs (we run as root; a container may still forbid it), and why not. */
function tmpfsMountable(): { ok: true } | { ok: false; reason: string } {
  const probe = tempDataDir('ui-plan-tmpfs-probe-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `mount -t tmpfs is not permitted here: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}` };
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const mountable = tmpfsMountable();

/** Fill the file system at `dir` until ENOSPC, keeping `pages` free 4 KiB pages; returns the filler's path. */
function fill(dir: string, pages: number): string {
  const reserve = path.join(dir, 'reserve');
  fs.writeFileSync(reserve, Buffer.alloc(4096 * pages, 1));
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  try {
    for (let size = 64 * 1024; size >= 1;) {
      try {
        fs.writeSync(fd, Buffer.alloc(size, 2));
      } catch {
        size = Math.floor(size / 2);
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  fs.rmSync(reserve);
  return filler;
}

describe.skipIf(!mountable.ok)(`on a full 1 MiB tmpfs${mountable.ok ? '' : ` (skipped: ${mountable.reason})`}`, () => {
  let dir = '';
  beforeAll(() => {
    dir = tempDataDir('ui-plan-tmpfs-');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
  });
  /** A harness on a data directory inside the tmpfs; closed and emptied after the test. */
  const startOnTmpfs = (): FileHarness => {
    const files = startFileHarness(path.join(dir, 'data'));
    cleanup.push(async () => {
      await files.close();
      for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    });
    return files;
  };
  // Always unmounted, even after a failure.
  afterAll(() => {
    execFileSync('umount', [dir], { stdio: 'pipe' });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a Keep planning cut by ENOSPC without a trace, and the Approve after space is freed survives a restart', async () => {
    const files = startOnTmpfs();
    const sessionId = (await files.request('session.create', {})).value.sessionId as string;
    expect((await files.request('commands/execute', { args: { agentId: sessionId, line: '/plan add a --greeting flag to the CLI', images: [] } })).ok).toBe(
      true,
    );
    await files.question(sessionId);
    // No free page: the feedback's line (over 4 KiB) fills what is left of the log's last page, then ENOSPC.
    const filler = fill(dir, 0);
    const refused = await files.respond(sessionId, keepPlanning('please also '.repeat(500)));
    expect(refused).toEqual({ accepted: false, reason: NO_SPACE });
    fs.rmSync(filler);
    expect(await files.respond(sessionId, approve)).toEqual({ accepted: true });
    await files.host.engine.idle();
    await files.close();
    expectAllOnDisk(files, sessionId);
  });

  it('stops a turn cut by ENOSPC, and the turn/end it owed is written whole once space is freed', async () => {
    const files = startOnTmpfs();
    const sessionId = (await files.request('session.create', {})).value.sessionId as string;
    // One free page: turn/start fits; the user/message (over 8 KiB) is cut by ENOSPC, and so is the turn/end after it.
    const filler = fill(dir, 1);
    const failed = await files.request('session.prompt', prompt(sessionId, 'word '.repeat(2000)));
    expect(failed.error.message).toBe(NO_SPACE);
    fs.rmSync(filler);
    expect((await files.request('session.prompt', prompt(sessionId, 'hello again'))).ok).toBe(true);
    await files.host.engine.idle();
    await expectOwedTurnEndOnDisk(files, sessionId);
  });
});
