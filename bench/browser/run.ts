/**
 * `npm run bench:browser`: Playwright + CDP in Debian's Chromium against the production build
 * (`vite build` runs first) served by the real `ui-plan serve --model replay:FILE` on loopback, with the crafted
 * fixtures of fixtures/perf (scripts/make-perf-fixtures.mjs writes the missing ones). Prints one table of
 * median/min/max over n runs (`BENCH_RUNS`, default 5; each scenario also stops after `BENCH_SCENARIO_CAP_S` seconds,
 * default 60, so a slow build stays bounded) beside each figure's budget, and exits 1 when one is missed.
 * It finds the app only by role and accessible name (see probes.ts). Figures taken while other work runs are rough.
 */
import { chromium, expect, type Browser, type Locator } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../testing/chromium.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePerfFixtures, PERF_DIR } from '../../scripts/make-perf-fixtures.mjs';
import { keystrokeFigures } from './figures.ts';
import type { KeyStamp, RoleQuery } from './probes.ts';
import { startServer, type BenchServer } from './server.ts';
import { formatTable, missed, summary, type Budget, type Row } from './table.ts';
import { BenchTimeout, Tab } from './tab.ts';
import { clientRequest } from '../../src/core/protocol/envelopes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const CAP_MS = Number(process.env.BENCH_SCENARIO_CAP_S ?? 60) * 1000;
const KEYS = Number(process.env.BENCH_KEYS ?? 8);
/** How long one card, one import or one navigation may take before the run counts as timed out. */
const WAIT_MS = Number(process.env.BENCH_WAIT_S ?? 20) * 1000;

const COMPOSER: RoleQuery = { role: 'textbox', name: 'Message the agent' };
const REVIEW: RoleQuery = { role: 'region', name: 'Approve this plan and leave plan mode?' };
const TRANSCRIPT: RoleQuery = { role: 'region', name: 'Transcript' };

const rows: Row[] = [];
function row(group: string, name: string, unit: Row['unit'], budget?: Budget): Row {
  const r: Row = { group, name, unit, samples: [], failures: [], ...(budget ? { budget } : {}) };
  rows.push(r);
  return r;
}
const atMost = (max: number, unit: string, on: Budget['on'] = 'median'): Budget => ({ max, on, text: `${on === 'max' ? 'every run ' : ''}≤ ${max} ${unit}` });
const fixture = (name: string) => path.join(PERF_DIR, name);

/** Run `body` up to RUNS times within the scenario cap; a timeout is recorded on `onTimeout` rows and ends the scenario. */
async function runs(onTimeout: Row[], body: (run: number) => Promise<void>): Promise<void> {
  const start = Date.now();
  for (let run = 0; run < RUNS; run += 1) {
    if (run > 0 && Date.now() - start > CAP_MS) {
      console.log(`  (scenario cap of ${CAP_MS / 1000} s reached after ${run} run${run === 1 ? '' : 's'})`);
      return;
    }
    try {
      await body(run);
    } catch (error) {
      if (!(error instanceof BenchTimeout)) throw error;
      console.log(`  run ${run + 1}: ${error.message}`);
      for (const r of onTimeout) r.failures.push(error.message);
      return;
    }
  }
}

async function createSession(server: BenchServer): Promise<string> {
  const res = await fetch(`${server.url}/api/session.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(clientRequest('session.create', {}, 'bench-create')),
  });
  const body = (await res.json()) as { result: { ok: boolean; value?: { sessionId: string } } };
  if (!body.result.ok || !body.result.value) throw new Error('session.create failed');
  return body.result.value.sessionId;
}

/** Press "New session" and wait until the app shows the new session's composer, empty and enabled. */
async function newSession(tab: Tab): Promise<Locator> {
  const before = tab.page.url();
  await tab.page.getByRole('button', { name: 'New session' }).first().click();
  await tab.page.waitForURL((url) => url.href !== before && url.hash.startsWith('#/s/'));
  const box = tab.page.getByRole('textbox', { name: COMPOSER.name });
  await expect(box).toBeEnabled();
  await expect(box).toHaveValue('');
  return box;
}

/** Fill the composer and check the text is really in the box (the caller presses Enter after arming its waiters). */
async function sendLine(box: Locator, line: string): Promise<void> {
  await box.fill(line);
  await expect(box).toHaveValue(line);
}

const kb = (bytes: number) => bytes / 1024;
const isStatic = (type: string) => type === 'Document' || type === 'Script' || type === 'Stylesheet';

/** First load, reload, navigation → usable composer. */
async function loadScenario(browser: Browser): Promise<void> {
  console.log('load: first load and reload of a blank session');
  const js = row('load', 'first-load JS on the wire (before the composer is usable)', 'KB', atMost(130, 'KB'));
  const css = row('load', 'first-load CSS on the wire', 'KB');
  const files = row('load', 'first-load JS + CSS files', 'count');
  const allJs = row('load', 'JS on the wire by 1 s of quiet after load (prefetch included)', 'KB');
  const cold = row('load', 'navigation → usable composer, cold', 'ms', atMost(250, 'ms'));
  const warm = row('load', 'navigation → usable composer, reload', 'ms');
  const reloadBytes = row('load', 'static bytes re-downloaded on reload (document, JS, CSS)', 'KB', atMost(2, 'KB (a 304 for index.html)'));
  const server = await startServer(ROOT, fixture('plan-10.jsonl'));
  try {
    const sessionId = await createSession(server);
    await runs([js, cold], async () => {
      const tab = await Tab.open(browser, server.url, { composer: { kind: 'enabled', query: COMPOSER } });
      try {
        await tab.page.goto(`/#/s/${sessionId}`);
        await tab.syncClock();
        const usable = await tab.waitFor('composer', WAIT_MS);
        cold.samples.push(usable.paintAt);
        await tab.settle();
        const critical = tab.transfers.filter((t) => tab.pageTime(t.startedTs) <= usable.domAt);
        js.samples.push(kb(critical.filter((t) => t.type === 'Script').reduce((s, t) => s + t.bytes, 0)));
        css.samples.push(kb(critical.filter((t) => t.type === 'Stylesheet').reduce((s, t) => s + t.bytes, 0)));
        files.samples.push(critical.filter((t) => t.type === 'Script' || t.type === 'Stylesheet').length);
        allJs.samples.push(kb(tab.transfers.filter((t) => t.type === 'Script').reduce((s, t) => s + t.bytes, 0)));
        tab.transfers.length = 0;
        await tab.page.reload();
        await tab.syncClock();
        const again = await tab.waitFor('composer', WAIT_MS);
        warm.samples.push(again.paintAt);
        await tab.settle();
        reloadBytes.samples.push(kb(tab.transfers.filter((t) => isStatic(t.type) && !t.fromCache).reduce((s, t) => s + t.bytes, 0)));
      } finally {
        await tab.close();
      }
    });
  } finally {
    await server.stop();
  }
}

interface PlanRows {
  delay: Row;
  paint: Row;
  ratio: Row;
}

/** A plan fixture: `/plan` → review card, typing in Feedback, Approve. */
async function planScenario(
  browser: Browser,
  file: string,
  label: string,
  options: { big?: boolean; normal?: boolean; renderBudget?: boolean },
  baseline?: PlanRows,
): Promise<PlanRows> {
  console.log(`plan: ${label}`);
  const group = `plan ${label}`;
  const cardDom = row(
    group,
    '`question/requested` frame → review card in the DOM',
    'ms',
    options.big ? atMost(300, 'ms') : options.normal ? atMost(20, 'ms') : undefined,
  );
  const cardPaint = row(group, 'frame → review card painted', 'ms');
  const task = row(group, 'longest main-thread task, frame → card painted', 'ms', options.big || options.renderBudget ? atMost(200, 'ms', 'max') : undefined);
  const nodes = options.big ? row(group, 'DOM nodes after forced GC', 'count') : undefined;
  const heap = options.big ? row(group, 'JS heap after forced GC', 'MB') : undefined;
  const delay = row(group, 'Feedback keystroke: input delay + processing', 'ms', baseline ? atMost(16, 'ms') : undefined);
  const paint = row(group, 'Feedback keystroke → next paint', 'ms', baseline ? atMost(50, 'ms') : undefined);
  const ratio = row(group, 'keystroke → next paint, ratio to the 10-line plan', '×', baseline ? atMost(2, '×') : undefined);
  const approve = row(group, 'Approve click → card gone (painted)', 'ms', options.big ? atMost(100, 'ms') : undefined);
  const server = await startServer(ROOT, fixture(file));
  const tab = await Tab.open(browser, server.url);
  try {
    await tab.page.goto('/');
    await tab.syncClock();
    await runs([cardDom, delay, paint, approve, task], async (run) => {
      const box = await newSession(tab);
      await sendLine(box, `/plan perf run ${run + 1}`);
      await tab.arm('card', { kind: 'present', query: REVIEW });
      const framesBefore = tab.frames.length;
      await box.press('Enter');
      const card = await tab.waitFor('card', WAIT_MS).catch(async (error: unknown) => {
        if (process.env.BENCH_SHOTS)
          await tab.page.screenshot({ path: `${process.env.BENCH_SHOTS}/${path.basename(file, '.jsonl')}-run${run + 1}.png` }).catch(() => undefined);
        throw error;
      });
      const frame = tab.frames.slice(framesBefore).find((f) => f.head.includes('"method":"question/requested"'));
      if (frame) {
        const at = tab.pageTime(frame.ts);
        cardDom.samples.push(card.domAt - at);
        cardPaint.samples.push(card.paintAt - at);
        task.samples.push(await tab.longestTask(at, card.paintAt));
      } else cardDom.failures.push('no question/requested frame seen');
      if (nodes && heap) {
        const m = await tab.metricsAfterGc();
        nodes.samples.push(m.Nodes ?? Number.NaN);
        heap.samples.push((m.JSHeapUsedSize ?? Number.NaN) / 1024 / 1024);
      }
      const review = tab.page.getByRole('region', { name: REVIEW.name });
      const feedback = review.getByRole('textbox', { name: 'Feedback' });
      await feedback.click();
      const keysBefore = (await tab.probes()).keys.length;
      for (let k = 0; k < KEYS; k += 1) {
        const t0 = Date.now();
        await tab.page.keyboard.press(String.fromCharCode(97 + (k % 26)));
        try {
          await tab.page.waitForFunction((n) => ((window as unknown as { __bench: { keys: KeyStamp[] } }).__bench.keys[n]?.paint ?? 0) > 0, keysBefore + k, {
            timeout: WAIT_MS,
            polling: 20,
          });
        } catch {
          throw new BenchTimeout(`keystroke ${k + 1} not painted in ${WAIT_MS / 1000} s`);
        }
        // A keystroke over 2 s (today's deep nesting) would make the run minutes long: three are enough to show it.
        if (Date.now() - t0 > 2000 && k >= 2) break;
      }
      const probes = await tab.probes();
      const figures = keystrokeFigures(probes.keys.slice(keysBefore), probes.events);
      delay.samples.push(summary(figures.delay).median);
      paint.samples.push(summary(figures.paint).median);
      const base = baseline ? summary(baseline.paint.samples).median : Number.NaN;
      if (baseline) ratio.samples.push(summary(figures.paint).median / base);
      await tab.page.keyboard.press('Control+A');
      await tab.page.keyboard.press('Backspace');
      await tab.page.waitForFunction((n) => ((window as unknown as { __bench: { keys: KeyStamp[] } }).__bench.keys.at(-1)?.paint ?? 0) > 0 || n < 0, 0, {
        timeout: WAIT_MS,
        polling: 20,
      });
      await tab.arm('gone', { kind: 'absent', query: REVIEW });
      const clicksBefore = (await tab.probes()).clicks.length;
      await review.getByRole('button', { name: 'Approve', exact: true }).click();
      const gone = await tab.waitFor('gone', WAIT_MS);
      const click = (await tab.probes()).clicks[clicksBefore];
      if (click !== undefined) approve.samples.push(gone.paintAt - click);
    });
  } finally {
    await tab.close();
    await server.stop();
  }
  if (!baseline) rows.splice(rows.indexOf(ratio), 1);
  return { delay, paint, ratio };
}

/** A streamed assistant answer of `chunks` chunks. @returns its main-thread time row. */
async function streamScenario(browser: Browser, file: string, chunks: number, budgeted: boolean): Promise<Row> {
  console.log(`stream: ${chunks} chunks`);
  const group = `stream ${chunks} chunks`;
  const task = row(group, 'longest main-thread task while streaming', 'ms', budgeted ? atMost(50, 'ms', 'max') : undefined);
  const total = row(group, 'main-thread time (CDP TaskDuration) while streaming', 'ms');
  const layouts = row(group, 'layouts per streamed chunk (CDP LayoutCount)', '×');
  const server = await startServer(ROOT, fixture(file));
  const tab = await Tab.open(browser, server.url);
  try {
    await tab.page.goto('/');
    await tab.syncClock();
    await runs([task], async (run) => {
      const box = await newSession(tab);
      await sendLine(box, `stream run ${run + 1}`);
      await tab.arm('end', { kind: 'text', within: TRANSCRIPT, text: 'END-OF-ANSWER' });
      const m0 = await tab.metrics();
      const t0 = await tab.now();
      await box.press('Enter');
      const end = await tab.waitFor('end', WAIT_MS + chunks * 10);
      const m1 = await tab.metrics();
      task.samples.push(await tab.longestTask(t0, end.paintAt));
      total.samples.push(((m1.TaskDuration ?? 0) - (m0.TaskDuration ?? 0)) * 1000);
      layouts.samples.push(((m1.LayoutCount ?? 0) - (m0.LayoutCount ?? 0)) / chunks);
    });
  } finally {
    await tab.close();
    await server.stop();
  }
  return total;
}

/** Import, navigation, reload and switching with the two 50,000-event logs. */
async function bigLogScenario(browser: Browser): Promise<void> {
  console.log('log: 50,000-event logs');
  const group = 'log 50k events';
  const importRows = row(group, 'import (Open session log, 15.6 MB) → first rows painted', 'ms', atMost(3000, 'ms'));
  const importTask = row(group, 'longest task, import until quiet', 'ms', atMost(200, 'ms', 'max'));
  const navRows = row(group, 'navigation (cold) → first rows painted', 'ms', atMost(1000, 'ms'));
  const navTask = row(group, 'longest task, navigation until quiet', 'ms', atMost(200, 'ms', 'max'));
  const navBytes = row(group, 'session.history bytes downloaded, navigation until quiet', 'MB', atMost(1, 'MB (tail pages only)'));
  const reloadRows = row(group, 'reload → first rows painted', 'ms', atMost(1000, 'ms'));
  const reloadTask = row(group, 'longest task, reload until quiet', 'ms', atMost(200, 'ms', 'max'));
  const switchRows = row(group, 'switch between the two sessions → first rows painted', 'ms', atMost(300, 'ms'));
  const switchTask = row(group, 'longest task, switch until quiet', 'ms', atMost(200, 'ms', 'max'));
  const server = await startServer(ROOT, fixture('plan-10.jsonl'));
  const logA = fixture('log-50k-a.jsonl');
  const logB = fixture('log-50k-b.jsonl');
  const markerA = { kind: 'text', within: TRANSCRIPT, text: 'perf-log-A' } as const;
  const markerB = { kind: 'text', within: TRANSCRIPT, text: 'perf-log-B' } as const;
  let idB: string | undefined;
  const importLog = async (tab: Tab, file: string, id: string, marker: typeof markerA | typeof markerB): Promise<string> => {
    await tab.arm(id, marker);
    const changesBefore = (await tab.probes()).changes.length;
    await tab.page.getByLabel('Open session log').setInputFiles(file);
    const rowsAt = await tab.waitFor(id, WAIT_MS * 3);
    const change = (await tab.probes()).changes[changesBefore] ?? Number.NaN;
    importRows.samples.push(rowsAt.paintAt - change);
    const quiet = await tab.settle();
    importTask.samples.push(await tab.longestTask(change, quiet));
    await tab.page.waitForURL(/#\/s\//);
    return decodeURIComponent(new URL(tab.page.url()).hash.replace(/^#\/s\//, ''));
  };
  try {
    await runs([importRows, navRows, reloadRows, switchRows], async () => {
      let idA: string;
      {
        const tab = await Tab.open(browser, server.url);
        try {
          await tab.page.goto('/');
          await tab.syncClock();
          idA = await importLog(tab, logA, 'importA', markerA);
          idB ??= await importLog(tab, logB, 'importB', markerB);
        } finally {
          await tab.close();
        }
      }
      const tab = await Tab.open(browser, server.url, { rowsA: markerA });
      try {
        await tab.page.goto(`/#/s/${encodeURIComponent(idA)}`);
        await tab.syncClock();
        const nav = await tab.waitFor('rowsA', WAIT_MS * 2);
        navRows.samples.push(nav.paintAt);
        const quiet = await tab.settle();
        navTask.samples.push(await tab.longestTask(0, quiet));
        navBytes.samples.push(tab.transfers.filter((t) => t.url.includes('/api/session.history')).reduce((s, t) => s + t.bytes, 0) / 1024 / 1024);
        await tab.page.reload();
        await tab.syncClock();
        const again = await tab.waitFor('rowsA', WAIT_MS * 2);
        reloadRows.samples.push(again.paintAt);
        reloadTask.samples.push(await tab.longestTask(0, await tab.settle()));
        const sessions = tab.page.getByRole('navigation', { name: 'Sessions' });
        // The list names a session by its plan's title now, so the row is found by the session it opens.
        for (const [id, marker, sessionId] of [
          ['toB', markerB, idB!],
          ['toA', markerA, idA],
        ] as const) {
          await tab.arm(id, marker);
          const clicksBefore = (await tab.probes()).clicks.length;
          await sessions
            .locator(`a[href="#/s/${encodeURIComponent(sessionId)}"]`)
            .first()
            .click();
          const shown = await tab.waitFor(id, WAIT_MS * 2);
          const click = (await tab.probes()).clicks[clicksBefore] ?? Number.NaN;
          switchRows.samples.push(shown.paintAt - click);
          switchTask.samples.push(await tab.longestTask(click, await tab.settle()));
        }
      } finally {
        await tab.close();
      }
    });
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  makePerfFixtures({ log: (l) => console.log(l) });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  const only = process.env.BENCH_ONLY?.split(',');
  const wants = (name: string) => only === undefined || only.includes(name);
  try {
    if (wants('load')) await loadScenario(browser);
    if (wants('plan')) {
      const base = await planScenario(browser, 'plan-10.jsonl', '10 lines', { normal: true });
      await planScenario(browser, 'plan-2000.jsonl', '2,000 lines', { big: true }, base);
      await planScenario(browser, 'plan-table-200.jsonl', '200-row table', {}, base);
      await planScenario(browser, 'plan-nested-500.jsonl', '500-level nested list', { renderBudget: true }, base);
      await planScenario(browser, 'plan-line-1mb.jsonl', '1 MB single line', { renderBudget: true }, base);
    }
    if (wants('stream')) {
      const long = await streamScenario(browser, 'stream-1000.jsonl', 1000, true);
      const short = await streamScenario(browser, 'stream-250.jsonl', 250, false);
      const linear = row(
        'stream',
        'main-thread time, 1,000 chunks ÷ 250 chunks (4× the length: linear ≈ 4, quadratic ≈ 16)',
        '×',
        atMost(5, '× (linear, 25 % slack)'),
      );
      const a = summary(long.samples).median;
      const b = summary(short.samples).median;
      if (Number.isFinite(a) && Number.isFinite(b) && b > 0) linear.samples.push(a / b);
      else linear.failures.push('a stream run timed out');
    }
    if (wants('log')) await bigLogScenario(browser);
  } finally {
    await browser.close();
  }
  console.log('');
  console.log(`bench:browser — ${RUNS} run(s) per scenario, Chromium ${browser.version()}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const l of formatTable(rows)) console.log(l);
  const misses = rows.filter(missed);
  if (misses.length > 0) {
    console.log(`\n${misses.length} budget(s) missed:`);
    for (const r of misses) console.log(`  MISS ${r.group}: ${r.name}${r.failures.length > 0 ? ` — ${r.failures[0]}` : ''}`);
    process.exit(1);
  }
  console.log('\nevery figure within budget');
}

await main();
