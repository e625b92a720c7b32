/**
 * The others' load: the parsers of /proc/stat and /proc/<pid>/stat (on lines as Linux writes them), the own-tree sum,
 * the 1-minute average, and — on this Linux machine — that CPU burnt by a child of this process counts as its own
 * (by CPU time burnt, not wall time, so a busy machine does not change the outcome).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { busyTicksOf, followOthersLoad, nextOthersLoad, ownTicks, procStatOf, treeTicksOf } from './others-load.ts';

describe('busyTicksOf', () => {
  it('adds user, nice, system, irq, softirq and steal of the aggregate line', () => {
    const stat = 'cpu  100 5 50 9000 40 3 2 1 0 0\ncpu0 50 2 25 4500 20 1 1 0 0 0\nintr 1 2\n';
    expect(busyTicksOf(stat)).toBe(100 + 5 + 50 + 3 + 2 + 1);
  });

  it('throws without an aggregate cpu line', () => {
    expect(() => busyTicksOf('cpu0 1 2 3 4\n')).toThrow(/no aggregate "cpu" line/);
  });
});

describe('procStatOf', () => {
  it('counts fields from the last parenthesis, so a command name with spaces and ")" does not shift them', () => {
    const line = '4242 (Web Content) (x)) S 4000 4242 4242 0 -1 4194560 100 0 0 0 700 300 20 10 20 0 1 0 5 0 0';
    expect(procStatOf(line)).toEqual({ pid: 4242, ppid: 4000, ticks: 700 + 300 + 20 + 10 });
  });

  it.each(['', 'not a stat line', '12 (x) S'])('reads %j as no process', (text) => {
    expect(procStatOf(text)).toBeUndefined();
  });
});

describe('treeTicksOf', () => {
  it('sums a process and every descendant, and nothing else', () => {
    const processes = [
      { pid: 1, ppid: 0, ticks: 1000 },
      { pid: 10, ppid: 1, ticks: 5 },
      { pid: 11, ppid: 10, ticks: 7 },
      { pid: 12, ppid: 11, ticks: 11 },
      { pid: 20, ppid: 1, ticks: 500 },
    ];
    expect(treeTicksOf(processes, 10)).toBe(23);
    expect(treeTicksOf(processes, 99)).toBe(0);
  });
});

describe('nextOthersLoad', () => {
  const at = (s: number, busy: number, own: number) => ({ at: s * 1000, busy, own });

  it('counts only the busy time outside the tree, averaged with the 1-minute decay', () => {
    // 2 s: 300 busy ticks, 200 of them own → 100 ticks = 1 s of CPU over 2 s = 0.5 cores.
    const keep = Math.exp(-2 / 60);
    expect(nextOthersLoad(0, at(0, 0, 0), at(2, 300, 200))).toBeCloseTo(0.5 * (1 - keep), 10);
    // a minute of 0.5 cores from 0 reaches 1 − 1/e of it, like the kernel's average
    let average = 0;
    for (let s = 0; s < 60; s += 2) average = nextOthersLoad(average, at(s, s * 50, 0), at(s + 2, (s + 2) * 50, 0));
    expect(average).toBeCloseTo(0.5 * (1 - Math.exp(-1)), 6);
  });

  it('never goes below 0 when the tree counted more than the machine (a process left the tree), and ignores a zero span', () => {
    expect(nextOthersLoad(0.3, at(0, 0, 0), at(2, 100, 400))).toBeCloseTo(0.3 * Math.exp(-2 / 60), 10);
    expect(nextOthersLoad(0.3, at(1, 0, 0), at(1, 100, 0))).toBe(0.3);
  });
});

describe.skipIf(!existsSync('/proc/stat'))('on this machine', () => {
  it("counts the CPU a child of this process burnt as the benchmark's own, also after it exited", async () => {
    const before = ownTicks();
    // A child that burns one second of its own CPU time, however busy the machine is.
    const child = spawn(process.execPath, ['-e', 'while (process.cpuUsage().user < 1e6);']);
    await new Promise((resolve) => child.on('exit', resolve));
    // Reaped by this process, the child's ticks are in its cutime: at least 0.9 s (USER_HZ 100) more than before.
    expect(ownTicks() - before).toBeGreaterThanOrEqual(90);
  });

  it('follows a finite, non-negative load of other processes', () => {
    const load = followOthersLoad().sample();
    expect(Number.isFinite(load) && load >= 0).toBe(true);
  });
});
