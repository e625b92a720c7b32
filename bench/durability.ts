/**
 * What "acknowledged means on disk" costs (`npm run bench`): the reference host over FileStorage in a directory on
 * the project's disk (never a tmpfs, where a sync is free), once `durable` (fdatasync before every acknowledgement,
 * group commit) and once `relaxed` (no sync). Two figures each: events per second streamed to a mux client (8
 * sessions, 5 turns each, the scripted model at full speed: every event is written, synced and then streamed), and
 * answer latency — `POST /api/respond` Approve of a waiting plan review on loopback to its receipt — over 40 reviews
 * while 4 other sessions stream 50 events/s each. Run alone with `node --import tsx bench/durability.ts`.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHarness } from '../harness/harness.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { FileStorage, type Durability } from '../server/file-storage.ts';
import { createUiPlanServer } from '../server/http.ts';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { APPROVE_LABEL, PLAN_REVIEW_ID } from '../src/core/questions/types.ts';
import { benchDataDir, steadyModel } from './support.ts';

/** The figures of one durability mode. */
export interface DurabilityResult {
  durability: Durability;
  /** Events written, synced (when durable) and streamed per second. */
  eventsPerSecond: number;
  events: number;
  /** Approve → receipt on loopback, ms. */
  answerP50: number;
  answerP95: number;
  answerMax: number;
  answers: number;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Measure one durability mode.
 * @param durability - `durable` or `relaxed`
 * @returns events per second and the answer latency percentiles
 * @throws Error when a call fails
 */
export async function benchDurability(durability: Durability): Promise<DurabilityResult> {
  const dataDir = benchDataDir(`${durability}-`);
  const storage = new FileStorage({ dataDir, durability, logger: { warn: () => undefined } });
  // Full speed for the throughput; 1 ms between deltas for the reviews, so the plan carried out after an Approve
  // streams beside the answer instead of running to its end before the receipt is written.
  const fast = createScriptedModel({ delayMs: 0 });
  const paced = createScriptedModel({ delayMs: 1 });
  const steady = steadyModel(2_000, 1000 / 50);
  const host = createHarness({
    storage,
    model: (sessionId) => (sessionId.startsWith('session-load-') ? steady : sessionId.startsWith('session-review-') ? paced : fast),
    cwd: '/bench',
    logger: { warn: () => undefined },
  });
  const carrier = createUiPlanServer({ harness: host, logger: { error: () => undefined, warn: () => undefined } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  let rpc = 0;
  const call = async (method: string, payload: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(clientRequest(method, payload, `d${++rpc}`)),
    });
    const body = (await res.json()) as { result: { ok: boolean; value?: Record<string, unknown> } };
    if (!body.result.ok) throw new Error(`${method} failed: ${JSON.stringify(body.result)}`);
    return body.result.value ?? {};
  };
  const questions = new Map<string, ServerRequest>();
  const waiters = new Map<string, () => void>();
  let streamed = 0;
  host.openMux((frame) => {
    if (frame.method === 'session/event') streamed += 1;
    if (frame.method !== 'question/requested') return;
    const sessionId = (frame.payload as unknown as { sessionId: string }).sessionId;
    questions.set(sessionId, frame);
    waiters.get(sessionId)?.();
  });
  try {
    // Events per second: 8 sessions, 5 turns each, all at once.
    const sessions: string[] = [];
    for (let i = 0; i < 8; i += 1) sessions.push((await call('session.create', {})).sessionId as string);
    const before = streamed;
    const t0 = performance.now();
    await Promise.all(
      sessions.map(async (sessionId) => {
        for (let turn = 0; turn < 5; turn += 1) {
          await call('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: `hello ${turn}` }] });
          await host.engine.idle(sessionId);
        }
      }),
    );
    await storage.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const seconds = (performance.now() - t0) / 1000;
    const events = streamed - before;

    // Answer latency while 4 sessions stream 50 events/s each.
    for (let i = 0; i < 4; i += 1) {
      const sessionId = (await call('session.create', { sessionId: `session-load-${i}` })).sessionId as string;
      await call('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'stream' }] });
    }
    const latencies: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const sessionId = (await call('session.create', { sessionId: `session-review-${i}` })).sessionId as string;
      const asked = new Promise<void>((resolve) => waiters.set(sessionId, resolve));
      await call('commands/execute', { args: { agentId: sessionId, line: '/plan add a --greeting flag to the CLI', images: [] } });
      await asked;
      const question = questions.get(sessionId) as ServerRequest;
      const t = performance.now();
      const res = await fetch(`${base}/api/respond`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'client-response',
          rpcId: question.rpcId,
          result: { ok: true, value: { sessionId, answer: { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] } } },
        }),
      });
      const receipt = (await res.json()) as { accepted: boolean };
      latencies.push(performance.now() - t);
      if (!receipt.accepted) throw new Error(`the Approve was refused: ${JSON.stringify(receipt)}`);
      await host.engine.idle(sessionId);
    }
    latencies.sort((a, b) => a - b);
    return {
      durability,
      eventsPerSecond: events / seconds,
      events,
      answerP50: percentile(latencies, 50),
      answerP95: percentile(latencies, 95),
      answerMax: latencies.at(-1) ?? NaN,
      answers: latencies.length,
    };
  } finally {
    await carrier.close();
    await host.close();
    storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const durability of ['durable', 'relaxed'] as const) {
    const r = await benchDurability(durability);
    console.log(
      `${durability}: ${Math.round(r.eventsPerSecond).toLocaleString('en')} events/s over ${r.events.toLocaleString('en')} events; ` +
        `Approve → receipt p50 ${r.answerP50.toFixed(1)} ms, p95 ${r.answerP95.toFixed(1)} ms, max ${r.answerMax.toFixed(1)} ms over ${r.answers} answers`,
    );
  }
}
