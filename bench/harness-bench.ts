/**
 * Harness part of `npm run bench`: importing a large log of the fixtures/perf shape through the host (parse, store,
 * projection registry) and serving, from it, the `session.history` calls the client makes — the tail page on open
 * `{sessionId, maxMessages: 40}`, an older page on scroll `{sessionId, beforeSeq, maxMessages: 40}` and a "Load all"
 * page `{sessionId, beforeSeq, maxMessages: 1000}` (src/session/store.ts) — each serialised to JSON as
 * the carrier sends it. Figures are events/s or calls/s; each history line names the page size it got (events, MB).
 */
import { createHarness } from '../harness/harness.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { bigLog } from '../scripts/make-perf-fixtures.mjs';
import { HISTORY_PAGE_MESSAGES, LOAD_ALL_PAGE_MESSAGES } from '../src/session/store.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

interface Result {
  name: string;
  events: number;
  ms: number;
  perSecond: number;
  target: number;
  unit?: string;
}

/**
 * Run the harness benchmarks.
 * @param events - size of the imported log (events)
 * @returns one result per measured path
 */
export async function benchHarness(events: number): Promise<Result[]> {
  const host = createHarness({ storage: new MemoryStorage(), model: createScriptedModel({ delayMs: 0 }), cwd: '/bench' });
  // The recorded shape the browser bench opens (fixtures/perf/log-50k-*.jsonl): ~310 bytes an event.
  const jsonl = bigLog('bench', 'Bench log', 'bench', events, 11);
  const t0 = performance.now();
  const imported = await host.handleRequest('session.import', clientRequest('session.import', { jsonl }, 'b1'));
  const importMs = performance.now() - t0;
  if (!imported.result.ok) throw new Error(`import failed: ${JSON.stringify(imported.result)}`);
  const { sessionId } = imported.result.value as { sessionId: string };

  const historyCall = async (payload: Record<string, unknown>, calls: number): Promise<{ ms: number; events: number; bytes: number }> => {
    let bytes = 0;
    let got = 0;
    const t = performance.now();
    for (let i = 0; i < calls; i += 1) {
      const page = await host.handleRequest('session.history', clientRequest('session.history', { sessionId, ...payload }, `h${i}`));
      if (!page.result.ok) throw new Error(`history failed: ${JSON.stringify(page.result)}`);
      bytes = JSON.stringify(page).length;
      got = (page.result.value as { events: unknown[] }).events.length;
    }
    return { ms: performance.now() - t, events: got, bytes };
  };
  const calls = Number(process.env.BENCH_HISTORY_CALLS ?? 10);
  const middle = Math.floor(events / 2);
  const tail = await historyCall({ maxMessages: HISTORY_PAGE_MESSAGES }, calls);
  const older = await historyCall({ beforeSeq: middle, maxMessages: HISTORY_PAGE_MESSAGES }, calls);
  const loadAll = await historyCall({ beforeSeq: middle, maxMessages: LOAD_ALL_PAGE_MESSAGES }, calls);
  await host.close();
  const size = (page: { events: number; bytes: number }): string =>
    `${page.events.toLocaleString('en')} events, ${(page.bytes / 1024 / 1024).toFixed(1)} MB of JSON`;
  return [
    {
      name: `session.import (parse + store + projections, ${(jsonl.length / 1024 / 1024).toFixed(1)} MB)`,
      events,
      ms: importMs,
      perSecond: events / (importMs / 1000),
      target: 50_000,
    },
    {
      name: `session.history tail page on open {maxMessages: ${HISTORY_PAGE_MESSAGES}} (${size(tail)})`,
      events: calls,
      ms: tail.ms / calls,
      perSecond: calls / (tail.ms / 1000),
      target: 100,
      unit: 'calls',
    },
    {
      name: `session.history older page on scroll {beforeSeq: ${middle}, maxMessages: ${HISTORY_PAGE_MESSAGES}} (${size(older)})`,
      events: calls,
      ms: older.ms / calls,
      perSecond: calls / (older.ms / 1000),
      target: 100,
      unit: 'calls',
    },
    {
      name: `session.history "Load all" page {beforeSeq: ${middle}, maxMessages: ${LOAD_ALL_PAGE_MESSAGES}} (${size(loadAll)})`,
      events: calls,
      ms: loadAll.ms / calls,
      perSecond: calls / (loadAll.ms / 1000),
      target: 20,
      unit: 'calls',
    },
  ];
}
