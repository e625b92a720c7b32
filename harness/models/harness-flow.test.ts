/**
 * The models through the real engine (harness/harness.ts over MemoryStorage): the scripted model goes
 * `/plan <task>` → keep planning with feedback → revised plan → Approve → one write per plan step → stop,
 * and the replay model reproduces the recorded plan-review session's plan and DONE.
 */
import { expect, it } from 'vitest';
import { readRecordingFixture } from '../../fixtures/paths.ts';
import type { SessionEvent, ToolCallData } from '../../src/core/log/types.ts';
import { clientRequest, type ServerRequest } from '../../src/core/protocol/envelopes.ts';
import { createHarness, type ReferenceHarness } from '../harness.ts';
import { MemoryStorage } from '../storage/memory.ts';
import type { ModelProvider } from '../types.ts';
import { createReplayModel } from './replay.ts';
import { createScriptedModel } from './scripted.ts';

let rpc = 0;
async function value(host: ReferenceHarness, method: string, payload: unknown): Promise<Record<string, unknown>> {
  const response = await host.handleRequest(method, clientRequest(method, payload, `r${++rpc}`));
  if (!response.result.ok) throw new Error(`${method}: ${response.result.error.message}`);
  return response.result.value as Record<string, unknown>;
}

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 2000; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('condition not reached');
}

function start(model: ModelProvider | ((sessionId: string) => ModelProvider)) {
  const host = createHarness({ storage: new MemoryStorage(), model, cwd: '/work' });
  const mux: ServerRequest[] = [];
  host.openMux((frame) => void mux.push(frame));
  return { host, mux };
}

function answer(host: ReferenceHarness, question: ServerRequest, sessionId: string, item: Record<string, unknown>) {
  return host.handleRespond({
    type: 'client-response',
    rpcId: question.rpcId,
    result: { ok: true, value: { sessionId, answer: { answers: [{ id: 'plan-review', ...item }] } } },
  });
}

const calls = (events: readonly SessionEvent[]) => events.filter((e) => e.type === 'tool/call').map((e) => e.data as ToolCallData);

it('runs the scripted model from /plan through a revised plan and its approval to the last write', async () => {
  const { host, mux } = start(createScriptedModel({ delayMs: 0 }));
  const sessionId = (await value(host, 'session.create', {})).sessionId as string;
  await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan Add a --greeting flag to the CLI', images: [] } });

  const first = await waitFor(() => mux.find((f) => f.method === 'question/requested'));
  expect(await answer(host, first, sessionId, { selected: [], custom: 'Mention --greeting in the usage text too.' })).toEqual({ accepted: true });
  const second = await waitFor(() => mux.filter((f) => f.method === 'question/requested')[1]);
  expect(await answer(host, second, sessionId, { selected: ['Approve'] })).toEqual({ accepted: true });
  await host.engine.idle(sessionId);

  const events = host.engine.log(sessionId)!.events;
  const names = calls(events).map((c) => c.name);
  expect(names.slice(0, 4)).toEqual(['list_files', 'read_file', 'exit_plan_mode', 'exit_plan_mode']);
  const revised = JSON.parse(calls(events)[3]!.arguments).plan as string;
  expect(revised).toContain('> Mention --greeting in the usage text too.');
  const stepCount = revised
    .split('## Steps')[1]!
    .split('##')[0]!
    .match(/^\d+\. /gm)!.length;
  expect(names.filter((n) => n === 'write_file')).toHaveLength(stepCount);
  expect(events.filter((e) => e.type === 'plan/mode').map((e) => (e.data as { active: boolean }).active)).toEqual([true, false]);
  const results = events.filter((e) => e.type === 'tool/result').map((e) => JSON.stringify(e.data));
  expect(results.filter((r) => r.includes('"isError":true'))).toHaveLength(1); // only the keep-planning result
  expect(events.filter((e) => e.type === 'turn/end')).toHaveLength(1);
  await host.close();
});

it('keeps a to-do list of the approved plan while carrying it out: one in progress at a time, ticked as each write returns', async () => {
  const { host, mux } = start(createScriptedModel({ delayMs: 0 }));
  const sessionId = (await value(host, 'session.create', {})).sessionId as string;
  await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan Add a --greeting flag to the CLI', images: [] } });
  const review = await waitFor(() => mux.find((f) => f.method === 'question/requested'));
  expect(await answer(host, review, sessionId, { selected: ['Approve'] })).toEqual({ accepted: true });
  await host.engine.idle(sessionId);

  const events = host.engine.log(sessionId)!.events;
  const plan = JSON.parse(calls(events).find((c) => c.name === 'exit_plan_mode')!.arguments).plan as string;
  const steps = plan
    .split('## Steps')[1]!
    .split('##')[0]!
    .match(/^\d+\. .+$/gm)!;
  const writes = events.filter((e) => e.type === 'todo/write').map((e) => (e.data as { todos: { status: string }[] }).todos);
  expect(writes).toHaveLength(steps.length + 1);
  writes.forEach((todos, i) => {
    expect(todos).toHaveLength(steps.length);
    expect(todos.filter((t) => t.status === 'completed')).toHaveLength(i);
    expect(todos.filter((t) => t.status === 'in_progress')).toHaveLength(i < steps.length ? 1 : 0);
  });
  // Each todo/write sits between its call and its result, and no write_file comes before the first list.
  const first = events.findIndex((e) => e.type === 'todo/write');
  expect(events[first - 1]!.type).toBe('tool/call');
  expect(events[first + 1]!.type).toBe('tool/result');
  expect(events.slice(0, first).some((e) => e.type === 'tool/call' && (e.data as ToolCallData).name === 'write_file')).toBe(false);
  const results = events.filter((e) => e.type === 'tool/result').map((e) => JSON.stringify(e.data));
  expect(results.filter((r) => r.includes('"isError":true'))).toHaveLength(0);
  expect(events.filter((e) => e.type === 'turn/end')).toHaveLength(1);
  await host.close();
});

it('replays the recorded plan-review session through the engine to its plan and DONE', async () => {
  const jsonl = readRecordingFixture('plan-review');
  const { host, mux } = start(() => createReplayModel(jsonl, { speed: 0 }));
  const sessionId = (await value(host, 'session.create', {})).sessionId as string;
  const line = '/plan Plan a small change: add a --greeting flag to a CLI. Do not read or write any files.';
  await value(host, 'commands/execute', { args: { agentId: sessionId, line, images: [] } });
  const question = await waitFor(() => mux.find((f) => f.method === 'question/requested'));
  await answer(host, question, sessionId, { selected: ['Approve'] });
  await host.engine.idle(sessionId);

  const events = host.engine.log(sessionId)!.events;
  const recordedCall = jsonl
    .split('\n')
    .map((l) => (l ? JSON.parse(l) : {}))
    .find((r) => r.type === 'tool/call').data;
  expect(calls(events)).toEqual([expect.objectContaining({ callId: recordedCall.callId, name: 'exit_plan_mode', arguments: recordedCall.arguments })]);
  const last = events.filter((e) => e.type === 'assistant/message').at(-1)!;
  expect(JSON.stringify(last.data)).toContain('"text":"DONE"');
  await host.close();
});
