/**
 * One `ui-plan serve` per data directory: the lock file's life cycle with injected process probes,
 * and two real `ui-plan serve` processes on one data directory (port 0, loopback): the second is refused naming the
 * first; after a kill -9 the stale lock is taken over with a warning; a clean exit removes the lock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME, type LockSystem } from './data-lock.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'ui-plan.mjs');

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-lock-'));
  dirs.push(dir);
  return dir;
}

function system(overrides: Partial<LockSystem> = {}): LockSystem {
  let n = 0;
  return { pid: 4242, startedAt: 1_000_000, isAlive: () => true, startTimeOf: () => undefined, token: () => `t${++n}`, ...overrides };
}

it('creates the lock with pid and start time, and removes it on release', () => {
  const dir = path.join(tempDir(), 'data');
  const lock = acquireDataDirLock(dir, () => {}, system());
  const file = path.join(dir, LOCK_FILE_NAME);
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ pid: 4242, startedAt: 1_000_000, token: 't1' });
  lock.release();
  expect(fs.existsSync(file)).toBe(false);
});

it('refuses a directory whose lock names a live process, naming its pid and the directory', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 777, startedAt: 5, token: 'other' }));
  expect(() => acquireDataDirLock(dir, () => {}, system({ isAlive: (pid) => pid === 777 }))).toThrow(DataDirInUseError);
  expect(() => acquireDataDirLock(dir, () => {}, system({ isAlive: (pid) => pid === 777 }))).toThrow(
    new RegExp(`the data directory ${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is in use by another ui-plan serve \\(pid 777, `),
  );
  expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: 777 });
});

it.each<[string, string, Partial<LockSystem>, RegExp]>([
  ['a dead pid', JSON.stringify({ pid: 777, startedAt: 5, token: 'x' }), { isAlive: () => false }, /stale lock .* of pid 777 \(no longer running\)/],
  [
    'a reused pid (another start time)',
    JSON.stringify({ pid: 777, startedAt: 5, token: 'x' }),
    { isAlive: () => true, startTimeOf: () => 900_000 },
    /stale lock .* of pid 777/,
  ],
  ['garbage', 'not json', {}, /unreadable lock/],
  ['an empty file', '', {}, /unreadable lock/],
  ['our own pid left by an earlier process', JSON.stringify({ pid: 4242, startedAt: 5, token: 'old' }), {}, /stale lock .* of pid 4242/],
])('takes over a lock of %s with a warning', (_name, content, overrides, warning) => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), content);
  const warnings: string[] = [];
  const lock = acquireDataDirLock(dir, (m) => void warnings.push(m), system(overrides));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(warning);
  expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: 4242 });
  lock.release();
});

it('refuses a second acquisition by the same process while the first holds the lock', () => {
  const dir = tempDir();
  const first = acquireDataDirLock(dir, () => {}, system());
  expect(() => acquireDataDirLock(dir, () => {}, system())).toThrow(DataDirInUseError);
  first.release();
  acquireDataDirLock(dir, () => {}, system()).release();
});

it('never removes a lock another process took over', () => {
  const dir = tempDir();
  const lock = acquireDataDirLock(dir, () => {}, system());
  fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 9, startedAt: 1, token: 'theirs' }));
  lock.release();
  expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ token: 'theirs' });
});

interface Served {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function serve(dataDir: string): Served {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function listening(served: Served): Promise<string> {
  const started = new Promise<string>((resolve, reject) => {
    const check = (): void => {
      const m = /ui-plan listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(served.stdout());
      if (m?.[1]) resolve(m[1]);
    };
    served.child.stdout?.on('data', check);
    check();
    void served.exited.then(() => reject(new Error(`exited early: ${served.stderr()}`)));
  });
  return started;
}

it('refuses a second ui-plan serve on a data directory in use, takes over after kill -9, and cleans up on SIGTERM', async () => {
  const dataDir = path.join(tempDir(), 'data');
  const first = serve(dataDir);
  await listening(first);
  const lockFile = path.join(dataDir, LOCK_FILE_NAME);
  expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });

  const second = serve(dataDir);
  expect(await second.exited).toBe(1);
  expect(second.stderr()).toContain(`ui-plan: the data directory ${dataDir} is in use by another ui-plan serve (pid ${first.child.pid},`);
  expect(second.stdout()).not.toContain('listening');

  first.child.kill('SIGKILL');
  await first.exited;
  expect(fs.existsSync(lockFile)).toBe(true);

  const third = serve(dataDir);
  const url = await listening(third);
  expect(third.stderr()).toContain(`ui-plan: warning: taking over the stale lock ${lockFile} of pid ${first.child.pid} (no longer running)`);
  const res = await fetch(`${url}/api/session.list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(clientRequest('session.list', {}, 'r1')),
  });
  expect(res.status).toBe(200);
  third.child.kill('SIGTERM');
  expect(await third.exited).toBe(0);
  expect(fs.existsSync(lockFile)).toBe(false);
});
