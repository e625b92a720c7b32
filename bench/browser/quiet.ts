/**
 * When a page is "quiet" in `npm run bench:browser`: for `quietMs` (default 1,000) in a row there was no DOM mutation,
 * no long task (≥ 50 ms), no HTTP transfer finishing or in flight and no WebSocket frame, and the main thread was busy
 * (CDP `TaskDuration`) for at most `maxBusyShare` (default 10 %) of that window — so work in tasks too short to be
 * long tasks still counts. A page not quiet within `timeoutMs` of `since` is a timeout, which the bench records as a
 * miss of every figure waiting for it. All times are the page's `performance.now()` ms.
 */

/** What the page did last, as the bench samples it. */
export interface PageActivity {
  /** The sample's page time. */
  now: number;
  /** The last DOM mutation seen by the probes' document-wide MutationObserver (0: none). */
  lastMutation: number;
  /** The end of the last long task (0: none). */
  lastLongTaskEnd: number;
  /** The last HTTP transfer that finished or WebSocket frame that arrived (0: none). */
  lastNetwork: number;
  /** HTTP requests started and not finished. */
  inFlight: number;
  /** Main-thread task time (ms) within [now - quietMs, now]; `undefined` while the samples do not cover that window yet. */
  busyMs: number | undefined;
}

/** The quiet rule's settings. */
export interface QuietRule {
  quietMs: number;
  timeoutMs: number;
  /** Highest share (0..1) of the window the main thread may be busy. */
  maxBusyShare: number;
}

/** The default rule: 1 s of silence, main thread ≤ 10 % busy, within 30 s. */
export const QUIET: QuietRule = { quietMs: 1000, timeoutMs: 30_000, maxBusyShare: 0.1 };

/** A verdict: quiet since `at` (the last activity, never before `since`), still busy (with why), or timed out. */
export type QuietVerdict = { kind: 'quiet'; at: number } | { kind: 'busy'; why: string } | { kind: 'timeout'; why: string };

/**
 * Decide whether the page is quiet.
 * @param activity - the latest sample
 * @param since - page time the wait started (activity before it does not matter)
 * @returns `quiet` with the time the page went quiet, `busy`, or `timeout` once `timeoutMs` passed since `since`
 */
export function quietVerdict(activity: PageActivity, since: number, rule: QuietRule = QUIET): QuietVerdict {
  const at = Math.max(since, activity.lastMutation, activity.lastLongTaskEnd, activity.lastNetwork);
  let why: string | undefined;
  if (activity.inFlight > 0) why = `${activity.inFlight} HTTP request(s) in flight`;
  else if (activity.now - at < rule.quietMs) {
    const last =
      at === activity.lastMutation ? 'a DOM mutation' : at === activity.lastLongTaskEnd ? 'a long task' : at === activity.lastNetwork ? 'network' : 'the start';
    why = `${last} ${Math.round(activity.now - at)} ms ago`;
  } else if (activity.busyMs === undefined) why = 'main-thread time not sampled over the whole window yet';
  else if (activity.busyMs > rule.quietMs * rule.maxBusyShare) why = `main thread ${Math.round((activity.busyMs / rule.quietMs) * 100)} % busy`;
  if (why === undefined) return { kind: 'quiet', at };
  if (activity.now - since >= rule.timeoutMs) return { kind: 'timeout', why };
  return { kind: 'busy', why };
}

/**
 * Main-thread time within the trailing window, from cumulative samples.
 * @param samples - `{t: page ms, busy: cumulative task ms}` in time order
 * @param now - the window's end (page ms)
 * @param windowMs - its length
 * @returns busy ms between the newest sample at or before `now - windowMs` and the last sample, or `undefined`
 *   when no sample is that old
 */
export function busyWithin(samples: readonly { t: number; busy: number }[], now: number, windowMs: number): number | undefined {
  const last = samples.at(-1);
  if (last === undefined) return undefined;
  let start: { t: number; busy: number } | undefined;
  for (const s of samples) if (s.t <= now - windowMs) start = s;
  return start === undefined ? undefined : last.busy - start.busy;
}
