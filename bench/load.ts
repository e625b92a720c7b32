/**
 * The load rule of both benchmarks (`npm run bench`, `npm run bench:browser`): a figure counts only when the machine
 * was idle enough while it was taken. The 1-minute load average is sampled before and throughout each scenario; when
 * any sample exceeds the threshold (half the cores), the scenario is retried (up to twice), and a scenario still loaded
 * after that is "not measured" — the run then exits 3, never 0. Exit codes: 0 every budget met, 1 a budget missed,
 * 3 not measured.
 */
import os from 'node:os';

/** The exit code of a run: 0 every budget met, 1 a measured figure missed its budget, 3 something was not measured. */
export type ExitCode = 0 | 1 | 3;

/** The rule's settings. */
export interface LoadRule {
  /** A 1-minute load average above this makes a scenario loaded. */
  threshold: number;
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
 * The rule from the environment: `BENCH_MAX_LOAD` (default half the cores; raise it only to check that scenarios
 * work, never for figures that count), `BENCH_LOAD_WAIT_S` (default 60).
 * @param env - process.env or a test's stand-in
 * @param cores - logical cores (`os.availableParallelism()`)
 * @throws Error when `BENCH_MAX_LOAD` or `BENCH_LOAD_WAIT_S` is not a non-negative number
 */
export function loadRuleOf(env: Record<string, string | undefined>, cores: number): LoadRule {
  const number = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
    return value;
  };
  return { threshold: number('BENCH_MAX_LOAD', cores / 2), cores, retries: 2, waitMs: number('BENCH_LOAD_WAIT_S', 60) * 1000, sampleEveryMs: 2000 };
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
  /** The current 1-minute load average. */
  sample(): number;
  sleep(ms: number): Promise<void>;
  /** Call `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
  /** Milliseconds on a monotonic clock. */
  now(): number;
}

/** The machine's own probe: `os.loadavg()[0]`, real timers. */
export const machineLoad: LoadProbe = {
  sample: () => os.loadavg()[0] ?? Number.NaN,
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
  /** The highest load sampled during the last attempt (or while waiting, when none ran). */
  maxLoad: number;
}

/**
 * Run `body` under the load rule: before each attempt wait (at most `rule.waitMs`, sampling every 5 s) for the load
 * to be at or under the threshold; run it while sampling every `rule.sampleEveryMs` and once at its start and end;
 * a loaded attempt is repeated up to `rule.retries` times. `body` must build its figures afresh on every call.
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
  for (let attempt = 0; attempt <= rule.retries; attempt += 1) {
    const waitStart = probe.now();
    let load = probe.sample();
    while (isLoaded([load], rule.threshold) && probe.now() - waitStart < rule.waitMs) {
      await probe.sleep(Math.min(5000, rule.waitMs));
      load = probe.sample();
    }
    if (isLoaded([load], rule.threshold)) {
      maxLoad = load;
      log(`  ${name}: load ${fmtLoad(load)} > ${fmtLoad(rule.threshold)} after waiting ${Math.round(rule.waitMs / 1000)} s; attempt ${attempt + 1} not run`);
      continue;
    }
    const samples = [load];
    const sampleLoad = () => void samples.push(probe.sample());
    const stop = probe.every(rule.sampleEveryMs, sampleLoad);
    try {
      attempts += 1;
      value = await body(sampleLoad);
    } finally {
      stop();
      samples.push(probe.sample());
    }
    maxLoad = Math.max(...samples);
    if (!isLoaded(samples, rule.threshold)) {
      log(`  ${name}: measured (1-minute load at most ${fmtLoad(maxLoad)}, threshold ${fmtLoad(rule.threshold)})`);
      return { value, measured: true, attempts, maxLoad };
    }
    log(`  ${name}: load reached ${fmtLoad(maxLoad)} > ${fmtLoad(rule.threshold)} during attempt ${attempt + 1}${attempt < rule.retries ? '; retrying' : ''}`);
  }
  log(`  ${name}: NOT MEASURED — the machine stayed loaded`);
  return { value, measured: false, attempts, maxLoad };
}

/** A load average as printed (two decimals). */
export function fmtLoad(load: number): string {
  return Number.isFinite(load) ? load.toFixed(2) : '—';
}

/** The line a run prints first: the current 1-minute load average beside the rule. */
export function loadHeadline(rule: LoadRule, load: number): string {
  return `1-minute load average ${fmtLoad(load)} (${rule.cores} cores; a scenario counts only while it stays ≤ ${fmtLoad(rule.threshold)})`;
}
