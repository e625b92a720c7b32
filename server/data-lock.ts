/**
 * One `ui-plan serve` per data directory: `<data-dir>/ui-plan.lock` holds the owner's pid and
 * start time, is created atomically (`wx`), and is removed on clean exit. A lock whose pid is not running (or is
 * running but started at another time, i.e. a reused pid) is stale and taken over with a warning; a live owner is
 * refused with a message naming it. Two writers on one directory would interleave appends and lose events.
 */
import fs from 'node:fs';
import path from 'node:path';

/** File name of the lock inside the data directory. */
export const LOCK_FILE_NAME = 'ui-plan.lock';

/** What the lock file holds (JSON). */
export interface LockOwner {
  /** Process id of the owner. */
  pid: number;
  /** When the owner process started, epoch ms. */
  startedAt: number;
  /** Random token of this acquisition, so a release never removes a lock another process took over. */
  token: string;
}

/** A held lock. `release` is idempotent and only removes the file while it is still ours. */
export interface DataDirLock {
  file: string;
  owner: LockOwner;
  release(): void;
}

/** Another live `ui-plan serve` owns the data directory. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `the data directory ${dataDir} is in use by another ui-plan serve (pid ${owner.pid}, started ${new Date(owner.startedAt).toISOString()}); ` +
        `stop that process or pass another --data-dir`,
    );
  }
}

/** Probes of the running system, injectable for tests. */
export interface LockSystem {
  /** This process's pid. */
  pid: number;
  /** This process's start time, epoch ms. */
  startedAt: number;
  /** Whether a process with this pid is running. */
  isAlive(pid: number): boolean;
  /** When the process with this pid started, epoch ms, or `undefined` when it cannot be told. */
  startTimeOf(pid: number): number | undefined;
  /** A fresh random token. */
  token(): string;
}

/** How far a recorded start time may differ from the live process's before the pid counts as reused, in ms. */
const START_TIME_SLACK_MS = 5_000;

function processStartTime(pid: number): number | undefined {
  // Linux: field 22 of /proc/<pid>/stat is the start time in clock ticks after boot (USER_HZ is 100 on Linux).
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1];
    if (!Number.isFinite(ticks) || btime === undefined) return undefined;
    return Number(btime) * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}

/** The running system. */
export const systemLock: LockSystem = {
  pid: process.pid,
  startedAt: processStartTime(process.pid) ?? Math.round(Date.now() - process.uptime() * 1000),
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  startTimeOf: processStartTime,
  token: () => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
};

const heldTokens = new Set<string>();

function readOwner(file: string): LockOwner | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined;
    return { pid: value.pid, startedAt: typeof value.startedAt === 'number' ? value.startedAt : 0, token: typeof value.token === 'string' ? value.token : '' };
  } catch {
    return undefined;
  }
}

/** Whether the recorded owner is still the process running under its pid. */
function ownerAlive(owner: LockOwner, system: LockSystem): boolean {
  if (owner.pid === system.pid) return heldTokens.has(owner.token); // our pid: live only if this process took it
  if (!system.isAlive(owner.pid)) return false;
  const started = system.startTimeOf(owner.pid);
  return started === undefined || owner.startedAt === 0 || Math.abs(started - owner.startedAt) <= START_TIME_SLACK_MS;
}

/**
 * Take the lock of a data directory (created when missing).
 * @param dataDir absolute data directory
 * @param warn where a stale-lock takeover is reported (one line)
 * @param system process probes (default: this process and the OS)
 * @returns the held lock
 * @throws DataDirInUseError when a live process owns it; file-system errors (e.g. EACCES) as thrown by Node
 */
export function acquireDataDirLock(dataDir: string, warn: (message: string) => void, system: LockSystem = systemLock): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const owner: LockOwner = { pid: system.pid, startedAt: system.startedAt, token: system.token() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const current = readOwner(file);
    if (current !== undefined && ownerAlive(current, system)) throw new DataDirInUseError(dataDir, current);
    warn(
      current === undefined
        ? `ui-plan: warning: taking over the unreadable lock ${file}`
        : `ui-plan: warning: taking over the stale lock ${file} of pid ${current.pid} (no longer running)`,
    );
    fs.rmSync(file, { force: true });
  }
  heldTokens.add(owner.token);
  let released = false;
  return {
    file,
    owner,
    release() {
      if (released) return;
      released = true;
      heldTokens.delete(owner.token);
      if (readOwner(file)?.token === owner.token) fs.rmSync(file, { force: true });
    },
  };
}
