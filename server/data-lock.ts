/**
 * One `ui-plan serve` per data directory: `<data-dir>/ui-plan.lock` is created atomically (`wx`) with its owner's
 * token, and its mtime is the owner's heartbeat (every 5 s; stale after 30 s). A pid proves an owner gone only on the
 * same kernel and pid namespace. The holder checks its lock at every beat and on every change in its directory: a
 * deleted lock is created again at once; a lock another server took is lost (`onLost`: the caller stops writing).
 * Invariant: two servers never write one log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** File name of the lock inside the data directory. */
export const LOCK_FILE_NAME = 'ui-plan.lock';

/** What the lock file holds (JSON). Fields an earlier ui-plan did not write are absent. */
export interface LockOwner {
  /** Random token of this acquisition: the lock is ours while the file holds it. */
  token: string;
  /** Process id of the owner, in its own pid namespace. */
  pid: number;
  /** When the owner process started, epoch ms. */
  startedAt: number;
  /** `/proc/sys/kernel/random/boot_id` of the owner's kernel (one per boot, shared by its containers). */
  bootId?: string;
  /** The owner's pid namespace (`readlink /proc/self/ns/pid`, e.g. `pid:[4026531836]`). */
  pidNamespace?: string;
  /** The owner's host name (for messages only). */
  hostname?: string;
}

/** A held lock. */
export interface DataDirLock {
  file: string;
  owner: LockOwner;
  /** Run a heartbeat now (the timer and the directory watch call it): refresh, re-create or notice a loss. */
  check(): void;
  /** Stop the heartbeat and remove the lock while it is still ours. Idempotent. */
  release(): void;
}

/** Another live `ui-plan serve` owns the data directory. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  /**
   * @param dataDir the directory
   * @param owner who holds it, when the lock is readable
   * @param beatAgoMs how long ago its last heartbeat was, ms
   */
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
    readonly beatAgoMs: number,
  ) {
    super(
      `the data directory ${dataDir} is in use by another ui-plan serve (${owner ? `${ownerText(owner)}, ` : ''}last heartbeat ${Math.round(beatAgoMs / 1000)} s ago); ` +
        `stop that process or pass another --data-dir`,
    );
  }
}

/** Probes of the running system, injectable for tests. */
export interface LockSystem {
  pid: number;
  /** This process's start time, epoch ms. */
  startedAt: number;
  bootId: string | undefined;
  pidNamespace: string | undefined;
  hostname: string;
  /** Whether a process with this pid is running (in this pid namespace). */
  isAlive(pid: number): boolean;
  /** When the process with this pid started, epoch ms, or `undefined` when it cannot be told. */
  startTimeOf(pid: number): number | undefined;
  /** A fresh random token. */
  token(): string;
}

/** Heartbeat timing (ms). */
export interface LockTiming {
  /** How often the holder refreshes its lock's mtime; 0 runs no timer (tests call `check()`). Default 5,000. */
  refreshMs: number;
  /** How old a last heartbeat may be before the lock is stale. Default 30,000. */
  staleMs: number;
  /** Whether the holder also checks its lock whenever its directory changes (`fs.watch`, best effort). Default true. */
  watch: boolean;
}

/** The heartbeat of `ui-plan serve`: refreshed every 5 s, stale after 30 s. */
export const DEFAULT_LOCK_TIMING: LockTiming = { refreshMs: 5_000, staleMs: 30_000, watch: true };

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

function readOr(read: () => string): string | undefined {
  try {
    return read().trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The running system. */
export const systemLock: LockSystem = {
  pid: process.pid,
  startedAt: processStartTime(process.pid) ?? Math.round(Date.now() - process.uptime() * 1000),
  bootId: readOr(() => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
  pidNamespace: readOr(() => fs.readlinkSync('/proc/self/ns/pid')),
  hostname: os.hostname(),
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

/** `pid N on HOST` (the host when known). */
function ownerText(owner: LockOwner): string {
  return `pid ${owner.pid}${owner.hostname ? ` on ${owner.hostname}` : ''}`;
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return undefined;
    const owner: LockOwner = {
      token: typeof value.token === 'string' ? value.token : '',
      pid: value.pid,
      startedAt: typeof value.startedAt === 'number' ? value.startedAt : 0,
    };
    for (const key of ['bootId', 'pidNamespace', 'hostname'] as const) if (typeof value[key] === 'string') owner[key] = value[key];
    return owner;
  } catch {
    return undefined;
  }
}

/**
 * Whether the owner is provably gone: it ran on this kernel in this pid namespace, and its pid is not running or
 * belongs to a process started at another time (a reused pid). Anywhere else a pid proves nothing.
 */
function provablyGone(owner: LockOwner, system: LockSystem): boolean {
  if (owner.bootId === undefined || owner.bootId !== system.bootId) return false;
  if (owner.pidNamespace === undefined || owner.pidNamespace !== system.pidNamespace) return false;
  if (!system.isAlive(owner.pid)) return true;
  const started = system.startTimeOf(owner.pid);
  return started !== undefined && owner.startedAt !== 0 && Math.abs(started - owner.startedAt) > START_TIME_SLACK_MS;
}

/** Options of {@link acquireDataDirLock}. */
export interface AcquireOptions {
  /** Where a takeover or a re-created lock is reported (one line each). */
  warn(message: string): void;
  /** Called once when another server took the lock: the caller must stop writing to the directory. */
  onLost(reason: string): void;
  /** Heartbeat timing (default {@link DEFAULT_LOCK_TIMING}). */
  timing?: Partial<LockTiming>;
  /** Process probes (default this process and the OS). */
  system?: LockSystem;
}

/**
 * Take the lock of a data directory (created when missing) and keep it beating.
 * @param dataDir absolute data directory
 * @param options warn, onLost, timing, system
 * @returns the held lock
 * @throws DataDirInUseError while another server's heartbeat is fresh (and it is not provably gone); file-system
 *   errors (e.g. EACCES) as thrown by Node
 */
export function acquireDataDirLock(dataDir: string, options: AcquireOptions): DataDirLock {
  const timing: LockTiming = { ...DEFAULT_LOCK_TIMING, ...options.timing };
  const system = options.system ?? systemLock;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const owner: LockOwner = { token: system.token(), pid: system.pid, startedAt: system.startedAt };
  if (system.bootId !== undefined) owner.bootId = system.bootId;
  if (system.pidNamespace !== undefined) owner.pidNamespace = system.pidNamespace;
  owner.hostname = system.hostname;
  const text = `${JSON.stringify(owner)}\n`;

  takeLock(file, text, dataDir, timing, system, options.warn);
  let lost = false;
  let released = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let watcher: fs.FSWatcher | undefined;
  const stop = (): void => {
    if (timer !== undefined) clearInterval(timer);
    watcher?.close();
  };

  const check = (): void => {
    if (lost || released) return;
    if (!fs.existsSync(file)) {
      try {
        fs.writeFileSync(file, text, { flag: 'wx' });
        options.warn(`ui-plan: warning: the lock ${file} was deleted while this server holds it; created it again`);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return; // cannot write now: the next beat tries again
        // someone else created it meanwhile: judge theirs below
      }
    }
    const current = readOwner(file);
    if (current === undefined) return; // being written, or unreadable: the next beat looks again
    if (current.token !== owner.token) {
      lost = true;
      stop();
      options.onLost(`another ui-plan serve (${ownerText(current)}) took the data directory; this one stopped writing to it`);
      return;
    }
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      /* the next beat tries again */
    }
  };

  if (timing.refreshMs > 0) {
    timer = setInterval(check, timing.refreshMs);
    timer.unref();
  }
  if (timing.watch) {
    try {
      // Only a 'rename' (a file created, deleted or moved): the beat's own mtime refresh is a 'change'.
      watcher = fs.watch(dataDir, { persistent: false }, (event, name) => {
        if (event === 'rename' && (name === null || name === LOCK_FILE_NAME)) check();
      });
      watcher.on('error', () => watcher?.close());
    } catch {
      /* no watch on this file system: the heartbeat alone notices */
    }
  }

  return {
    file,
    owner,
    check,
    release() {
      if (released) return;
      released = true;
      stop();
      if (lost) return;
      try {
        if (readOwner(file)?.token === owner.token) fs.rmSync(file, { force: true });
      } catch {
        /* already gone */
      }
    },
  };
}

/**
 * Create the lock file, taking over a stale lock or one whose owner is provably gone.
 * @throws DataDirInUseError; file-system errors
 */
function takeLock(file: string, text: string, dataDir: string, timing: LockTiming, system: LockSystem, warn: (message: string) => void): void {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, text, { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue; // removed meanwhile
    }
    const current = readOwner(file);
    const beatAgoMs = Math.max(0, Date.now() - stat.mtimeMs);
    const gone = current !== undefined && provablyGone(current, system);
    if (!gone && beatAgoMs <= timing.staleMs) throw new DataDirInUseError(dataDir, current, beatAgoMs);
    // Move the judged lock aside first (atomic), so two newcomers never both take it; put back one taken meanwhile.
    const aside = `${file}.${system.token()}.stale`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    if (fs.statSync(aside).ino !== stat.ino || readOwner(aside)?.token !== current?.token) {
      try {
        fs.linkSync(aside, file);
      } catch {
        /* a third server took the directory meanwhile: it is judged on the next attempt */
      }
      fs.rmSync(aside, { force: true });
      continue;
    }
    fs.rmSync(aside, { force: true });
    const whose = current ? ` of ${ownerText(current)}` : '';
    warn(
      gone
        ? `ui-plan: warning: taking over the lock ${file}${whose} (no longer running)`
        : `ui-plan: warning: taking over the stale lock ${file}${whose} (last heartbeat ${Math.round(beatAgoMs / 1000)} s ago)`,
    );
  }
}
