/**
 * Fan-out benchmark: the real carrier (`createUiPlanServer`) over the reference host
 * and FileStorage on loopback, 20 sessions each streaming 50 `assistant/chunk` events/s to 50 mux WebSocket clients
 * that live in a SEPARATE child process (bench/fanout-clients.ts), for a bounded ~10 s. Latency per received frame =
 * client receipt time − the event's `time` (stamped by the session log at append, after the storage write), both on
 * the high-resolution wall clock (`performance.timeOrigin + performance.now()`, fractional ms) of their process.
 * Prints p50/p95/max beside the budget p95 ≤ 10 ms. Run alone with `node --import tsx bench/fanout.ts`.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createHost } from '../harness/host.ts';
import type { ModelChunk, ModelProvider } from '../harness/types.ts';
import { FileStorage } from '../server/file-storage.ts';
import { createUiPlanServer } from '../server/http.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

/** What the fan-out benchmark prints and `bench/run.ts` checks. */
export interface FanoutResult {
  sessions: number;
  clients: number;
  /** Target events per second per session. */
  rate: number;
  /** Frames received over all clients. */
  frames: number;
  /** Latency percentiles, ms. */
  p50: number;
  p95: number;
  max: number;
  /** Lowest latency, ms (a negative one would mean the two processes' clocks disagree). */
  min: number;
  /** Server process CPU time (user + system) per second of streaming, ms/s: what fan-out costs the server. */
  serverCpuMsPerS: number;
  /** Budget of p95, ms. */
  budgetP95: number;
}

const now = (): number => performance.timeOrigin + performance.now();

/** A model that streams `count` one-word text deltas, one every `intervalMs` ms, then stops. */
function steadyModel(count: number, intervalMs: number): ModelProvider {
  return {
    provider: 'bench',
    model: 'steady',
    async *stream(): AsyncGenerator<ModelChunk> {
      yield { type: 'block-start', index: 0, blockType: 'text' };
      for (let i = 0; i < count; i += 1) yield { type: 'text-delta', index: 0, text: ` w${i}`, delayMs: intervalMs };
      yield { type: 'finish', reason: { kind: 'stop' } };
    },
  };
}

/**
 * Run the fan-out benchmark.
 * @param options - sessions (default 20), clients (default 50), events/s per session (default 50), seconds (default 10)
 * @returns the latency figures over every frame every client received while the sessions streamed
 * @throws Error when the client process fails or receives no frame
 */
export async function benchFanout(options: { sessions?: number; clients?: number; rate?: number; seconds?: number } = {}): Promise<FanoutResult> {
  const sessions = options.sessions ?? Number(process.env.BENCH_FANOUT_SESSIONS ?? 20);
  const clients = options.clients ?? Number(process.env.BENCH_FANOUT_CLIENTS ?? 50);
  const rate = options.rate ?? 50;
  const seconds = options.seconds ?? Number(process.env.BENCH_FANOUT_SECONDS ?? 10);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ui-plan-fanout-'));
  const storage = new FileStorage({ dataDir });
  const host = createHost({ storage, model: steadyModel(rate * seconds, 1000 / rate), cwd: '/bench', now, logger: { warn: () => undefined } });
  const carrier = createUiPlanServer({ host, logger: { error: () => undefined, warn: () => undefined } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  const port = (carrier.server.address() as AddressInfo).port;
  const call = async (method: string, payload: unknown): Promise<unknown> => {
    const res = await fetch(`http://127.0.0.1:${port}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(clientRequest(method, payload, `b-${method}-${Math.random()}`)),
    });
    const body = (await res.json()) as { result: { ok: boolean; value?: unknown } };
    if (!body.result.ok) throw new Error(`${method} failed: ${JSON.stringify(body.result)}`);
    return body.result.value;
  };
  const ids: string[] = [];
  for (let i = 0; i < sessions; i += 1) ids.push(((await call('session.create', {})) as { sessionId: string }).sessionId);

  const child = fork(fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const message = <T>(type: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const onMessage = (m: { type: string } & T): void => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`fan-out clients exited with ${code} before "${type}"`)));
    });
  try {
    child.send({ type: 'connect', url: `ws://127.0.0.1:${port}/api/events.mux`, origin: `http://127.0.0.1:${port}`, clients });
    await message('connected');
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (const sessionId of ids) await call('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'stream' }] });
    await host.engine.idle();
    const cpu = process.cpuUsage(cpu0);
    const serverCpuMsPerS = (cpu.user + cpu.system) / 1000 / ((performance.now() - t0) / 1000);
    // Let the last frames land before the clients stop counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.send({ type: 'stop' });
    const stats = await message<{ frames: number; min: number; p50: number; p95: number; max: number }>('stats');
    if (stats.frames === 0) throw new Error('the clients received no session/event frame');
    return { sessions, clients, rate, frames: stats.frames, p50: stats.p50, p95: stats.p95, max: stats.max, min: stats.min, serverCpuMsPerS, budgetP95: 10 };
  } finally {
    child.kill();
    await carrier.close();
    await host.close();
    storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await benchFanout();
  const ok = r.p95 <= r.budgetP95;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} fan-out ${r.sessions} sessions × ${r.rate} events/s → ${r.clients} clients (separate process): ` +
      `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms over ${r.frames.toLocaleString('en')} frames, ` +
      `min ${r.min.toFixed(1)} ms, server CPU ${r.serverCpuMsPerS.toFixed(0)} ms/s (budget p95 ≤ ${r.budgetP95} ms)`,
  );
  process.exit(ok ? 0 : 1);
}
