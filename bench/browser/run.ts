/**
 * `npm run bench:browser`: Playwright + CDP in Debian's Chromium against the production build served by the real
 * `ui-plan serve --model replay:FILE` on loopback, with the fixtures of fixtures/perf. Every figure waits until the
 * page is quiet (quiet.ts); DOM/heap figures are read once the whole plan is shown; each scenario runs under the load
 * rule (bench/load.ts). Prints median/min/max over n runs beside the budgets; exits 0 all met, 1 a miss, 3 not
 * measured. It finds the app only by role and accessible name (probes.ts).
 */
import { chromium, expect, type Browser, type Locator } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../testing/chromium.ts';
import { BENCH_ARGS, benchDisableFeatures } from './chromium-flags.ts';
import { lastLineTextOf, makePerfFixtures, PERF_DIR, plan2000, planNested500, planTable200, QUESTION, TODOS_END } from '../../scripts/make-perf-fixtures.mjs';
import { clientRequest } from '../../src/core/protocol/envelopes.ts';
import { QUESTION_SHOWN_MARK } from '../../src/lib/user-timing.ts';
import { followLoadFromNow, loadHeadline, loadRuleOf, machineLoad, underLoadRule } from '../load.ts';
import { keystrokeFigures } from './figures.ts';
import type { KeyStamp, RoleQuery, WaitSpec } from './probes.ts';
import { startServer, type BenchServer } from './server.ts';
import { atMost, exitCodeOfRows, formatTable, missed, record, summary, type Budget, type Row } from './table.ts';
import { BenchTimeout, Tab } from './tab.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const CAP_MS = Number(process.env.BENCH_SCENARIO_CAP_S ?? 120) * 1000;
const KEYS = Number(process.env.BENCH_KEYS ?? 8);
/** How long one card, one import or one navigation may take before the run counts as timed out. */
const WAIT_MS = Number(process.env.BENCH_WAIT_S ?? 20) * 1000;

const COMPOSER: RoleQuery = { role: 'textbox', name: 'Message the agent' };
const REVIEW: RoleQuery = { role: 'region', name: 'Approve this plan and leave plan mode?' };
const FLOW: RoleQuery = { role: 'region', name: QUESTION };
const TRANSCRIPT: RoleQuery = { role: 'region', name: 'Transcript' };

/** The figures of one scenario attempt (built afresh on every attempt of the load rule). */
class Figures {
  readonly rows: Row[] = [];
  add(group: string, name: string, unit: Row['unit'], budget?: Budget): Row {
    const r: Row = { group, name, unit, samples: [], failures: [], ...(budget ? { budget } : {}) };
    this.rows.push(r);
    return r;
  }
}

const fixture = (name: string) => path.join(PERF_DIR, name);

/**
 * Run `body` up to RUNS times within the scenario cap. A timeout ends the scenario and is recorded on every budgeted
 * row of `figures` that got no number in that run, so a figure that could not be taken is a miss.
 */
async function runs(figures: Figures, body: (run: number) => Promise<void>): Promise<void> {
  const start = Date.now();
  for (let run = 0; run < RUNS; run += 1) {
    if (run > 0 && Date.now() - start > CAP_MS) {
      console.log(`  (scenario cap of ${CAP_MS / 1000} s reached after ${run} run${run === 1 ? '' : 's'})`);
      return;
    }
    const before = figures.rows.map((r) => r.samples.length + r.failures.length);
    try {
      await body(run);
    } catch (error) {
      if (!(error instanceof BenchTimeout)) throw error;
      console.log(`  run ${run + 1}: ${error.message}`);
      figures.rows.forEach((r, i) => {
        if (r.budget && r.samples.length + r.failures.length === before[i]) r.failures.push(error.message);
      });
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

const composerOf = (tab: Tab): Locator => tab.page.getByRole('textbox', { name: COMPOSER.name });

/** Press "New session" and wait until the app shows the new session's composer, empty and enabled. */
async function newSession(tab: Tab): Promise<Locator> {
  const before = tab.page.url();
  await tab.page.getByRole('button', { name: 'New session' }).first().click();
  await tab.page.waitForURL((url) => url.href !== before && url.hash.startsWith('#/s/'));
  const box = composerOf(tab);
  await expect(box).toBeEnabled();
  await expect(box).toHaveValue('');
  return box;
}

/** Fill the composer and check the text is really in the box (the caller presses Enter after arming its waiters). */
async function sendLine(box: Locator, line: string): Promise<void> {
  await box.fill(line);
  await expect(box).toHaveValue(line);
}

/**
 * A new tab on `url` with a new session whose composer holds `line` (a `/plan …` line the replay answers with a plan),
 * quiet, and the `card` waiter armed for the review card: the caller arms its own waiters, presses Enter and closes the
 * tab (closed here if the setup fails).
 */
async function planCardTab(browser: Browser, url: string, line: string): Promise<{ tab: Tab; box: Locator }> {
  const tab = await Tab.open(browser, url);
  try {
    await tab.page.goto('/');
    await tab.syncClock();
    const box = await newSession(tab);
    await tab.quiet();
    await sendLine(box, line);
    await tab.arm('card', { kind: 'present', query: REVIEW });
    return { tab, box };
  } catch (error) {
    await tab.close();
    throw error;
  }
}

/** The page time of the first `question/requested` frame received after frame index `from` (NaN when none). */
function questionFrameAt(tab: Tab, from: number): number {
  const frame = tab.frames.slice(from).find((f) => f.head.includes('"method":"question/requested"'));
  return frame ? tab.pageTime(frame.ts) : Number.NaN;
}

/** The page time of the app's last `QUESTION_SHOWN_MARK` (src/lib/user-timing.ts; NaN when there is none). */
async function questionShownAt(tab: Tab): Promise<number> {
  return tab.page.evaluate((name) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? Number.NaN, QUESTION_SHOWN_MARK);
}

/** The last click's page time after `before` clicks (NaN when the click was not seen). */
async function clickAt(tab: Tab, before: number): Promise<number> {
  return (await tab.probes()).clicks[before] ?? Number.NaN;
}

const kb = (bytes: number) => bytes / 1024;
const isStatic = (type: string) => type === 'Document' || type === 'Script' || type === 'Stylesheet';

/** First load, reload, navigation → usable composer; bytes until then and until quiet. */
async function loadScenario(browser: Browser): Promise<Row[]> {
  const f = new Figures();
  const js = f.add('load', 'first-load JS on the wire (before the composer is usable)', 'KB', atMost(120, 'KB'));
  const css = f.add('load', 'first-load CSS on the wire', 'KB');
  const files = f.add('load', 'first-load JS + CSS files', 'count');
  const allJs = f.add('load', 'JS on the wire until quiet after load (prefetch included)', 'KB');
  const cold = f.add('load', 'navigation → usable composer, cold', 'ms', atMost(250, 'ms'));
  const coldTask = f.add('load', 'longest task, navigation until quiet', 'ms');
  const warm = f.add('load', 'navigation → usable composer, reload', 'ms');
  const reloadBytes = f.add('load', 'static bytes re-downloaded on reload (document, JS, CSS)', 'KB', atMost(2, 'KB (a 304 for index.html)'));
  const server = await startServer(ROOT, fixture('plan-10.jsonl'));
  try {
    const sessionId = await createSession(server);
    await runs(f, async () => {
      const tab = await Tab.open(browser, server.url, { composer: { kind: 'enabled', query: COMPOSER } });
      try {
        await tab.page.goto(`/#/s/${sessionId}`);
        await tab.syncClock();
        const usable = await tab.waitFor('composer', WAIT_MS);
        record(cold, usable.paintAt, 'no paint stamp');
        const quietAt = await tab.quiet(usable.paintAt);
        record(coldTask, await tab.longestTask(0, quietAt), 'no task window');
        const started = tab.transfers.map((t) => ({ ...t, at: tab.pageTime(t.startedTs) }));
        if (started.some((t) => !Number.isFinite(t.at))) {
          js.failures.push('a transfer time could not be put on the page clock');
        } else {
          const critical = started.filter((t) => t.at <= usable.domAt);
          const scripts = critical.filter((t) => t.type === 'Script');
          if (scripts.length === 0) js.failures.push('no script seen before the composer was usable');
          else js.samples.push(kb(scripts.reduce((s, t) => s + t.bytes, 0)));
          css.samples.push(kb(critical.filter((t) => t.type === 'Stylesheet').reduce((s, t) => s + t.bytes, 0)));
          files.samples.push(critical.filter((t) => t.type === 'Script' || t.type === 'Stylesheet').length);
          allJs.samples.push(kb(tab.transfers.filter((t) => t.type === 'Script').reduce((s, t) => s + t.bytes, 0)));
        }
        tab.transfers.length = 0;
        await tab.page.reload();
        await tab.syncClock();
        const again = await tab.waitFor('composer', WAIT_MS);
        record(warm, again.paintAt, 'no paint stamp');
        await tab.quiet(again.paintAt);
        const statics = tab.transfers.filter((t) => isStatic(t.type));
        if (!statics.some((t) => t.type === 'Document')) reloadBytes.failures.push('the reload fetched no document');
        else reloadBytes.samples.push(kb(statics.filter((t) => !t.fromCache).reduce((s, t) => s + t.bytes, 0)));
      } finally {
        await tab.close();
      }
    });
  } finally {
    await server.stop();
  }
  return f.rows;
}

/** What a first-card scenario measures: the review card or the question flow. */
interface CardKind {
  label: string;
  file: string;
  /** What the composer sends (the replay plays its step for any message). */
  line: string;
  query: RoleQuery;
  /** Take the card away (Approve, Dismiss all) so the session can go on. */
  dismiss(card: Locator): Promise<void>;
}

const CARD_KINDS: readonly CardKind[] = [
  {
    label: 'review card',
    file: 'plan-10.jsonl',
    line: '/plan first card',
    query: REVIEW,
    dismiss: (card) => card.getByRole('button', { name: 'Approve', exact: true }).click(),
  },
  {
    label: 'question flow',
    file: 'question-1.jsonl',
    line: 'ask me first',
    query: FLOW,
    dismiss: (card) => card.getByRole('button', { name: 'Dismiss all questions' }).click(),
  },
];

/**
 * The first card of a freshly loaded page (a new context: nothing cached, no chunk loaded; the line is sent as soon as
 * the composer is usable, so the card can arrive before anything was prefetched) and a later card of the same page
 * (after the first was answered and the page was quiet), each judged on its worst run.
 */
async function firstCardScenario(browser: Browser, kind: CardKind): Promise<Row[]> {
  const f = new Figures();
  const group = kind.label;
  const firstDom = f.add(group, '`question/requested` frame → in the DOM, first card of a freshly loaded page', 'ms', atMost(20, 'ms', 'max'));
  const firstPaint = f.add(group, 'frame → painted, first card of a freshly loaded page', 'ms', atMost(30, 'ms', 'max'));
  const early = f.add(group, 'usable composer → frame of the first card (how soon after load it came)', 'ms');
  const chunkKb = f.add(group, 'JS fetched between the frame and the first card painted', 'KB');
  const laterDom = f.add(group, 'frame → in the DOM, a later card of the page', 'ms', atMost(20, 'ms', 'max'));
  const laterPaint = f.add(group, 'frame → painted, a later card of the page', 'ms', atMost(30, 'ms', 'max'));
  // "Frame → in the DOM" split at the commit that shows the card (the app's `ui-plan:question-shown` mark): before it,
  // the frame's intake and the render; after it, the commit's effects and whatever the browser runs before the page's
  // observers see the card (a forced style and layout in some first cards).
  const firstCommit = f.add(group, 'frame → the commit that shows it (`ui-plan:question-shown`), first card', 'ms');
  const firstAfter = f.add(group, 'that commit → in the DOM, first card', 'ms');
  const laterCommit = f.add(group, 'frame → the commit that shows it, a later card', 'ms');
  const laterAfter = f.add(group, 'that commit → in the DOM, a later card', 'ms');
  const server = await startServer(ROOT, fixture(kind.file));
  try {
    await runs(f, async () => {
      const sessionId = await createSession(server);
      const tab = await Tab.open(browser, server.url, { composer: { kind: 'enabled', query: COMPOSER } });
      try {
        await tab.page.goto(`/#/s/${encodeURIComponent(sessionId)}`);
        await tab.syncClock();
        const usable = await tab.waitFor('composer', WAIT_MS);
        const card = async (box: Locator, id: string, dom: Row, paint: Row, split: [Row, Row]): Promise<{ at: number; paintAt: number }> => {
          await sendLine(box, kind.line);
          await tab.arm(id, { kind: 'present', query: kind.query });
          const framesBefore = tab.frames.length;
          await box.press('Enter');
          const shown = await tab.waitFor(id, WAIT_MS);
          const at = questionFrameAt(tab, framesBefore);
          record(dom, shown.domAt - at, 'no question/requested frame seen');
          record(paint, shown.paintAt - at, 'no question/requested frame seen');
          const committed = await questionShownAt(tab);
          record(split[0], committed - at, 'no question/requested frame or ui-plan:question-shown mark seen');
          record(split[1], shown.domAt - committed, 'no ui-plan:question-shown mark seen');
          return { at, paintAt: shown.paintAt };
        };
        const first = await card(composerOf(tab), 'first', firstDom, firstPaint, [firstCommit, firstAfter]);
        record(early, first.at - usable.paintAt, 'no question/requested frame seen');
        const fetched = tab.transfers.filter((t) => {
          const at = tab.pageTime(t.startedTs);
          return t.type === 'Script' && at >= first.at && at <= first.paintAt;
        });
        chunkKb.samples.push(kb(fetched.reduce((s, t) => s + t.bytes, 0)));
        await tab.arm('answered', { kind: 'absent', query: kind.query });
        await kind.dismiss(tab.page.getByRole('region', { name: kind.query.name }));
        await tab.waitFor('answered', WAIT_MS);
        await tab.quiet();
        const box = await newSession(tab);
        await tab.quiet();
        await card(box, 'later', laterDom, laterPaint, [laterCommit, laterAfter]);
      } finally {
        await tab.close();
      }
    });
  } finally {
    await server.stop();
  }
  return f.rows;
}

/** What the plan scenarios share: the 10-line plan's keystroke → paint figures, the base of the ratio rows. */
interface Baseline {
  paint: number[] | undefined;
}

/** A plan fixture and what it is held to. */
interface PlanCase {
  file: string;
  label: string;
  /** The text the plan's last line shows; when set, "frame → whole" is measured. */
  lastText?: string;
  /** The budget of "frame → whole". */
  whole?: Budget;
  /** The budget of "frame → review card in the DOM". */
  cardDom?: Budget;
  /** The budget of "longest task, frame until quiet". */
  task?: Budget;
  /** The budget of the heap after GC with the card shown whole. */
  heap?: Budget;
  /** The budget of Approve → card gone. */
  approve?: Budget;
  /** Whether this is the 10-line plan every keystroke ratio is taken against. */
  base?: boolean;
  /** Also time typing in a line comment and in the plan editor, held to the Feedback-typing budgets. */
  editors?: boolean;
}

const noTaskOver100 = atMost(100, 'ms', 'max');
const PLAN_CASES: readonly PlanCase[] = [
  { file: 'plan-10.jsonl', label: '10 lines', cardDom: atMost(20, 'ms', 'max'), base: true },
  {
    file: 'plan-2000.jsonl',
    label: '2,000 lines',
    lastText: lastLineTextOf(plan2000()),
    whole: atMost(1000, 'ms'),
    cardDom: atMost(300, 'ms'),
    task: noTaskOver100,
    heap: atMost(10, 'MB'),
    approve: atMost(100, 'ms'),
    editors: true,
  },
  { file: 'plan-table-200.jsonl', label: '200-row table', lastText: lastLineTextOf(planTable200()), task: noTaskOver100 },
  { file: 'plan-nested-500.jsonl', label: '500-level nested list', lastText: lastLineTextOf(planNested500()), task: noTaskOver100 },
  { file: 'plan-line-1mb.jsonl', label: '1 MB single line', task: noTaskOver100 },
];

/**
 * Type `KEYS` letters into the focused field, each waited for until painted (at most three once one takes over 2 s).
 * @returns the keystrokes' input delay + processing and keystroke → next paint figures, ms
 */
async function typeKeys(tab: Tab): Promise<ReturnType<typeof keystrokeFigures>> {
  await tab.quiet();
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
    // A keystroke over 2 s would make the run minutes long: three are enough to show it.
    if (Date.now() - t0 > 2000 && k >= 2) break;
  }
  const probes = await tab.probes();
  return keystrokeFigures(probes.keys.slice(keysBefore), probes.events);
}

/** The line-comment and plan-editor typing figures of a plan case (`PlanCase.editors`). */
interface EditorFigures {
  commentDelay: Row;
  commentPaint: Row;
  editDelay: Row;
  editPaint: Row;
}

/**
 * Time typing in a new line comment (the first list item's, then cleared and cancelled) and in the plan editor (Edit plan, then
 * Discard edits), so the card is as it was for Approve.
 */
async function editorTyping(tab: Tab, review: Locator, rows: EditorFigures): Promise<void> {
  await review
    .locator('li .block-comments')
    .first()
    .getByRole('button', { name: /^Comment on lines? / })
    .click();
  await expect(review.getByRole('textbox', { name: 'Comment', exact: true })).toBeFocused();
  const comment = await typeKeys(tab);
  record(rows.commentDelay, summary(comment.delay).median, 'no keystroke was timed');
  record(rows.commentPaint, summary(comment.paint).median, 'no keystroke was painted');
  // Cleared before Cancel: Cancel keeps a typed comment as the line's draft, and Approve would then ask about it.
  await tab.page.keyboard.press('Control+A');
  await tab.page.keyboard.press('Backspace');
  await review.getByRole('button', { name: 'Cancel', exact: true }).click();
  await review.getByRole('button', { name: 'Edit plan' }).click();
  await expect(review.getByRole('textbox', { name: 'Plan', exact: true })).toBeFocused();
  const edit = await typeKeys(tab);
  record(rows.editDelay, summary(edit.delay).median, 'no keystroke was timed');
  record(rows.editPaint, summary(edit.paint).median, 'no keystroke was painted');
  await review.getByRole('button', { name: 'Discard edits' }).click();
  await review.getByRole('alertdialog').getByRole('button', { name: 'Discard edits' }).click();
  await tab.quiet();
}

/**
 * A plan fixture, each run in a fresh tab that is quiet before `/plan`: frame → review card, → whole, longest task
 * until quiet, DOM and heap after a forced GC once whole and quiet, typing in Feedback, Approve → card gone.
 */
async function planScenario(browser: Browser, c: PlanCase, baseline: Baseline): Promise<Row[]> {
  const f = new Figures();
  const group = `plan ${c.label}`;
  const cardDom = f.add(group, '`question/requested` frame → review card in the DOM', 'ms', c.cardDom);
  const cardPaint = f.add(group, 'frame → review card painted', 'ms');
  const whole = c.lastText !== undefined ? f.add(group, 'frame → whole (last line in the DOM, every code block highlighted)', 'ms', c.whole) : undefined;
  const task = f.add(group, 'longest main-thread task, frame until quiet', 'ms', c.task);
  const nodes = f.add(group, 'DOM nodes after forced GC, card whole and page quiet', 'count');
  const heap = f.add(group, 'JS heap after forced GC, card whole and page quiet', 'MB', c.heap);
  const delay = f.add(group, 'Feedback keystroke: input delay + processing', 'ms', c.base ? undefined : atMost(16, 'ms'));
  const paint = f.add(group, 'Feedback keystroke → next paint', 'ms', c.base ? undefined : atMost(50, 'ms'));
  const ratio = c.base ? undefined : f.add(group, 'keystroke → next paint, ratio to the 10-line plan', '×', atMost(2, '×'));
  const editors: EditorFigures | undefined = c.editors
    ? {
        commentDelay: f.add(group, 'line comment keystroke: input delay + processing', 'ms', atMost(16, 'ms')),
        commentPaint: f.add(group, 'line comment keystroke → next paint', 'ms', atMost(50, 'ms')),
        editDelay: f.add(group, 'plan editor keystroke: input delay + processing', 'ms', atMost(16, 'ms')),
        editPaint: f.add(group, 'plan editor keystroke → next paint', 'ms', atMost(50, 'ms')),
      }
    : undefined;
  const approve = f.add(group, 'Approve click → card gone (painted)', 'ms', c.approve);
  const approveTask = f.add(group, 'longest task, Approve until quiet', 'ms');
  const server = await startServer(ROOT, fixture(c.file));
  try {
    await runs(f, async (run) => {
      const { tab, box } = await planCardTab(browser, server.url, `/plan perf run ${run + 1}`);
      try {
        if (c.lastText !== undefined) await tab.arm('whole', { kind: 'whole', within: REVIEW, lastText: c.lastText } satisfies WaitSpec);
        const framesBefore = tab.frames.length;
        await box.press('Enter');
        const card = await tab.waitFor('card', WAIT_MS).catch(async (error: unknown) => {
          if (process.env.BENCH_SHOTS)
            await tab.page.screenshot({ path: `${process.env.BENCH_SHOTS}/${path.basename(c.file, '.jsonl')}-run${run + 1}.png` }).catch(() => undefined);
          throw error;
        });
        const at = questionFrameAt(tab, framesBefore);
        record(cardDom, card.domAt - at, 'no question/requested frame seen');
        record(cardPaint, card.paintAt - at, 'no question/requested frame seen');
        if (whole) record(whole, (await tab.waitFor('whole', WAIT_MS)).domAt - at, 'no question/requested frame seen');
        const quietAt = await tab.quiet(card.paintAt);
        record(task, await tab.longestTask(at, quietAt), 'no task window');
        const m = await tab.metricsAfterGc();
        record(nodes, m.Nodes ?? Number.NaN, 'CDP reported no Nodes');
        record(heap, (m.JSHeapUsedSize ?? Number.NaN) / 1024 / 1024, 'CDP reported no JSHeapUsedSize');

        const review = tab.page.getByRole('region', { name: REVIEW.name });
        const feedback = review.getByRole('textbox', { name: 'Feedback' });
        await feedback.click();
        const figures = await typeKeys(tab);
        record(delay, summary(figures.delay).median, 'no keystroke was timed');
        record(paint, summary(figures.paint).median, 'no keystroke was painted');
        if (c.base) baseline.paint = paint.samples;
        else if (ratio) record(ratio, summary(figures.paint).median / summary(baseline.paint ?? []).median, 'no 10-line keystroke figure to compare with');
        await tab.page.keyboard.press('Control+A');
        await tab.page.keyboard.press('Backspace');
        await tab.quiet();
        if (editors) await editorTyping(tab, review, editors);

        await tab.arm('gone', { kind: 'absent', query: REVIEW });
        const clicksBefore = (await tab.probes()).clicks.length;
        await review.getByRole('button', { name: 'Approve', exact: true }).click();
        const gone = await tab.waitFor('gone', WAIT_MS);
        const click = await clickAt(tab, clicksBefore);
        record(approve, gone.paintAt - click, 'the Approve click was not seen');
        record(approveTask, await tab.longestTask(click, await tab.quiet(click)), 'no task window');
      } finally {
        await tab.close();
      }
    });
  } finally {
    await server.stop();
  }
  if (ratio && baseline.paint === undefined) f.rows.splice(f.rows.indexOf(ratio), 1);
  return f.rows;
}

/** A streamed assistant answer of `chunks` chunks, from Enter until the page is quiet. */
async function streamPart(browser: Browser, f: Figures, file: string, chunks: number, budgeted: boolean): Promise<Row> {
  const group = `stream ${chunks} chunks`;
  const task = f.add(group, 'longest main-thread task, Enter until quiet', 'ms', budgeted ? atMost(50, 'ms', 'max') : undefined);
  const total = f.add(group, 'main-thread time (CDP TaskDuration), Enter until quiet', 'ms');
  const layouts = f.add(group, 'layouts per streamed chunk (CDP LayoutCount), Enter until quiet', '×');
  const server = await startServer(ROOT, fixture(file));
  const tab = await Tab.open(browser, server.url);
  try {
    await tab.page.goto('/');
    await tab.syncClock();
    await runs(f, async (run) => {
      const box = await newSession(tab);
      await sendLine(box, `stream run ${run + 1}`);
      await tab.quiet();
      await tab.arm('end', { kind: 'text', within: TRANSCRIPT, text: 'END-OF-ANSWER' });
      const m0 = await tab.metrics();
      const t0 = await tab.now();
      await box.press('Enter');
      const end = await tab.waitFor('end', WAIT_MS + chunks * 10);
      const quietAt = await tab.quiet(end.paintAt);
      const m1 = await tab.metrics();
      record(task, await tab.longestTask(t0, quietAt), 'no task window');
      record(total, ((m1.TaskDuration ?? Number.NaN) - (m0.TaskDuration ?? Number.NaN)) * 1000, 'CDP reported no TaskDuration');
      record(layouts, ((m1.LayoutCount ?? Number.NaN) - (m0.LayoutCount ?? Number.NaN)) / chunks, 'CDP reported no LayoutCount');
    });
  } finally {
    await tab.close();
    await server.stop();
  }
  return total;
}

/** Both streamed answers and their ratio (4× the length should cost about 4× the main-thread time). */
async function streamScenario(browser: Browser): Promise<Row[]> {
  const f = new Figures();
  const long = await streamPart(browser, f, 'stream-1000.jsonl', 1000, true);
  const short = await streamPart(browser, f, 'stream-250.jsonl', 250, false);
  const linear = f.add(
    'stream',
    'main-thread time, 1,000 chunks ÷ 250 chunks (4× the length: linear ≈ 4, quadratic ≈ 16)',
    '×',
    atMost(5, '× (linear, 25 % slack)'),
  );
  record(linear, summary(long.samples).median / summary(short.samples).median, 'a stream run gave no figure');
  return f.rows;
}

/** Import, navigation, reload and switching with the two 50,000-event logs, each until quiet. */
async function bigLogScenario(browser: Browser): Promise<Row[]> {
  const f = new Figures();
  const group = 'log 50k events';
  const importRows = f.add(group, 'Open session log (15.6 MB) → first rows painted', 'ms', atMost(3000, 'ms'));
  const importTask = f.add(group, 'longest task, Open session log until quiet', 'ms', atMost(200, 'ms', 'max'));
  const navRows = f.add(group, 'navigation (cold) → first rows painted', 'ms', atMost(1000, 'ms'));
  const navTask = f.add(group, 'longest task, navigation until quiet', 'ms', atMost(200, 'ms', 'max'));
  const navBytes = f.add(group, 'session.history bytes downloaded, navigation until quiet', 'MB', atMost(1, 'MB (tail pages only)'));
  const reloadRows = f.add(group, 'reload → first rows painted', 'ms', atMost(1000, 'ms'));
  const reloadTask = f.add(group, 'longest task, reload until quiet', 'ms', atMost(200, 'ms', 'max'));
  const switchRows = f.add(group, 'switch between the two sessions → first rows painted', 'ms', atMost(300, 'ms'));
  const switchTask = f.add(group, 'longest task, switch until quiet', 'ms', atMost(200, 'ms', 'max'));
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
    record(importRows, rowsAt.paintAt - change, 'the file choice (change event) was not seen');
    record(importTask, await tab.longestTask(change, await tab.quiet(rowsAt.paintAt)), 'no task window');
    await tab.page.waitForURL(/#\/s\//);
    return decodeURIComponent(new URL(tab.page.url()).hash.replace(/^#\/s\//, ''));
  };
  const historyMb = (tab: Tab): number => {
    const pages = tab.transfers.filter((t) => t.url.includes('/api/session.history'));
    return pages.length === 0 ? Number.NaN : pages.reduce((s, t) => s + t.bytes, 0) / 1024 / 1024;
  };
  try {
    await runs(f, async () => {
      let idA: string;
      {
        const tab = await Tab.open(browser, server.url);
        try {
          await tab.page.goto('/');
          await tab.syncClock();
          await tab.quiet();
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
        record(navRows, nav.paintAt, 'no paint stamp');
        record(navTask, await tab.longestTask(0, await tab.quiet(nav.paintAt)), 'no task window');
        record(navBytes, historyMb(tab), 'no session.history request seen');
        await tab.page.reload();
        await tab.syncClock();
        const again = await tab.waitFor('rowsA', WAIT_MS * 2);
        record(reloadRows, again.paintAt, 'no paint stamp');
        record(reloadTask, await tab.longestTask(0, await tab.quiet(again.paintAt)), 'no task window');
        // A session's row is the link in the Sessions navigation that opens it (its name is a title that can change).
        const sessions = tab.page.getByRole('navigation', { name: 'Sessions' });
        for (const [id, marker, sessionId] of [
          ['toB', markerB, idB!],
          ['toA', markerA, idA],
        ] as const) {
          await tab.arm(id, marker);
          const clicksBefore = (await tab.probes()).clicks.length;
          await sessions
            .getByRole('link')
            .and(tab.page.locator(`[href="#/s/${encodeURIComponent(sessionId)}"]`))
            .click();
          const shown = await tab.waitFor(id, WAIT_MS * 2);
          const click = await clickAt(tab, clicksBefore);
          record(switchRows, shown.paintAt - click, 'the click on the session was not seen');
          record(switchTask, await tab.longestTask(click, await tab.quiet(shown.paintAt)), 'no task window');
        }
      } finally {
        await tab.close();
      }
    });
  } finally {
    await server.stop();
  }
  return f.rows;
}

/**
 * Plan progress following 2,000 `todo_write` calls live after Approve (each a `todo/write` event; the `todos` and
 * `progress` projection frames paced by the harness), until the end text is in and the page is quiet: no long task.
 */
async function progressScenario(browser: Browser): Promise<Row[]> {
  const f = new Figures();
  const group = 'plan progress, 2,000 todo/write';
  const task = f.add(group, 'longest main-thread task, Approve until the last list is shown and quiet', 'ms', atMost(50, 'ms', 'max'));
  const total = f.add(group, 'main-thread time (CDP TaskDuration) per todo/write', 'ms');
  // The replay's own pacing is not what is measured: as fast as the harness logs and sends.
  const server = await startServer(ROOT, fixture('todos-2000.jsonl'), 1000);
  try {
    await runs(f, async (run) => {
      const { tab, box } = await planCardTab(browser, server.url, `/plan progress run ${run + 1}`);
      try {
        await box.press('Enter');
        await tab.waitFor('card', WAIT_MS);
        await tab.quiet();
        await tab.arm('end', { kind: 'text', within: TRANSCRIPT, text: TODOS_END });
        const m0 = await tab.metrics();
        const clicksBefore = (await tab.probes()).clicks.length;
        await tab.page.getByRole('region', { name: REVIEW.name }).getByRole('button', { name: 'Approve', exact: true }).click();
        const end = await tab.waitFor('end', WAIT_MS * 10);
        const click = await clickAt(tab, clicksBefore);
        await expect(tab.page.getByRole('region', { name: 'Plan progress' }).getByText('20 of 20 steps done')).toBeVisible();
        const quietAt = await tab.quiet(end.paintAt);
        const m1 = await tab.metrics();
        record(task, await tab.longestTask(click, quietAt), 'no task window');
        record(total, (((m1.TaskDuration ?? Number.NaN) - (m0.TaskDuration ?? Number.NaN)) * 1000) / 2000, 'CDP reported no TaskDuration');
      } finally {
        await tab.close();
      }
    });
  } finally {
    await server.stop();
  }
  return f.rows;
}

/** One scenario of the run: `key` is its `BENCH_ONLY` name; each runs (and is retried) as a whole under the load rule. */
interface Scenario {
  key: 'load' | 'card' | 'plan' | 'stream' | 'log' | 'progress';
  name: string;
  run(browser: Browser): Promise<Row[]>;
}

function scenarios(): Scenario[] {
  const baseline: Baseline = { paint: undefined };
  return [
    { key: 'load', name: 'load: first load and reload of a blank session', run: loadScenario },
    ...CARD_KINDS.map((kind): Scenario => ({ key: 'card', name: `card: the first ${kind.label} of a page`, run: (b) => firstCardScenario(b, kind) })),
    ...PLAN_CASES.map((c): Scenario => ({ key: 'plan', name: `plan: ${c.label}`, run: (b) => planScenario(b, c, baseline) })),
    { key: 'stream', name: 'stream: 1,000 and 250 chunks', run: streamScenario },
    { key: 'log', name: 'log: 50,000-event logs', run: bigLogScenario },
    { key: 'progress', name: 'progress: Plan progress over 2,000 todo/write', run: progressScenario },
  ];
}

async function main(): Promise<void> {
  const started = Date.now();
  followLoadFromNow();
  const rule = loadRuleOf(process.env, os.availableParallelism());
  console.log(loadHeadline(rule, machineLoad.sample()));
  makePerfFixtures({ log: (l) => console.log(l) });
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const all = scenarios();
  const unknown = only?.filter((name) => !all.some((s) => s.key === name)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown scenario ${unknown.join(', ')} (known: load, card, plan, stream, log, progress)`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_EXECUTABLE,
    args: [...CHROMIUM_ARGS, ...BENCH_ARGS, await benchDisableFeatures(chromium, CHROMIUM_EXECUTABLE, CHROMIUM_ARGS)],
  });
  const rows: Row[] = [];
  let stopped: string | undefined;
  try {
    for (const scenario of all.filter((s) => only === undefined || only.includes(s.key))) {
      if (stopped !== undefined) {
        rows.push({ group: scenario.name, name: `not run (${stopped} was not measured)`, unit: 'ms', samples: [], failures: [], notMeasured: true });
        continue;
      }
      console.log(scenario.name);
      const outcome = await underLoadRule(
        scenario.name,
        rule,
        () => scenario.run(browser),
        (l) => console.log(l),
      );
      const measured = outcome.value ?? [];
      const loads: Row[] = [
        { group: scenario.name, name: '1-minute load average at the start', unit: 'load', samples: [outcome.maxLoad].filter(Number.isFinite), failures: [] },
        {
          group: scenario.name,
          name: "highest load of other processes sampled (cores, 1-minute average; the benchmark's own tree left out)",
          unit: 'load',
          samples: [outcome.maxOthers].filter(Number.isFinite),
          failures: [],
        },
      ];
      if (!outcome.measured) {
        for (const r of [...measured, ...loads]) r.notMeasured = true;
        stopped = scenario.name;
      }
      rows.push(...measured, ...loads);
    }
  } finally {
    await browser.close();
  }
  console.log('');
  console.log(
    `bench:browser — ${RUNS} run(s) per scenario, Chromium ${browser.version()}, ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
      loadHeadline(rule, machineLoad.sample()),
  );
  for (const l of formatTable(rows)) console.log(l);
  const misses = rows.filter(missed);
  if (misses.length > 0) {
    console.log(`\n${misses.length} budget(s) missed:`);
    for (const r of misses) console.log(`  MISS ${r.group}: ${r.name}${r.failures.length > 0 ? ` — ${r.failures[0]}` : ''}`);
  }
  if (stopped !== undefined)
    console.log(`\nNOT MEASURED: the machine stayed loaded through "${stopped}"; the rest was not run (exit 3 unless a measured figure missed)`);
  const code = exitCodeOfRows(rows);
  if (code === 0) console.log('\nevery figure within budget');
  process.exit(code);
}

await main();
