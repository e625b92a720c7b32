/**
 * One measured browser tab of `npm run bench:browser`: a fresh Chromium context (cold cache) with the in-page probes
 * (bench/browser/probes.ts) and a CDP session that records network bytes on the wire (`Network.loadingFinished`
 * `encodedDataLength`, headers included) and WebSocket frame arrival times. CDP times are monotonic seconds; they
 * are mapped onto the page's `performance.now()` through the (timestamp, wallTime) pair of the latest
 * `Network.requestWillBeSent` and the page's `performance.timeOrigin`, so a frame's arrival and a DOM change compare
 * on one clock (to within about a millisecond).
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { installProbes, type BenchProbes, type WaitResult, type WaitSpec } from './probes.ts';

/** A finished network request. `type` is CDP's resource type (Document, Script, Stylesheet, Fetch, …). */
export interface Transfer {
  url: string;
  type: string;
  bytes: number;
  /** CDP monotonic seconds; see `Tab.pageTime`. */ startedTs: number;
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
    // tsx compiles with esbuild's keepNames, which wraps named functions in `__name(…)`: define it for the page.
    const arming = `for (const [id, spec] of ${JSON.stringify(Object.entries(arms))}) window.__bench.arm(id, spec);`;
    await page.addInitScript({ content: `(() => { const __name = (f) => f; (${installProbes.toString()})(); ${arming} })();` });
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
      tab.transfers.push({ ...p, bytes: e.encodedDataLength });
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
  probes(): Promise<Pick<BenchProbes, 'longtasks' | 'events' | 'keys' | 'clicks' | 'changes' | 'waits'>> {
    return this.page.evaluate(() => {
      const b = (window as unknown as { __bench: BenchProbes }).__bench;
      return { longtasks: b.longtasks, events: b.events, keys: b.keys, clicks: b.clicks, changes: b.changes, waits: b.waits };
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

  /** Longest long task (ms) overlapping page times [from, to]; 0 when none. */
  async longestTask(from: number, to: number): Promise<number> {
    const { longtasks } = await this.probes();
    return longtasks.filter((t) => t.start < to && t.start + t.duration > from).reduce((max, t) => Math.max(max, t.duration), 0);
  }

  /**
   * Wait until the page has been quiet: no long task and no network transfer finishing for `quietMs`, polled every
   * 200 ms, for at most `capMs`. @returns the page time it settled (or gave up).
   */
  async settle(quietMs = 1000, capMs = 15_000): Promise<number> {
    const start = Date.now();
    for (;;) {
      const now = await this.now();
      const { longtasks } = await this.probes();
      const lastTask = longtasks.reduce((max, t) => Math.max(max, t.start + t.duration), 0);
      const lastTransfer = this.transfers.reduce((max, t) => Math.max(max, this.pageTime(t.startedTs)), 0);
      if ((now - Math.max(lastTask, lastTransfer) >= quietMs && this.pending.size === 0) || Date.now() - start > capMs) return now;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Close the context (also ends a frozen renderer). */
  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
