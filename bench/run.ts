/**
 * Benchmarks (`npm run bench`): throughput and memory of the hot paths over a large synthetic session log, each line
 * measuring what the product does — parsing dsh JSONL, the plan fold at every event boundary (the plan-mode plugin
 * folds the prefix at each step), the whole-log folds and incremental projection apply, the client's transcript fold
 * of 50,000 events, the host's import and the `session.history` calls the client makes, and the server fan-out
 * (bench/fanout.ts). Each target is a floor for this project's 2-core machine; a missed target exits 1. Never a test.
 */
import { parseSessionLog, serializeEvent, serializeHeader } from '../src/core/log/reader.ts';
import { foldPlanMode, foldPlanProjection, planProjection } from '../src/core/plan/fold.ts';
import { foldMode } from '../src/core/modes/fold.ts';
import type { SessionEvent } from '../src/core/log/types.ts';
import { foldTranscript } from '../src/core/transcript/fold.ts';
import { bigLog } from '../scripts/make-perf-fixtures.mjs';

interface Result {
  name: string;
  events: number;
  ms: number;
  perSecond: number;
  target: number;
  heapMB?: number;
  unit?: string;
}

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);

/** A realistic mix: turns with steps, streaming chunks, messages, tool calls, /plan commands and flips. */
function syntheticLines(n: number): { type: string; data: unknown }[] {
  const lines: { type: string; data: unknown }[] = [];
  let turn = 0;
  let cmd = 0;
  while (lines.length < n) {
    turn += 1;
    cmd += 1;
    const id = `cmd-bench-${cmd}`;
    lines.push({ type: 'command/run', data: { commandId: id, name: 'plan', args: turn % 3 === 0 ? 'off' : ' task', source: { kind: 'user' } } });
    lines.push({ type: 'plan/mode', data: { active: turn % 3 !== 0 } });
    lines.push({ type: 'command/done', data: { commandId: id, kind: 'success', text: 'ok' } });
    lines.push({ type: 'turn/start', data: { turn, trigger: { kind: 'message', source: { kind: 'user' } } } });
    lines.push({ type: 'user/message', data: { content: [{ type: 'text', text: `task ${turn}` }], source: { kind: 'user' } } });
    for (let step = 1; step <= 3; step += 1) {
      lines.push({ type: 'step/start', data: { turn, step } });
      lines.push({ type: 'request/header', data: { header: { config: { provider: 'p', model: 'm' }, system: 's', tools: 't' }, reason: 'change' } });
      for (let k = 0; k < 20; k += 1) lines.push({ type: 'assistant/chunk', data: { turn, step, chunk: { type: 'text-delta', index: 0, text: ' word' } } });
      lines.push({ type: 'assistant/message', data: { turn, step, message: { role: 'assistant', content: [{ type: 'text', text: 'word '.repeat(20) }] } } });
      lines.push({ type: 'step/end', data: { turn, step } });
    }
    lines.push({ type: 'turn/end', data: { turn, reason: { kind: 'completed' } } });
  }
  return lines.slice(0, n);
}

function measure(name: string, events: number, target: number, fn: () => unknown): Result {
  fn(); // warm-up
  const runs = 3;
  let best = Infinity;
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return { name, events, ms: best, perSecond: events / (best / 1000), target };
}

const lines = syntheticLines(EVENTS);
const text = [serializeHeader({ type: 'session', version: 0, id: 'bench', createdAt: 0, cwd: '/' }), ...lines.map((l) => serializeEvent(l))].join('\n') + '\n';
const parsed = parseSessionLog(text);
const events: SessionEvent[] = parsed.events;

const results: Result[] = [];
results.push(measure('parseSessionLog (dsh JSONL → events)', events.length, 100_000, () => parseSessionLog(text)));
// foldPlanMode scans back from `end` to the last plan/mode, so one whole-log call costs next to nothing; the plugin
// folds a prefix at every step and every switch, so fold once at every event boundary.
results.push(
  measure('foldPlanMode at every event boundary (prefix fold, as the plan-mode plugin calls it)', events.length, 1_000_000, () => {
    let active = 0;
    for (let end = 1; end <= events.length; end += 1) if (foldPlanMode(events, end)) active += 1;
    return active;
  }),
);
results.push(measure('foldMode (whole log)', events.length, 5_000_000, () => foldMode(events)));
results.push(measure('foldPlanProjection (whole log)', events.length, 2_000_000, () => foldPlanProjection(events)));
results.push(
  measure('planProjection.apply (incremental, per event)', events.length, 2_000_000, () => {
    let s = planProjection.init();
    for (const e of events) s = planProjection.apply(s, e);
    return planProjection.view(s);
  }),
);

// The client's transcript fold over the 50,000-event log the browser bench opens (fixtures/perf shape: a row per
// message, tool call and result), through its public whole-log function. Target: 50,000 events in ≤ 100 ms, half
// the 200 ms task budget of `npm run bench:browser`.
const transcriptEvents = parseSessionLog(bigLog('bench', 'Bench log', 'bench', 50_000, 11)).events;
results.push(
  measure(`foldTranscript (whole log, ${transcriptEvents.length.toLocaleString('en')} events of the perf log shape)`, transcriptEvents.length, 500_000, () =>
    foldTranscript(transcriptEvents),
  ),
);

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const retained = parseSessionLog(text);
gc?.();
const heapMB = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
results.push({
  name: `heap retained by a parsed ${retained.events.length}-event log (MB, ceiling)`,
  events: retained.events.length,
  ms: 0,
  perSecond: 0,
  target: 0,
  heapMB,
});

const harness = await import('./harness-bench.ts')
  .then((m) => m.benchHarness(Math.min(EVENTS, 50_000)))
  .catch((error: unknown) => {
    console.warn(`harness bench skipped: ${error instanceof Error ? error.message : String(error)}`);
    return [] as Result[];
  });
results.push(...harness);

const fanout = await import('./fanout.ts')
  .then((m) => m.benchFanout())
  .catch((error: unknown) => {
    console.warn(`fan-out bench skipped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });

let missed = 0;
console.log(`events: ${events.length} (${(text.length / 1024 / 1024).toFixed(1)} MiB of JSONL)`);
for (const r of results) {
  if (r.heapMB !== undefined) {
    const ceiling = (r.events * 2) / 1024; // 2 KiB per event
    const ok = r.heapMB <= ceiling;
    if (!ok) missed += 1;
    console.log(`${ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.heapMB.toFixed(1)} MB (ceiling ${ceiling.toFixed(0)} MB)`);
    continue;
  }
  const ok = r.perSecond >= r.target;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.ms.toFixed(1)} ms, ${Math.round(r.perSecond).toLocaleString('en')} ${r.unit ?? 'events'}/s (target ≥ ${r.target.toLocaleString('en')})`,
  );
}
if (fanout !== undefined) {
  const ok = fanout.p95 <= fanout.budgetP95;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} fan-out, ${fanout.sessions} sessions × ${fanout.rate} events/s → ${fanout.clients} mux clients in another process ` +
      `(append → receipt): p50 ${fanout.p50.toFixed(1)} ms, p95 ${fanout.p95.toFixed(1)} ms, max ${fanout.max.toFixed(1)} ms over ` +
      `${fanout.frames.toLocaleString('en')} frames, server CPU ${fanout.serverCpuMsPerS.toFixed(0)} ms/s (budget p95 ≤ ${fanout.budgetP95} ms)`,
  );
}
process.exit(missed > 0 ? 1 : 0);
