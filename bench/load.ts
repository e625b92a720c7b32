/**
 * The load rule of both benchmarks (`npm run bench`, `npm run bench:browser`): a figure counts only when the machine
 * was idle enough while it was taken. Before each attempt the 1-minute load average must be at or under half the
 * cores, and the load of *other* processes (others-load.ts: the machine's CPU less the benchmark's own process tree,
 * averaged like the load average) at or under its threshold, waiting for both up to a minute; throughout the attempt
 * the others' load is sampled, and when any sample exceeds a quarter of the cores the scenario is retried (up to
 * twice); still loaded after that, it is "not measured" and the run exits 3, never 0. Exit codes: 0 every budget
 * met, 1 a budget missed, 3 not measured.
 * Why not the load average throughout: it counts the benchmark's own Chromium and server, which on 2 cores keep it
 * above 1 on an idle machine (a 10-line plan scenario read 1.42–1.86), so no plan figure could ever count.
 */
import os from 'node:os';
import { followOthersLoad } from './others-load.ts';

/** The exit code of a run: 0 every budget met, 1 a measured figure missed its budget, 3 something was not measured. */
export type ExitCode = 0 | 1 | 3;

/** The rule's settings. */
export interface LoadRule {
  /** A 1-minute load average above this before an attempt keeps it waiting (cores; default half the cores). */
  threshold: number;
  /** Other processes' load (cores, 1-minute average) above this during an attempt makes it loaded (default a quarter of the cores). */
  othersThreshold: number;
  /** Cores of the machine (for the printout). */
  cores: number;
  /** How many times a loaded scenario is run again (the rule: twice). */
  retries: number;
  /** How long to wait (ms) for the load to fall under the threshold before each attempt. */
  waitMs: number;
  /** Sampling period (ms) while a scenario runs. */
  sampleEveryMs: number;
}

/**
 * The rule from the environment: `BENCH_MAX_LOAD` (default half the cores), `BENCH_MAX_OTHERS` (default a quarter of
 * the cores, and never above `BENCH_MAX_LOAD`'s value when only that is raised: raising `BENCH_MAX_LOAD` lets a
 * scenario run on a busy machine to check that it works, never for figures that count), `BENCH_LOAD_WAIT_S`
 * (default 60).
 * @param env - process.env or a test's stand-in
 * @param cores - logical cores (`os.availableParallelism()`)
 * @throws Error when `BENCH_MAX_LOAD`, `BENCH_MAX_OTHERS` or `BENCH_LOAD_WAIT_S` is not a non-negative number
 */
export function loadRuleOf(env: Record<string, string | undefined>, cores: number): LoadRule {
  const number = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
    return value;
  };
  const threshold = number('BENCH_MAX_LOAD', cores / 2);
  const othersThreshold = number('BENCH_MAX_OTHERS', env.BENCH_MAX_LOAD?.trim() ? threshold : cores / 4);
  return { threshold, othersThreshold, cores, retries: 2, waitMs: number('BENCH_LOAD_WAIT_S', 60) * 1000, sampleEveryMs: 2000 };
}

/** Whether any sample of the 1-minute load average exceeds the threshold (a scenario with no sample is loaded). */
export function isLoaded(samples: readonly number[], threshold: number): boolean {
  return samples.length === 0 || samples.some((load) => !(load <= threshold));
}

/**
 * The exit code of a run.
 * @param missed - budgets missed by figures that were measured
 * @param notMeasured - scenarios (or figures) not measured because the machine stayed loaded
 * @returns 1 when a measured figure missed (a miss is a finding even when another scenario could not be measured),
 *   else 3 when anything was not measured, else 0
 */
export function exitCodeOf(missed: number, notMeasured: number): ExitCode {
  if (missed > 0) return 1;
  if (notMeasured > 0) return 3;
  return 0;
}

/** What `underLoadRule` needs from the machine (tests pass stand-ins). */
export interface LoadProbe {
  /** The current 1-minute load average of the whole machine. */
  sample(): number;
  /** The current load of processes outside the benchmark (cores, 1-minute average). */
  others(): number;
  sleep(ms: number): Promise<void>;
  /** Call `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
  /** Milliseconds on a monotonic clock. */
  now(): number;
}

let othersProbe: ReturnType<typeof followOthersLoad> | undefined;

/** Start following the others' load now (call first thing in a run, before it makes fixtures or starts anything). */
export function followLoadFromNow(): void {
  othersProbe ??= followOthersLoad();
}

/** The machine's own probe: `os.loadavg()[0]`, the others' load of this process's tree (followed from first use), real timers. */
export const machineLoad: LoadProbe = {
  sample: () => os.loadavg()[0] ?? Number.NaN,
  others: () => (othersProbe ??= followOthersLoad()).sample(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
  now: () => performance.now(),
};

/** The outcome of one scenario under the rule. */
export interface Measured<T> {
  /** The last attempt's value (`undefined` when no attempt ran: the machine never got under the threshold). */
  value: T | undefined;
  /** Whether the last attempt ran with every load sample at or under the threshold. */
  measured: boolean;
  /** Attempts that ran the body. */
  attempts: number;
  /** The 1-minute load average when the last attempt started (or the last one read while waiting, when none ran). */
  maxLoad: number;
  /** The highest load of other processes sampled during the last attempt (when none ran, the last one read while waiting). */
  maxOthers: number;
}

/**
 * Run `body` under the load rule: before each attempt wait (at most `rule.waitMs`, sampling every 5 s) for the 1-minute
 * load average to be at or under `rule.threshold` and the others' load at or under `rule.othersThreshold` (it starts
 * from the load average, so the load of what ran just before, such as `npm run bench:browser`'s own build, is waited
 * out instead of spending the attempts on it); run it while sampling the others' load every `rule.sampleEveryMs`
 * and once at its start and end; an attempt with an others' sample over `rule.othersThreshold` is repeated up to
 * `rule.retries` times. `body` must build its figures afresh on every call.
 * @param body - the scenario; it may await, and may call `sampleLoad` to take a sample now (a part that blocks the
 *   event loop the periodic sampler runs on); an error it throws propagates (no retry)
 * @param log - where progress lines go
 */
export async function underLoadRule<T>(
  name: string,
  rule: LoadRule,
  body: (sampleLoad: () => void) => Promise<T>,
  log: (line: string) => void,
  probe: LoadProbe = machineLoad,
): Promise<Measured<T>> {
  let value: T | undefined;
  let attempts = 0;
  let maxLoad = Number.NaN;
  let maxOthers = Number.NaN;
  for (let attempt = 0; attempt <= rule.retries; attempt += 1) {
    const waitStart = probe.now();
    let load = probe.sample();
    let others = probe.others();
    const busy = () => isLoaded([load], rule.threshold) || isLoaded([others], rule.othersThreshold);
    while (busy() && probe.now() - waitStart < rule.waitMs) {
      await probe.sleep(Math.min(5000, rule.waitMs));
      load = probe.sample();
      others = probe.others();
    }
    maxLoad = load;
    if (busy()) {
      maxOthers = others;
      log(
        `  ${name}: load ${fmtLoad(load)} (threshold ${fmtLoad(rule.threshold)}), other processes' load ${fmtLoad(others)} (threshold ${fmtLoad(rule.othersThreshold)}) after waiting ${Math.round(rule.waitMs / 1000)} s; attempt ${attempt + 1} not run`,
      );
      continue;
    }
    const samples = [others];
    const sampleLoad = () => void samples.push(probe.others());
    const stop = probe.every(rule.sampleEveryMs, sampleLoad);
    try {
      attempts += 1;
      value = await body(sampleLoad);
    } finally {
      stop();
      samples.push(probe.others());
    }
    maxOthers = Math.max(...samples);
    if (!isLoaded(samples, rule.othersThreshold)) {
      log(
        `  ${name}: measured (load ${fmtLoad(load)} at the start; other processes' load at most ${fmtLoad(maxOthers)}, threshold ${fmtLoad(rule.othersThreshold)})`,
      );
      return { value, measured: true, attempts, maxLoad, maxOthers };
    }
    log(
      `  ${name}: other processes' load reached ${fmtLoad(maxOthers)} > ${fmtLoad(rule.othersThreshold)} during attempt ${attempt + 1}${attempt < rule.retries ? '; retrying' : ''}`,
    );
  }
  log(`  ${name}: NOT MEASURED — the machine stayed loaded`);
  return { value, measured: false, attempts, maxLoad, maxOthers };
}

/** A load average as printed (two decimals). */
export function fmtLoad(load: number): string {
  return Number.isFinite(load) ? load.toFixed(2) : '—';
}

/** The line a run prints first: the current 1-minute load average beside the rule. */
export function loadHeadline(rule: LoadRule, load: number): string {
  return (
    `1-minute load average ${fmtLoad(load)} (${rule.cores} cores; a scenario starts at ≤ ${fmtLoad(rule.threshold)} and counts only while ` +
    `other processes' load stays ≤ ${fmtLoad(rule.othersThreshold)})`
  );
}
