/**
 * Harness part of `npm run bench`: importing a large recorded log through the host (parse, store, projection
 * registry) and serving the tail page of `session.history` from it. Figures are events/s or calls/s.
 */
import { createHost } from '../harness/host.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { serializeEvent, serializeHeader } from '../src/core/log/reader.ts';

interface Result { name: string; events: number; ms: number; perSecond: number; target: number; unit?: string }

function logText(n: number): string {
  const lines = [serializeHeader({ type: 'session', version: 0, id: 'bench', createdAt: 0, cwd: '/' })];
  for (let i = 0; lines.length <= n; i += 1) {
    lines.push(serializeEvent({ type: 'turn/start', data: { turn: i + 1 } }));
    lines.push(serializeEvent({ type: 'user/message', data: { content: [{ type: 'text', text: `task ${i}` }], source: { kind: 'user' } }, surfaceOp: 'append' }));
    for (let k = 0; k < 10; k += 1) lines.push(serializeEvent({ type: 'assistant/chunk', data: { turn: i + 1, step: 1, chunk: { type: 'text-delta', index: 0, text: ' w' } } }));
    lines.push(serializeEvent({ type: 'assistant/message', data: { turn: i + 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'w '.repeat(10) }] } }, surfaceOp: 'append' }));
    lines.push(serializeEvent({ type: 'plan/mode', data: { active: i % 2 === 0 } }));
    lines.push(serializeEvent({ type: 'turn/end', data: { turn: i + 1, reason: { kind: 'completed' } } }));
  }
  return lines.join('\n') + '\n';
}

/**
 * Run the harness benchmarks.
 * @param events - size of the imported log (events)
 * @returns one result per measured path
 */
export async function benchHarness(events: number): Promise<Result[]> {
  const host = createHost({ storage: new MemoryStorage(), model: createScriptedModel({ delayMs: 0 }), cwd: '/bench' });
  const jsonl = logText(events);
  const t0 = performance.now();
  const imported = await host.handleRequest('session.import', { type: 'client-request', rpcId: 'b1', method: 'session.import', payload: { jsonl } });
  const importMs = performance.now() - t0;
  if (!imported.result.ok) throw new Error(`import failed: ${JSON.stringify(imported.result)}`);
  const { sessionId } = imported.result.value as { sessionId: string };

  const calls = 200;
  const t1 = performance.now();
  for (let i = 0; i < calls; i += 1) {
    const page = await host.handleRequest('session.history', { type: 'client-request', rpcId: `h${i}`, method: 'session.history', payload: { sessionId, maxMessages: 50 } });
    if (!page.result.ok) throw new Error('history failed');
  }
  const historyMs = performance.now() - t1;
  await host.close();
  return [
    { name: 'session.import (parse + store + projections)', events, ms: importMs, perSecond: events / (importMs / 1000), target: 50_000 },
    { name: 'session.history tail page, 50 messages', events: calls, ms: historyMs, perSecond: calls / (historyMs / 1000), target: 200, unit: 'calls' },
  ];
}
