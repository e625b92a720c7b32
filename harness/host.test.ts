import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSessionLog } from '../src/core/log/reader.ts';
import type { SessionEvent } from '../src/core/log/types.ts';
import type { ServerRequest } from '../src/core/protocol/envelopes.ts';
import { call, createFakeModel, say, type FakeStep } from './fake-model.ts';
import { createHost, pageStart, type EngineHost } from './host.ts';
import { MemoryStorage } from './storage/memory.ts';
import type { HostOptions } from './types.ts';

const PLAN = '# Add `--greeting` flag\n\n- parse the flag\n- print it';

function setup(steps: FakeStep[] = [], extra: Partial<HostOptions> = {}) {
  let n = 0;
  const storage = extra.storage instanceof MemoryStorage ? extra.storage : new MemoryStorage();
  const model = createFakeModel(steps);
  const warnings: string[] = [];
  const host = createHost({
    storage,
    model,
    cwd: '/work',
    now: () => 1_000 + n,
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    logger: { warn: (message) => void warnings.push(message) },
    ...extra,
  });
  const mux: ServerRequest[] = [];
  const hostFrames: ServerRequest[] = [];
  host.openMux((frame) => void mux.push(frame));
  host.openHostStream((frame) => void hostFrames.push(frame));
  return { host, storage, model, mux, hostFrames, warnings };
}

let rpc = 0;
async function callHost(host: EngineHost, method: string, payload: unknown) {
  const response = await host.handleRequest(method, { type: 'client-request', rpcId: `r${++rpc}`, method, payload });
  return response.result;
}
async function value(host: EngineHost, method: string, payload: unknown): Promise<any> {
  const result = await callHost(host, method, payload);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const types = (events: readonly SessionEvent[]) => events.map((e) => e.type);
/** Event types without the streaming rows (whose count depends on the model). */
const skeleton = (list: readonly string[]) => list.filter((t) => t !== 'assistant/chunk' && !t.endsWith('-chunks'));

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  if (!check()) throw new Error('condition not reached');
}

describe('host', () => {
  it('reproduces the event order of the recorded plan-review session', async () => {
    const recorded = parseSessionLog(
      readFileSync(new URL('../../shared/cases/dsh-recordings/plan-review/session.jsonl', import.meta.url), 'utf8'),
    );
    const { host, mux } = setup([call('exit_plan_mode', { plan: PLAN }), say('DONE')]);
    const sessionId = (await value(host, 'session.create', {})).sessionId as string;
    const line = '/plan Plan a small change: add a --greeting flag to a CLI.';
    const executed = await value(host, 'commands/execute', { args: { agentId: sessionId, line, images: [] } });
    expect(executed.result).toEqual({ kind: 'success', text: 'Plan mode on. Use /plan off to leave.' });
    expect(executed.commandId).toMatch(/^cmd-[0-9a-f]{8}-1$/);
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const question = mux.find((f) => f.method === 'question/requested')!;
    const receipt = host.handleRespond({
      type: 'client-response',
      rpcId: question.rpcId,
      result: { ok: true, value: { sessionId, answer: { answers: [{ id: 'plan-review', selected: ['Approve'] }] } } },
    });
    expect(receipt).toEqual({ accepted: true });
    await host.engine.idle(sessionId);
    const events = host.engine.log(sessionId)!.events;
    expect(skeleton(types(events))).toEqual(skeleton(recorded.events.map((e) => e.type)));
    const result = events.find((e) => e.type === 'tool/result')!;
    expect(result.data).toMatchObject({
      message: { content: [{ type: 'tool-result', content: [{ type: 'text', text: 'Plan approved — plan mode exited; carry out the plan starting with your next step.' }], isError: false }] },
    });
    expect(events.find((e) => e.type === 'session/title')!.data).toEqual({
      title: 'Plan a small change: add',
      messageSeqs: [4],
      source: { kind: 'fallback' },
    });
  });

  it('sends each projection change before the session/event of the same seq', async () => {
    const { host, mux } = setup();
    const sessionId = (await value(host, 'session.create', {})).sessionId as string;
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
    const rows = mux
      .filter((f) => f.method === 'session/projection' || f.method === 'session/event')
      .map((f) => (f.method === 'session/projection' ? `p:${(f.payload as any).key}@${(f.payload as any).seq}=${JSON.stringify((f.payload as any).value)}` : `e:${(f.payload as any).event.type}@${(f.payload as any).event.seq}`));
    expect(rows).toEqual([
      'p:plan@0={"active":false,"pending":true}',
      'e:command/run@0',
      'p:plan@1={"active":true,"pending":false}',
      'e:plan/mode@1',
      'p:plan@2={"active":true,"pending":false}',
      'e:command/done@2',
    ]);
  });
});

describe('pageStart', () => {
  const ev = (type: string, seq: number, sourceEventSeqs?: number[]): SessionEvent => ({ type, seq, data: {}, ...(sourceEventSeqs ? { sourceEventSeqs } : {}) });
  const log = [
    ev('turn/start', 0), ev('user/message', 1), ev('session/title', 2), ev('step/start', 3), ev('request/header', 4),
    ev('assistant/chunk', 5), ev('assistant/chunk', 6), ev('assistant/message', 7, [5, 6]), ev('tool/call', 8),
  ];
  it.each([
    { end: 9, max: 1, start: 5 },
    { end: 5, max: 1, start: 0 },
    { end: 9, max: 2, start: 0 },
    { end: 9, max: undefined, start: 0 },
    { end: 0, max: 1, start: 0 },
  ])('starts the page ending at $end with $max message(s) at $start', ({ end, max, start }) => {
    expect(pageStart(log, end, max)).toBe(start);
  });
});
