/**
 * The quiet rule of the browser bench: which sample of page activity counts as quiet, as still busy (and why), or as
 * a timeout; and the main-thread time of the trailing window from cumulative CDP samples.
 */
import { describe, expect, it } from 'vitest';
import { busyWithin, QUIET, quietVerdict, type PageActivity } from './quiet.ts';

const idle = (now: number, over: Partial<PageActivity> = {}): PageActivity => ({
  now,
  lastMutation: 0,
  lastLongTaskEnd: 0,
  lastNetwork: 0,
  inFlight: 0,
  busyMs: 0,
  ...over,
});

describe('quietVerdict', () => {
  it('is quiet once nothing happened for the whole window, and dates the quiet from the last activity', () => {
    expect(quietVerdict(idle(5000, { lastMutation: 3200, lastLongTaskEnd: 3900, lastNetwork: 2000 }), 1000)).toEqual({ kind: 'quiet', at: 3900 });
  });

  it('never dates the quiet before the wait started', () => {
    expect(quietVerdict(idle(5000, { lastMutation: 100 }), 2000)).toEqual({ kind: 'quiet', at: 2000 });
  });

  it.each<[string, Partial<PageActivity>, RegExp]>([
    ['a DOM mutation inside the window', { lastMutation: 4500 }, /DOM mutation 500 ms ago/],
    ['a long task ending inside the window', { lastLongTaskEnd: 4200 }, /long task 800 ms ago/],
    ['a transfer or frame inside the window', { lastNetwork: 4999 }, /network 1 ms ago/],
    ['a request still in flight', { inFlight: 2 }, /2 HTTP request\(s\) in flight/],
    ['a main thread busy over 10 % of the window (short tasks)', { busyMs: 101 }, /main thread 10 % busy/],
    ['main-thread time not sampled over the whole window', { busyMs: undefined }, /not sampled/],
  ])('is busy with %s', (_name, over, why) => {
    const verdict = quietVerdict(idle(5000, over), 1000);
    expect(verdict.kind).toBe('busy');
    expect(verdict.kind === 'busy' && verdict.why).toMatch(why);
  });

  it('allows a main thread busy for exactly the share of the window', () => {
    expect(quietVerdict(idle(5000, { busyMs: QUIET.quietMs * QUIET.maxBusyShare }), 1000).kind).toBe('quiet');
  });

  it('is busy just before the window is full and quiet at its end', () => {
    expect(quietVerdict(idle(1999), 1000).kind).toBe('busy');
    expect(quietVerdict(idle(2000), 1000)).toEqual({ kind: 'quiet', at: 1000 });
  });

  it('times out, with the reason, once the page stayed busy for the timeout since the wait started', () => {
    const rule = { ...QUIET, timeoutMs: 3000 };
    expect(quietVerdict(idle(3999, { lastMutation: 3990 }), 1000, rule).kind).toBe('busy');
    expect(quietVerdict(idle(4000, { lastMutation: 3990 }), 1000, rule)).toEqual({ kind: 'timeout', why: 'a DOM mutation 10 ms ago' });
  });

  it('is quiet rather than timed out when the last sample is quiet', () => {
    expect(quietVerdict(idle(40_000, { lastMutation: 38_000 }), 0)).toEqual({ kind: 'quiet', at: 38_000 });
  });
});

describe('busyWithin', () => {
  const samples = [
    { t: 0, busy: 10 },
    { t: 500, busy: 60 },
    { t: 1000, busy: 70 },
    { t: 1500, busy: 300 },
  ];

  it('is the cumulative task time since the newest sample at or before the window start', () => {
    expect(busyWithin(samples, 1500, 1000)).toBe(240);
    expect(busyWithin(samples, 1500, 500)).toBe(230);
  });

  it('is undefined while no sample is as old as the window', () => {
    expect(busyWithin(samples, 1500, 1600)).toBeUndefined();
    expect(busyWithin([], 1500, 1000)).toBeUndefined();
  });
});
