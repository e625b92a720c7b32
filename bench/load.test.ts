/**
 * The load rule of both benches: the threshold from the environment, when a scenario counts as loaded, the retries
 * and the "not measured" outcome, and the exit code of a run.
 */
import { describe, expect, it } from 'vitest';
import { exitCodeOf, isLoaded, loadRuleOf, underLoadRule, type LoadProbe, type LoadRule } from './load.ts';

describe('loadRuleOf', () => {
  it('takes half the cores by default, and BENCH_MAX_LOAD / BENCH_LOAD_WAIT_S when set', () => {
    expect(loadRuleOf({}, 2)).toMatchObject({ threshold: 1, cores: 2, retries: 2, waitMs: 60_000 });
    expect(loadRuleOf({ BENCH_MAX_LOAD: '3.5', BENCH_LOAD_WAIT_S: '0' }, 8)).toMatchObject({ threshold: 3.5, waitMs: 0 });
    expect(loadRuleOf({ BENCH_MAX_LOAD: ' ' }, 4).threshold).toBe(2);
  });

  it.each(['abc', '-1', 'Infinity'])('refuses BENCH_MAX_LOAD=%j with a message naming it', (raw) => {
    expect(() => loadRuleOf({ BENCH_MAX_LOAD: raw }, 2)).toThrow(/BENCH_MAX_LOAD must be a non-negative number/);
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

/** A machine whose load follows `loads`, one value per sample; `tick` runs the sampler registered by `every`. */
function fakeMachine(loads: number[]): LoadProbe & { tick(): void; samples: number } {
  let clock = 0;
  let i = 0;
  let ticker: (() => void) | undefined;
  return {
    samples: 0,
    sample() {
      this.samples += 1;
      return loads[Math.min(i++, loads.length - 1)]!;
    },
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

const rule: LoadRule = { threshold: 1, cores: 2, retries: 2, waitMs: 10_000, sampleEveryMs: 2000 };

/**
 * Run a scenario under the rule on a machine whose load follows `loads`; the scenario returns how many times it ran,
 * after ticking the periodic sampler (`tick`) or taking a sample itself (`own`) when asked.
 */
async function scenario(loads: number[], during: 'tick' | 'own' | 'none' = 'none') {
  const machine = fakeMachine(loads);
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
  it('measures a scenario whose every sample stays at or under the threshold, once', async () => {
    const { out, runs } = await scenario([0.4, 0.6, 0.5], 'tick');
    expect(out).toEqual({ value: 1, measured: true, attempts: 1, maxLoad: 0.6 });
    expect(runs).toBe(1);
  });

  it('runs a scenario again when a sample during it exceeds the threshold, and keeps the clean attempt', async () => {
    // attempt 1: start 0.5, during 1.4, end 0.9 → loaded; attempt 2: start 0.8, during 0.7, end 0.6 → measured
    const { out, lines } = await scenario([0.5, 1.4, 0.9, 0.8, 0.7, 0.6], 'tick');
    expect(out).toEqual({ value: 2, measured: true, attempts: 2, maxLoad: 0.8 });
    expect(lines[0]).toMatch(/load reached 1\.40 > 1\.00 during attempt 1; retrying/);
  });

  it('is not measured after the first run and two retries all loaded', async () => {
    const { out, runs, lines } = await scenario([0.5, 2, 0.5, 2, 0.5, 2]);
    expect(runs).toBe(3);
    expect(out).toMatchObject({ value: 3, measured: false, attempts: 3, maxLoad: 2 });
    expect(lines.at(-1)).toMatch(/NOT MEASURED/);
  });

  it('waits for the load to fall before an attempt, and does not run while it stays over the threshold', async () => {
    const { out, runs, machine } = await scenario([3]);
    expect(runs).toBe(0);
    expect(out).toEqual({ value: undefined, measured: false, attempts: 0, maxLoad: 3 });
    // Every attempt waited the whole 10 s, sampling every 5 s: 3 samples each.
    expect(machine.samples).toBe(9);
    expect(machine.now()).toBe(30_000);
  });

  it('starts as soon as a wait brings the load under the threshold', async () => {
    const { out, machine } = await scenario([1.5, 0.9, 0.9, 0.9]);
    expect(out).toMatchObject({ value: 1, measured: true, attempts: 1 });
    expect(machine.now()).toBe(5000);
  });

  it('counts a sample the scenario takes itself between blocking steps', async () => {
    // start 0.5, the scenario's own sample 1.2, end 0.5 → loaded; then clean.
    const { out } = await scenario([0.5, 1.2, 0.5, 0.5, 0.5, 0.5], 'own');
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
