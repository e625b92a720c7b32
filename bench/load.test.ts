/**
 * The load rule of both benches: the threshold from the environment, when a scenario counts as loaded, the retries
 * and the "not measured" outcome, and the exit code of a run.
 */
import { describe, expect, it } from 'vitest';
import { exitCodeOf, isLoaded, loadRuleOf, underLoadRule, type LoadProbe, type LoadRule } from './load.ts';

describe('loadRuleOf', () => {
  it('takes half the cores to start and a quarter for other processes by default, and the variables when set', () => {
    expect(loadRuleOf({}, 2)).toMatchObject({ threshold: 1, othersThreshold: 0.5, cores: 2, retries: 2, waitMs: 60_000 });
    expect(loadRuleOf({ BENCH_MAX_LOAD: '3.5', BENCH_LOAD_WAIT_S: '0' }, 8)).toMatchObject({ threshold: 3.5, othersThreshold: 3.5, waitMs: 0 });
    expect(loadRuleOf({ BENCH_MAX_LOAD: '3.5', BENCH_MAX_OTHERS: '0.25' }, 8)).toMatchObject({ threshold: 3.5, othersThreshold: 0.25 });
    expect(loadRuleOf({ BENCH_MAX_LOAD: ' ' }, 4)).toMatchObject({ threshold: 2, othersThreshold: 1 });
  });

  it.each([
    ['BENCH_MAX_LOAD', 'abc'],
    ['BENCH_MAX_LOAD', '-1'],
    ['BENCH_MAX_OTHERS', 'Infinity'],
  ])('refuses %s=%j with a message naming it', (name, raw) => {
    expect(() => loadRuleOf({ [name]: raw }, 2)).toThrow(new RegExp(`${name} must be a non-negative number`));
  });
});

describe('isLoaded', () => {
  it.each<[number[], boolean]>([
    [[0.2, 0.9, 1], false],
    [[0.2, 1.01, 0.3], true],
    [[Number.NaN], true],
    [[], true],
  ])('judges samples %j against 1 as loaded: %s', (samples, loaded) => {
    expect(isLoaded(samples, 1)).toBe(loaded);
  });
});

describe('exitCodeOf', () => {
  it.each<[number, number, 0 | 1 | 3]>([
    [0, 0, 0],
    [2, 0, 1],
    [0, 1, 3],
    [1, 1, 1],
  ])('exits %i missed, %i not measured → %i', (missed, notMeasured, code) => {
    expect(exitCodeOf(missed, notMeasured)).toBe(code);
  });
});

/**
 * A machine whose 1-minute load average follows `loads` and whose other processes' load follows `others`, one value
 * per sample of each (the last repeats); `tick` runs the sampler registered by `every`.
 */
function fakeMachine(loads: number[], others: number[] = [0.1]): LoadProbe & { tick(): void; samples: number } {
  let clock = 0;
  let i = 0;
  let j = 0;
  let ticker: (() => void) | undefined;
  return {
    samples: 0,
    sample() {
      this.samples += 1;
      return loads[Math.min(i++, loads.length - 1)]!;
    },
    others: () => others[Math.min(j++, others.length - 1)]!,
    sleep: async (ms) => {
      clock += ms;
    },
    every(_ms, tick) {
      ticker = tick;
      return () => {
        ticker = undefined;
      };
    },
    now: () => clock,
    tick: () => ticker?.(),
  };
}

const rule: LoadRule = { threshold: 1, othersThreshold: 0.5, cores: 2, retries: 2, waitMs: 10_000, sampleEveryMs: 2000 };

/**
 * Run a scenario under the rule on a machine whose loads follow `loads` and `others`; the scenario returns how many
 * times it ran, after ticking the periodic sampler (`tick`) or taking a sample itself (`own`) when asked.
 */
async function scenario(loads: number[], others: number[], during: 'tick' | 'own' | 'none' = 'none') {
  const machine = fakeMachine(loads, others);
  const lines: string[] = [];
  let runs = 0;
  const out = await underLoadRule(
    's',
    rule,
    async (sampleLoad) => {
      runs += 1;
      if (during === 'tick') machine.tick();
      if (during === 'own') sampleLoad();
      return runs;
    },
    (l) => lines.push(l),
    machine,
  );
  return { out, runs, lines, machine };
}

describe('underLoadRule', () => {
  it('measures a scenario whose other processes stay at or under their threshold, once', async () => {
    const { out, runs } = await scenario([0.4], [0.2, 0.45, 0.3], 'tick');
    expect(out).toEqual({ value: 1, measured: true, attempts: 1, maxLoad: 0.4, maxOthers: 0.45 });
    expect(runs).toBe(1);
  });

  it("does not count the benchmark's own load: a load average over the threshold during the run is not judged", async () => {
    // The load average is read only before the attempt; during it only the others' load counts.
    const { out, machine } = await scenario([0.6, 1.9, 1.9], [0.1], 'tick');
    expect(out).toMatchObject({ value: 1, measured: true, attempts: 1, maxLoad: 0.6 });
    expect(machine.samples).toBe(1);
  });

  it("runs a scenario again when the others' load during it exceeds the threshold, and keeps the clean attempt", async () => {
    // attempt 1: others 0.2, 0.9 (tick), 0.3 → loaded; attempt 2: 0.2, 0.3, 0.2 → measured
    const { out, lines } = await scenario([0.5], [0.2, 0.9, 0.3, 0.2, 0.3, 0.2], 'tick');
    expect(out).toEqual({ value: 2, measured: true, attempts: 2, maxLoad: 0.5, maxOthers: 0.3 });
    expect(lines[0]).toMatch(/other processes' load reached 0\.90 > 0\.50 during attempt 1; retrying/);
  });

  it('is not measured after the first run and two retries all loaded', async () => {
    // Each attempt starts clean (0.1) and is loaded by its end (2).
    const { out, runs, lines } = await scenario([0.5], [0.1, 2, 0.1, 2, 0.1, 2]);
    expect(runs).toBe(3);
    expect(out).toMatchObject({ value: 3, measured: false, attempts: 3, maxOthers: 2 });
    expect(lines.at(-1)).toMatch(/NOT MEASURED/);
  });

  it("waits for the others' load to fall before an attempt, as after the benchmark's own build", async () => {
    // The others' load starts at the load average the build left (1.34) and decays: the first attempt waits the
    // whole 10 s (1.34, 0.96, 0.71) and is not run; the second starts at 0.48 and runs clean.
    const { out, runs, machine, lines } = await scenario([0.8], [1.34, 0.96, 0.71, 0.48, 0.2]);
    expect(runs).toBe(1);
    expect(out).toMatchObject({ value: 1, measured: true, attempts: 1, maxOthers: 0.48 });
    expect(machine.now()).toBe(10_000);
    expect(lines[0]).toMatch(/other processes' load 0\.71 \(threshold 0\.50\) after waiting 10 s; attempt 1 not run/);
  });

  it("does not run an attempt while the others' load stays over its threshold, and says so", async () => {
    const { out, runs, lines } = await scenario([0.5], [0.1, 2]);
    expect(runs).toBe(1);
    expect(out).toMatchObject({ value: 1, measured: false, attempts: 1, maxOthers: 2 });
    expect(lines.filter((l) => /other processes' load 2\.00 \(threshold 0\.50\) after waiting 10 s; attempt [23] not run/.test(l))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/NOT MEASURED/);
  });

  it('waits for the load average to fall before an attempt, and does not run while it stays over the threshold', async () => {
    const { out, runs, machine } = await scenario([3], [0]);
    expect(runs).toBe(0);
    expect(out).toMatchObject({ value: undefined, measured: false, attempts: 0, maxLoad: 3 });
    // Every attempt waited the whole 10 s, sampling every 5 s: 3 samples each.
    expect(machine.samples).toBe(9);
    expect(machine.now()).toBe(30_000);
  });

  it('starts as soon as a wait brings the load average under the threshold', async () => {
    const { out, machine } = await scenario([1.5, 0.9], [0.1]);
    expect(out).toMatchObject({ value: 1, measured: true, attempts: 1, maxLoad: 0.9 });
    expect(machine.now()).toBe(5000);
  });

  it('counts a sample the scenario takes itself between blocking steps', async () => {
    // start 0.1, the scenario's own sample 0.8, end 0.1 → loaded; then clean.
    const { out } = await scenario([0.5], [0.1, 0.8, 0.1, 0.1, 0.1, 0.1], 'own');
    expect(out).toMatchObject({ value: 2, measured: true, attempts: 2 });
  });

  it('lets an error of the scenario through without a retry', async () => {
    const machine = fakeMachine([0.1]);
    let runs = 0;
    await expect(
      underLoadRule(
        's',
        rule,
        async () => {
          runs += 1;
          throw new Error('boom');
        },
        () => undefined,
        machine,
      ),
    ).rejects.toThrow('boom');
    expect(runs).toBe(1);
  });
});
