/**
 * The load of other processes while a benchmark runs: the machine's busy CPU time (`/proc/stat`) less the CPU time of
 * the benchmark's own process tree (the runner, the server it starts, Chromium and its helpers: every descendant of
 * this process, `/proc/<pid>/stat`), averaged the way the kernel averages load (exponentially, 1-minute time
 * constant). Linux only; elsewhere the probe falls back to the 1-minute load average. Times in /proc are in clock
 * ticks (USER_HZ, 100 per second on Linux).
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of the times in /proc (USER_HZ; fixed at 100 for user space on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * Busy ticks of the whole machine from the first line of `/proc/stat` ("cpu  user nice system idle iowait irq softirq
 * steal guest guest_nice"): everything but idle and iowait (guest time is already inside user and nice).
 * @throws Error when the text has no aggregate `cpu` line
 */
export function busyTicksOf(procStat: string): number {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (line === undefined) throw new Error('/proc/stat: no aggregate "cpu" line');
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return user + nice + system + irq + softirq + steal;
}

/** One process from `/proc/<pid>/stat`: its parent and its CPU ticks (own plus those of its reaped children). */
export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

/**
 * Parse `/proc/<pid>/stat`. The command name (field 2) is in parentheses and may hold spaces or parentheses, so the
 * fields are counted from the last ")". Fields (1-based, proc(5)): 4 ppid, 14 utime, 15 stime, 16 cutime, 17 cstime.
 * @returns undefined for text that is not a stat line
 */
export function procStatOf(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  const pid = Number.parseInt(text, 10);
  if (close < 0 || !Number.isInteger(pid)) return undefined;
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/); // rest[0] is field 3 (state)
  const ppid = Number(rest[1]);
  const [utime, stime, cutime, cstime] = rest.slice(11, 15).map(Number);
  if (![ppid, utime, stime, cutime, cstime].every(Number.isFinite)) return undefined;
  return { pid, ppid, ticks: utime! + stime! + cutime! + cstime! };
}

/**
 * The CPU ticks of `root` and all its descendants. A child that exited and was reaped by a process of the tree is
 * inside its parent's cutime/cstime, so the sum does not drop when it goes; a process that left the tree (re-parented
 * to init) stops counting as own, which can only make the others' load look higher, never lower.
 */
export function treeTicksOf(processes: readonly ProcStat[], root: number): number {
  const children = new Map<number, ProcStat[]>();
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let ticks = 0;
  const stack = processes.filter((p) => p.pid === root);
  while (stack.length > 0) {
    const p = stack.pop()!;
    ticks += p.ticks;
    stack.push(...(children.get(p.pid) ?? []));
  }
  return ticks;
}

/** The CPU ticks of `root` (default this process) and its descendants now, read from /proc (Linux). */
export function ownTicks(root = process.pid): number {
  return treeTicksOf(readProcesses(), root);
}

function readProcesses(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = procStatOf(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (stat) out.push(stat);
    } catch {
      // the process exited between the listing and the read
    }
  }
  return out;
}

/** One reading: when (ms, monotonic), the machine's busy ticks and the benchmark tree's ticks. */
export interface CpuReading {
  at: number;
  busy: number;
  own: number;
}

/**
 * Fold one more reading into the others' load average: the cores other processes kept busy since the previous
 * reading (never below 0), averaged with the 1-minute exponential decay the kernel's load average uses.
 * @param average - the average so far (cores)
 * @returns the new average (cores)
 */
export function nextOthersLoad(average: number, previous: CpuReading, next: CpuReading): number {
  const seconds = (next.at - previous.at) / 1000;
  if (!(seconds > 0)) return average;
  const others = Math.max(0, next.busy - previous.busy - Math.max(0, next.own - previous.own)) / TICKS_PER_SECOND / seconds;
  const keep = Math.exp(-seconds / 60);
  return average * keep + others * (1 - keep);
}

/** A probe of the others' load: `sample()` reads /proc now and returns the 1-minute average in cores. */
export interface OthersLoad {
  sample(): number;
}

/**
 * Start following the others' load of this process's tree: a reading at every `sample()` (the average folds in
 * whatever span passed since the previous one, so no timer is needed). The average starts from the machine's 1-minute
 * load average, at most the cores (all of it counted as others': start following before the benchmark does any work).
 */
export function followOthersLoad(root = process.pid): OthersLoad {
  const read = (): CpuReading => ({ at: performance.now(), busy: busyTicksOf(readFileSync('/proc/stat', 'utf8')), own: ownTicks(root) });
  let previous: CpuReading;
  try {
    previous = read();
  } catch {
    return { sample: () => os.loadavg()[0] ?? Number.NaN };
  }
  let average = Math.min(os.loadavg()[0] ?? 0, os.availableParallelism());
  return {
    sample() {
      const next = read();
      average = nextOthersLoad(average, previous, next);
      previous = next;
      return average;
    },
  };
}
