/**
 * One `ui-plan serve` per data directory, decided by a heartbeat, not by pids: the lock's mtime is refreshed every
 * 5 s and it is stale 30 s after the last beat; a pid proves an owner gone only on the same kernel and in the same
 * pid namespace. The lock's life cycle with injected probes and heartbeats run by hand (`check()`), then real
 * `ui-plan serve` processes on loopback: one inside its own pid namespace (`unshare --pid --fork`) and one outside,
 * a lock file deleted while its owner serves, a kill -9 followed by a restart.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME, type LockSystem } from './data-lock.ts';
import { tempDataDir } from '../testing/file-harness.ts';
import { callServe, killAllServes, listening, spawnServe } from '../testing/spawn-serve.ts';

const dirs: string[] = [];
const releases: (() => void)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await killAllServes();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = tempDataDir('ui-plan-lock-');
  dirs.push(dir);
  return dir;
}

/** Probes of a process on kernel `boot-a` in pid namespace `pid:[1]`, whose every pid looks alive unless told. */
function system(overrides: Partial<LockSystem> = {}): LockSystem {
  let n = 0;
  return {
    pid: 4242,
    startedAt: 1_000_000,
    bootId: 'boot-a',
    pidNamespace: 'pid:[1]',
    hostname: 'box',
    isAlive: () => true,
    startTimeOf: () => undefined,
    token: () => `t${++n}`,
    ...overrides,
  };
}

/** Acquire with heartbeats run by hand only (no timer, no watcher); the lock is released after the test. */
function acquire(dir: string, options: { system?: LockSystem; warn?: (m: string) => void; onLost?: (reason: string) => void } = {}) {
  const lock = acquireDataDirLock(dir, {
    warn: options.warn ?? (() => {}),
    onLost: options.onLost ?? (() => {}),
    system: options.system ?? system(),
    timing: { refreshMs: 0, watch: false },
  });
  releases.push(() => lock.release());
  return lock;
}

const lockOf = (dir: string) => path.join(dir, LOCK_FILE_NAME);
const ownerOf = (dir: string) => JSON.parse(fs.readFileSync(lockOf(dir), 'utf8')) as Record<string, unknown>;
/** Set the lock file's mtime `seconds` into the past (its last heartbeat). */
const beatAgo = (dir: string, seconds: number) => {
  const then = new Date(Date.now() - seconds * 1000);
  fs.utimesSync(lockOf(dir), then, then);
};

it('writes its owner into the lock, refreshes the mtime at each heartbeat, and removes it on release', () => {
  const dir = path.join(tempDir(), 'data');
  const lock = acquire(dir);
  expect(ownerOf(dir)).toEqual({ token: 't1', pid: 4242, startedAt: 1_000_000, bootId: 'boot-a', pidNamespace: 'pid:[1]', hostname: 'box' });
  beatAgo(dir, 20);
  lock.check();
  expect(Date.now() - fs.statSync(lockOf(dir)).mtimeMs).toBeLessThan(10_000);
  lock.release();
  expect(fs.existsSync(lockOf(dir))).toBe(false);
});

it('refuses while the heartbeat is fresh, naming the owner and its last beat, and takes over once stale, with a warning', () => {
  const dir = tempDir();
  acquire(dir, { system: system({ pidNamespace: 'pid:[2]', pid: 7 }) });
  beatAgo(dir, 29);
  const newcomer = system({ token: () => 'mine' });
  expect(() => acquire(dir, { system: newcomer })).toThrow(DataDirInUseError);
  expect(() => acquire(dir, { system: newcomer })).toThrow(/is in use by another ui-plan serve \(pid 7 on box, last heartbeat 29 s ago\)/);
  beatAgo(dir, 31);
  const warnings: string[] = [];
  acquire(dir, { system: newcomer, warn: (m) => void warnings.push(m) });
  expect(ownerOf(dir)).toMatchObject({ token: 'mine' });
  expect(warnings).toEqual([`ui-plan: warning: taking over the stale lock ${lockOf(dir)} of pid 7 on box (last heartbeat 31 s ago)`]);
});

it('takes over at once the lock of an owner that is provably gone: same kernel, same pid namespace, pid not running', () => {
  const dir = tempDir();
  acquire(dir, { system: system({ pid: 777, token: () => 'old' }) });
  const warnings: string[] = [];
  acquire(dir, { system: system({ isAlive: (pid) => pid !== 777, token: () => 'new' }), warn: (m) => void warnings.push(m) });
  expect(ownerOf(dir)).toMatchObject({ token: 'new' });
  expect(warnings).toEqual([`ui-plan: warning: taking over the lock ${lockOf(dir)} of pid 777 on box (no longer running)`]);
});

it.each<[string, Partial<LockSystem>]>([
  ['another pid namespace (another container on one volume)', { pidNamespace: 'pid:[9]' }],
  ['another kernel (another machine on a network file system)', { bootId: 'boot-b' }],
])('never decides by pid across %s: a fresh lock whose pid is not running here is refused', (_name, where) => {
  const dir = tempDir();
  acquire(dir, { system: system({ pid: 1 }) });
  expect(() => acquire(dir, { system: system({ ...where, isAlive: () => false }) })).toThrow(DataDirInUseError);
});

it('re-creates its lock when someone deleted it, so a second server is still refused', () => {
  const dir = tempDir();
  const warnings: string[] = [];
  const lock = acquire(dir, { warn: (m) => void warnings.push(m) });
  fs.rmSync(lockOf(dir));
  lock.check();
  expect(ownerOf(dir)).toMatchObject({ token: 't1' });
  expect(warnings).toEqual([`ui-plan: warning: the lock ${lockOf(dir)} was deleted while this server holds it; created it again`]);
  expect(() => acquire(dir, { system: system({ token: () => 'second', pidNamespace: 'pid:[2]' }) })).toThrow(DataDirInUseError);
});

it('notices a second holder that replaced its lock, stops (onLost), and leaves the other lock alone on release', () => {
  const dir = tempDir();
  const lost: string[] = [];
  const lock = acquire(dir, { onLost: (reason) => void lost.push(reason) });
  // An injected second holder: the lock deleted and taken by another server before this one's next heartbeat.
  fs.rmSync(lockOf(dir));
  acquire(dir, { system: system({ pid: 99, hostname: 'other', pidNamespace: 'pid:[3]', token: () => 'theirs' }) });
  lock.check();
  expect(lost).toEqual(['another ui-plan serve (pid 99 on other) took the data directory; this one stopped writing to it']);
  lock.check();
  expect(lost).toHaveLength(1);
  lock.release();
  expect(ownerOf(dir)).toMatchObject({ token: 'theirs' });
});

it('treats a lock an earlier ui-plan wrote (pid only, no heartbeat) by its mtime', () => {
  const dir = tempDir();
  fs.writeFileSync(lockOf(dir), JSON.stringify({ pid: 555, startedAt: 5, token: 'legacy' }));
  expect(() => acquire(dir)).toThrow(/pid 555, last heartbeat 0 s ago/);
  beatAgo(dir, 40);
  acquire(dir);
  expect(ownerOf(dir)).toMatchObject({ token: 't1' });
});

/** How a second serve ends: refused (`exited`, with its code) or serving (`listening`). */
async function outcomeOf(served: ReturnType<typeof spawnServe>): Promise<'listening' | number | null> {
  return await Promise.race([listening(served).then(() => 'listening' as const), served.exited.then(({ code }) => code)]).catch(
    async () => (await served.exited).code,
  );
}

/** Whether `unshare --pid --fork` works here (we run as root; a container may forbid it), and why not. */
function unshareWorks(): { ok: true } | { ok: false; reason: string } {
  try {
    execFileSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'pipe' });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `unshare --pid --fork is not permitted here: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}` };
  }
}
const unshare = unshareWorks();

it.skipIf(!unshare.ok)(
  `refuses a second ui-plan serve on a data directory held by one in another pid namespace${unshare.ok ? '' : ` (skipped: ${unshare.reason})`}`,
  async () => {
    const dataDir = path.join(tempDir(), 'data');
    // The first serve is pid 1 of its own pid namespace (with its own /proc), as in a container on a shared volume.
    const first = spawnServe(['--port', '0', '--data-dir', dataDir], ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc']);
    const url = await listening(first);
    const second = spawnServe(['--port', '0', '--data-dir', dataDir]);
    expect(await outcomeOf(second)).toBe(1);
    expect(second.stderr()).toMatch(
      new RegExp(`the data directory ${dataDir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is in use by another ui-plan serve \\(pid 1 on `),
    );
    expect(second.stdout()).not.toContain('listening');
    expect((await callServe(url, 'session.list', {})).status).toBe(200);
  },
  60_000,
);

it('keeps its lock when the lock file is deleted while it serves, so a second serve is refused; a kill -9 lets a restart in', async () => {
  const dataDir = path.join(tempDir(), 'data');
  const first = spawnServe(['--port', '0', '--data-dir', dataDir]);
  await listening(first);
  const token = ownerOf(dataDir).token;
  fs.rmSync(lockOf(dataDir));
  // The owner notices at once (it watches its directory), at the latest at its next heartbeat (5 s).
  for (let i = 0; i < 200 && !fs.existsSync(lockOf(dataDir)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(ownerOf(dataDir).token).toBe(token);
  const second = spawnServe(['--port', '0', '--data-dir', dataDir]);
  expect(await outcomeOf(second)).toBe(1);
  expect(second.stderr()).toContain(`is in use by another ui-plan serve (pid ${first.child.pid} on `);
  expect(first.stderr()).toContain(`the lock ${lockOf(dataDir)} was deleted while this server holds it; created it again`);

  first.child.kill('SIGKILL');
  await first.exited;
  const third = spawnServe(['--port', '0', '--data-dir', dataDir]);
  await listening(third);
  expect(third.stderr()).toContain(`ui-plan: warning: taking over the lock ${lockOf(dataDir)} of pid ${first.child.pid} on `);
  third.child.kill('SIGTERM');
  expect((await third.exited).code).toBe(0);
  expect(fs.existsSync(lockOf(dataDir))).toBe(false);
}, 60_000);
