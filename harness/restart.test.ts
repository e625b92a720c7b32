/**
 * A question the agent asked survives a server crash. A harness started on the log of a session that
 * crashed while a plan review (or an `ask_user_question`) waited asks it again inside the still-open turn, under the
 * same question id and with the same plan; once answered, the turn goes on to `turn/end` exactly as it would have
 * without the crash, and the log stays a dsh log the core reader reads without a skipped line. Any other open turn
 * is closed with an error reason. Crashed logs: fixtures/trust/crashed-review, fixtures/trust/crashed-question.
 */
import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import type { SessionEvent } from '../src/core/log/types.ts';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { APPROVE_LABEL, PLAN_REVIEW_ID, type QuestionAnswer } from '../src/core/questions/types.ts';
import { SERVER_STOPPED, TOOL_STOPPED_TEXT } from './turn-repair.ts';
import { createHarness, type ReferenceHarness } from './harness.ts';
import { createReplayModel } from './models/replay.ts';
import { createScriptedModel } from './models/scripted.ts';
import { questionIdOf } from './questions.ts';
import { MemoryStorage } from './storage/memory.ts';
import { waitFor } from '../testing/harness-fixture.ts';
import type { ModelProvider, StoredSession } from './types.ts';

/** Untyped JSON read back from logged payloads and frames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SESSION = 'session-crashed';

/** A stored session from a JSONL text (header line, then one line per event). */
function storedOf(jsonl: string): StoredSession {
  const [header, ...lines] = jsonl
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Json);
  return { header, lines };
}

/** The JSONL text of a stored session, as FileStorage writes it. */
function jsonlOf(stored: StoredSession): string {
  return [JSON.stringify(stored.header), ...stored.lines.map((line) => JSON.stringify(line))].join('\n') + '\n';
}

/** A harness over `storage` with the scripted model (no delays), a deterministic clock and ids, and its mux frames. */
function start(storage: MemoryStorage, model: ModelProvider = createScriptedModel({ delayMs: 0 })) {
  let n = 1_000;
  const host = createHarness({
    storage,
    model,
    cwd: '/work',
    now: () => 1_700_000_000_000 + n * 10,
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    logger: { warn: () => {} },
  });
  const mux: ServerRequest[] = [];
  host.openMux((frame) => void mux.push(frame));
  return { host, mux };
}

/** Start a harness on the crashed log `name` (a fixture) and wait for the question it asks again. */
async function restartOn(name: 'crashed-review' | 'crashed-question', model?: ModelProvider) {
  const storage = new MemoryStorage({ sessions: [storedOf(readFixture('trust', name, 'session.jsonl'))] });
  const { host, mux } = start(storage, model);
  await waitFor(() => host.engine.questionProvider.pending().length > 0);
  return { storage, host, mux, question: host.engine.questionProvider.pending()[0]! };
}

/** The pending `tool/call` (last one) of a crashed fixture. */
function crashedCall(name: string): { callId: string; arguments: string; seq: number } {
  const events = parseSessionLog(readFixture('trust', name, 'session.jsonl')).events;
  const call = events.filter((e) => e.type === 'tool/call').at(-1)!;
  return { ...(call.data as { callId: string; arguments: string }), seq: call.seq };
}

function answer(host: ReferenceHarness, rpcId: string, value: QuestionAnswer) {
  return host.handleRespond({ type: 'client-response', rpcId, result: { ok: true, value: { sessionId: SESSION, answer: value } } });
}

const types = (events: readonly SessionEvent[]) => events.map((e) => e.type).filter((t) => t !== 'assistant/chunk');
const resultText = (event: SessionEvent | undefined): string => (event?.data as Json)?.message?.content?.[0]?.content?.[0]?.text;

/** Checks every finished log shares: one turn, closed once, every call answered, read back without a skipped line. */
function expectWholeLog(storage: MemoryStorage): SessionEvent[] {
  const text = jsonlOf(storage.get(SESSION)!);
  const parsed = parseSessionLog(text);
  expect(parsed.skipped).toEqual([]);
  const events = parsed.events;
  expect(events.filter((e) => e.type === 'turn/start')).toHaveLength(1);
  expect(events.filter((e) => e.type === 'turn/end').map((e) => (e.data as Json).reason)).toEqual([{ kind: 'completed' }]);
  const calls = events.filter((e) => e.type === 'tool/call').map((e) => (e.data as Json).callId);
  const results = events.filter((e) => e.type === 'tool/result').map((e) => (e.data as Json).message.source.callId);
  expect(results).toEqual(calls);
  return events;
}

describe('a question survives a server restart', () => {
  it('asks the crashed plan review again under the id derived from its tool call, with the same plan', async () => {
    const call = crashedCall('crashed-review');
    const { question, mux } = await restartOn('crashed-review');
    expect(question.rpcId).toBe(questionIdOf(SESSION, call.callId));
    expect(question.rpcId).toBe(`q:${SESSION}:${call.callId}`);
    expect(question.questions[0]).toMatchObject({ id: PLAN_REVIEW_ID, detail: JSON.parse(call.arguments).plan });
    // A newly attached mux gets it again with the same rpcId (the page reconnecting after the restart).
    expect(mux.filter((f) => f.method === 'question/requested').map((f) => f.rpcId)).toEqual([question.rpcId]);
  });

  it('asks under the same id before and after the restart, so the client finds its feedback draft again', async () => {
    const storage = new MemoryStorage();
    const first = start(storage);
    const sessionId = first.host.engine.createSession();
    await first.host.handleRequest(
      'commands/execute',
      clientRequest('commands/execute', { args: { agentId: sessionId, line: '/plan add a --greeting flag to the CLI', images: [] } }, 'r1'),
    );
    await waitFor(() => first.host.engine.questionProvider.pending().length > 0);
    const before = first.host.engine.questionProvider.pending()[0]!;
    // kill -9: the first harness is abandoned as it is; the second one loads what was stored.
    const second = start(new MemoryStorage({ sessions: storage.loadAll() }));
    await waitFor(() => second.host.engine.questionProvider.pending().length > 0);
    expect(second.host.engine.questionProvider.pending()).toEqual([before]);
  });

  it('continues the same turn after an approval, logging what a run without the crash logs', async () => {
    const { host, storage, question } = await restartOn('crashed-review');
    expect(await answer(host, question.rpcId, { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] })).toEqual({ accepted: true });
    await host.engine.idle();
    const events = expectWholeLog(storage);
    const crashedLength = storedOf(readFixture('trust', 'crashed-review', 'session.jsonl')).lines.length;
    const after = events.slice(crashedLength);
    expect(resultText(after[0])).toBe('Plan approved — plan mode exited; carry out the plan starting with your next step.');
    expect(types(after).slice(0, 4)).toEqual(['tool/result', 'step/end', 'plan/mode', 'step/start']);
    // The same flow on a harness that never stopped logs the same event types after the review.
    const storageB = new MemoryStorage();
    const uncrashed = start(storageB);
    const id = uncrashed.host.engine.createSession({ sessionId: SESSION });
    await uncrashed.host.handleRequest(
      'commands/execute',
      clientRequest('commands/execute', { args: { agentId: id, line: '/plan add a --greeting flag to the CLI', images: [] } }, 'r1'),
    );
    await waitFor(() => uncrashed.host.engine.questionProvider.pending().length > 0);
    answer(uncrashed.host, uncrashed.host.engine.questionProvider.pending()[0]!.rpcId, { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] });
    await uncrashed.host.engine.idle();
    expect(types(events)).toEqual(types(storageB.get(SESSION)!.lines.map((line, seq) => ({ ...line, seq }))));
    expect(host.engine.planMode.get(SESSION)).toEqual({ active: false });
  });

  it('takes feedback with Keep planning after the restart and reviews the revised plan in the same turn', async () => {
    const { host, storage, question } = await restartOn('crashed-review');
    const feedback = 'also print the greeting in upper case';
    expect(await answer(host, question.rpcId, { answers: [{ id: PLAN_REVIEW_ID, selected: [], custom: feedback }] })).toEqual({ accepted: true });
    await waitFor(() => host.engine.questionProvider.pending().some((q) => q.rpcId !== question.rpcId));
    const revised = host.engine.questionProvider.pending()[0]!;
    expect(revised.questions[0]!.detail).toContain(feedback);
    const results = host.engine.log(SESSION)!.events.filter((e) => e.type === 'tool/result');
    expect(resultText(results.at(-1))).toBe(`Error: The user chose to keep planning; their feedback: ${feedback}`);
    await answer(host, revised.rpcId, { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] });
    await host.engine.idle();
    expectWholeLog(storage);
  });

  it('dismisses the review after the restart (Chat about it) and ends the turn', async () => {
    const { host, storage, question } = await restartOn('crashed-review');
    const receipt = await host.handleRespond({
      type: 'client-response',
      rpcId: question.rpcId,
      result: { ok: false, error: { code: 'cancelled', message: 'user closed this request', details: {} } },
    });
    expect(receipt).toEqual({ accepted: true });
    await host.engine.idle();
    const events = expectWholeLog(storage);
    expect(resultText(events.filter((e) => e.type === 'tool/result').at(-1))).toMatch(/^Error: The user dismissed the plan review/);
  });

  it('asks a crashed ask_user_question again and continues after the answer', async () => {
    const call = crashedCall('crashed-question');
    const { host, storage, question } = await restartOn('crashed-question');
    expect(question.rpcId).toBe(questionIdOf(SESSION, call.callId));
    expect(question.questions.map((q) => q.id)).toEqual(JSON.parse(call.arguments).questions.map((q: Json) => q.id));
    const value: QuestionAnswer = { answers: [{ id: 'approach', selected: ['Keep it minimal'] }] };
    expect(await answer(host, question.rpcId, value)).toEqual({ accepted: true });
    await host.engine.idle();
    const events = expectWholeLog(storage);
    expect(resultText(events.find((e) => e.type === 'tool/result'))).toBe(JSON.stringify(value));
    expect(events.at(-2)?.type).toBe('step/end');
    const last = events.filter((e) => e.type === 'assistant/message').at(-1);
    expect(JSON.stringify(last?.data)).toContain('you picked **Keep it minimal**');
  });

  it('replays the recording from the log position after a restart, not from its first step', async () => {
    const recording = readFixture('dsh-recordings', 'plan-review', 'session.jsonl');
    const storage = new MemoryStorage();
    const first = start(storage, createReplayModel(recording, { speed: 0 }));
    const sessionId = first.host.engine.createSession({ sessionId: SESSION });
    await first.host.handleRequest(
      'commands/execute',
      clientRequest('commands/execute', { args: { agentId: sessionId, line: '/plan Plan a small change: add a --greeting flag to a CLI.', images: [] } }, 'r1'),
    );
    await waitFor(() => first.host.engine.questionProvider.pending().length > 0);
    // A fresh provider, as `ui-plan serve --model replay:FILE` makes after a restart: its own count starts at 0.
    const second = start(new MemoryStorage({ sessions: storage.loadAll() }), createReplayModel(recording, { speed: 0 }));
    await waitFor(() => second.host.engine.questionProvider.pending().length > 0);
    const question = second.host.engine.questionProvider.pending()[0]!;
    answer(second.host, question.rpcId, { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] });
    await second.host.engine.idle();
    const messages = second.host.engine.log(SESSION)!.events.filter((e) => e.type === 'assistant/message');
    const text = (messages.at(-1)!.data as Json).message.content
      .filter((b: Json) => b.type === 'text')
      .map((b: Json) => b.text)
      .join('');
    expect(text).toBe('DONE');
    expect(messages).toHaveLength(2);
  });

  it('closes a turn that crashed without a question with an error reason, answering its open call', async () => {
    const crashed = storedOf(readFixture('trust', 'crashed-review', 'session.jsonl'));
    // The same log, but the open call is a write_file (not a question): nothing to ask again.
    const lines = crashed.lines.map((line) => {
      if (line.type !== 'tool/call' || (line.data as Json).name !== 'exit_plan_mode') return line;
      return { ...line, data: { ...(line.data as Json), name: 'write_file', arguments: '{"path":"x","content":"y"}' } };
    });
    const storage = new MemoryStorage({ sessions: [{ header: crashed.header, lines }] });
    const { host } = start(storage);
    await host.engine.idle();
    expect(host.engine.questionProvider.pending()).toEqual([]);
    const parsed = parseSessionLog(jsonlOf(storage.get(SESSION)!));
    expect(parsed.skipped).toEqual([]);
    const tail = parsed.events.slice(lines.length);
    expect(tail.map((e) => e.type)).toEqual(['tool/result', 'step/end', 'turn/end']);
    expect(resultText(tail[0])).toBe(`Error: ${TOOL_STOPPED_TEXT}`);
    expect((tail[2]!.data as Json).reason).toEqual(SERVER_STOPPED);
    expect(SERVER_STOPPED).toEqual({ kind: 'error', message: 'the server stopped during this turn' });
    expect(host.engine.agent(SESSION)!.running).toBe(false);
  });

  it('closes a turn that crashed mid-stream with only a turn/end', async () => {
    const crashed = storedOf(readFixture('trust', 'crashed-review', 'session.jsonl'));
    const cut = crashed.lines.findLastIndex((line) => line.type === 'assistant/message');
    const lines = crashed.lines.slice(0, cut);
    const storage = new MemoryStorage({ sessions: [{ header: crashed.header, lines }] });
    start(storage);
    const tail = storage.get(SESSION)!.lines.slice(lines.length);
    expect(tail).toEqual([expect.objectContaining({ type: 'turn/end', data: { turn: 1, reason: SERVER_STOPPED } })]);
  });
});
