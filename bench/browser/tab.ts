/**
 * One measured browser tab of `npm run bench:browser`: a fresh Chromium context (cold cache) with the in-page probes
 * (bench/browser/probes.ts) and a CDP session that records network bytes on the wire (`Network.loadingFinished`
 * `encodedDataLength`, headers included) and WebSocket frame arrival times. CDP times are monotonic seconds; they
 * are mapped onto the page's `performance.now()` through the (timestamp, wallTime) pair of the latest
 * `Network.requestWillBeSent` and the page's `performance.timeOrigin`, so a frame's arrival and a DOM change compare
 * on one clock (to within about a millisecond).
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { probesScript, type BenchProbes, type WaitResult, type WaitSpec } from './probes.ts';
import { busyWithin, QUIET, quietVerdict, type QuietRule } from './quiet.ts';

/** A finished network request. `type` is CDP's resource type (Document, Script, Stylesheet, Fetch, …). */
export interface Transfer {
  url: string;
  type: string;
  bytes: number;
  /** CDP monotonic seconds; see `Tab.pageTime`. */ startedTs: number;
  /** When it finished (CDP monotonic seconds). */
  endedTs: number;
  fromCache: boolean;
}

/** A received WebSocket text frame: when it arrived (CDP monotonic seconds; see `Tab.pageTime`) and its first 300 characters. */
export interface FrameIn {
  ts: number;
  head: string;
}

/** Thrown when a waiter does not resolve in time (the figure becomes a timeout, not a number). */
export class BenchTimeout extends Error {}

/** A tab with its instruments. */
export class Tab {
  readonly transfers: Transfer[] = [];
  readonly frames: FrameIn[] = [];
  readonly pending = new Map<string, { url: string; type: string; startedTs: number; fromCache: boolean }>();
  private clock: { ts: number; wall: number } | undefined;
  private timeOrigin = 0;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly cdp: CDPSession,
  ) {}

  /**
   * Open a tab in a new context.
   * @param browser - the launched Chromium
   * @param baseURL - the server's URL
   * @param arms - waiters armed by the init script on every document (before any app code), by id
   */
  static async open(browser: Browser, baseURL: string, arms: Record<string, WaitSpec> = {}): Promise<Tab> {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const arming = `for (const [id, spec] of ${JSON.stringify(Object.entries(arms))}) window.__bench.arm(id, spec);`;
    await page.addInitScript({ content: probesScript(arming) });
    const cdp = await context.newCDPSession(page);
    const tab = new Tab(context, page, cdp);
    cdp.on('Network.requestWillBeSent', (e) => {
      tab.clock = { ts: e.timestamp, wall: e.wallTime };
      tab.pending.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', startedTs: e.timestamp, fromCache: false });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const p = tab.pending.get(e.requestId);
      if (p) p.fromCache = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const p = tab.pending.get(e.requestId);
      if (p) {
        p.type = e.type;
        if (e.response.fromDiskCache === true || e.response.fromPrefetchCache === true) p.fromCache = true;
      }
    });
    cdp.on('Network.loadingFinished', (e) => {
      const p = tab.pending.get(e.requestId);
      if (!p) return;
      tab.pending.delete(e.requestId);
      tab.transfers.push({ ...p, bytes: e.encodedDataLength, endedTs: e.timestamp });
    });
    cdp.on('Network.loadingFailed', (e) => void tab.pending.delete(e.requestId));
    cdp.on('Network.webSocketFrameReceived', (e) => {
      const data = e.response.payloadData;
      tab.frames.push({ ts: e.timestamp, head: data.slice(0, 300) });
    });
    await cdp.send('Network.enable', { maxPostDataSize: 0 });
    await cdp.send('Performance.enable');
    return tab;
  }

  /** A CDP monotonic timestamp (s) as the current document's `performance.now()` (ms); call after `syncClock`. */
  pageTime(ts: number): number {
    if (!this.clock) return Number.NaN;
    return (this.clock.wall + (ts - this.clock.ts)) * 1000 - this.timeOrigin;
  }

  /** Re-read `performance.timeOrigin` (after every navigation). */
  async syncClock(): Promise<void> {
    this.timeOrigin = await this.page.evaluate(() => performance.timeOrigin);
  }

  /** The page's probes state (a copy). */
  probes(): Promise<Pick<BenchProbes, 'longtaskSupported' | 'longtasks' | 'lastMutation' | 'events' | 'keys' | 'clicks' | 'changes' | 'waits'>> {
    return this.page.evaluate(() => {
      const b = (window as unknown as { __bench: BenchProbes }).__bench;
      return {
        longtaskSupported: b.longtaskSupported,
        longtasks: b.longtasks,
        lastMutation: b.lastMutation,
        events: b.events,
        keys: b.keys,
        clicks: b.clicks,
        changes: b.changes,
        waits: b.waits,
      };
    });
  }

  /** Arm a waiter now. */
  arm(id: string, spec: WaitSpec): Promise<void> {
    return this.page.evaluate(([i, s]) => (window as unknown as { __bench: BenchProbes }).__bench.arm(i, s), [id, spec] as const);
  }

  /**
   * Wait for an armed waiter.
   * @param timeoutMs - how long the page may take
   * @throws BenchTimeout when it did not resolve in time
   */
  async waitFor(id: string, timeoutMs: number): Promise<WaitResult> {
    try {
      const handle = await this.page.waitForFunction((i) => (window as unknown as { __bench: BenchProbes }).__bench.waits[i], id, {
        timeout: timeoutMs,
        polling: 50,
      });
      return (await handle.jsonValue()) as WaitResult;
    } catch (error) {
      throw new BenchTimeout(
        `"${id}" not reached in ${(timeoutMs / 1000).toFixed(0)} s (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
    }
  }

  /** The page's `performance.now()`. */
  now(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }

  /** CDP Performance metrics by name (TaskDuration in s, JSHeapUsedSize in bytes, Nodes, LayoutCount, …). */
  async metrics(): Promise<Record<string, number>> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  }

  /** Collect garbage (CDP HeapProfiler.collectGarbage), then read the metrics. */
  async metricsAfterGc(): Promise<Record<string, number>> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    return this.metrics();
  }

  /**
   * Longest long task (ms) overlapping page times [from, to]; 0 when none (tasks under 50 ms are not long tasks).
   * @throws Error when the page has no `longtask` observer (the figure could never fail) or `from`/`to` is not a number
   */
  async longestTask(from: number, to: number): Promise<number> {
    const { longtaskSupported, longtasks } = await this.probes();
    if (!longtaskSupported) throw new Error('this Chromium reports no long tasks: no task figure can be read');
    if (!Number.isFinite(from) || !Number.isFinite(to)) throw new BenchTimeout(`no task window (from ${from} to ${to})`);
    return longtasks.filter((t) => t.start < to && t.start + t.duration > from).reduce((max, t) => Math.max(max, t.duration), 0);
  }

  /**
   * Wait until the page is quiet (bench/browser/quiet.ts), sampling every 100 ms.
   * @param since - page time the wait counts from (activity before it is ignored); default: now
   * @returns the page time the page went quiet (its last activity, never before `since`)
   * @throws BenchTimeout when it is not quiet within the rule's timeout (a miss of the figures waiting for it)
   */
  async quiet(since?: number, rule: QuietRule = QUIET): Promise<number> {
    const from = since ?? (await this.now());
    const busy: { t: number; busy: number }[] = [];
    const deadline = Date.now() + rule.timeoutMs + 10_000;
    for (;;) {
      const sample = this.page.evaluate(() => {
        const b = (window as unknown as { __bench: BenchProbes }).__bench;
        return { now: performance.now(), lastMutation: b.lastMutation, lastLongTaskEnd: b.longtasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0) };
      });
      const page = await Promise.race([sample, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now())))]);
      if (page === undefined) throw new BenchTimeout(`page not quiet within ${rule.timeoutMs / 1000} s (it stopped answering)`);
      const metrics = await this.metrics();
      busy.push({ t: page.now, busy: (metrics.TaskDuration ?? Number.NaN) * 1000 });
      // A time from before the current document (or before the clock was known) is not finite: not activity now.
      const latest = (max: number, ts: number) => Math.max(max, Number.isFinite(this.pageTime(ts)) ? this.pageTime(ts) : 0);
      const lastTransfer = this.transfers.reduce((max, t) => latest(max, t.endedTs), 0);
      const lastFrame = this.frames.reduce((max, f) => latest(max, f.ts), 0);
      const verdict = quietVerdict(
        {
          ...page,
          lastNetwork: Math.max(lastTransfer, lastFrame),
          inFlight: this.pending.size,
          busyMs: busyWithin(busy, page.now, rule.quietMs),
        },
        from,
        rule,
      );
      if (verdict.kind === 'quiet') return verdict.at;
      if (verdict.kind === 'timeout') throw new BenchTimeout(`page not quiet within ${rule.timeoutMs / 1000} s (${verdict.why})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Close the context (also ends a frozen renderer). */
  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
