/**
 * From an outcome to its `tool/result`: the event's shape, a result stored once whichever path stores it, and the
 * path of an answer — stored inside `respond`, then `question/resolved`, then the `tool/result` streamed.
 */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../src/core/log/types.ts';
import { APPROVE_LABEL, PLAN_REVIEW_ID } from '../src/core/questions/types.ts';
import { LogWriteError, SessionLog } from './log.ts';
import { reviewQuestion } from './plugins/exit-plan-tool.ts';
import { createWebQuestionProvider, type AgentHandle } from './questions.ts';
import { MemoryStorage } from './storage/memory.ts';
import { askOptionsOf, callResultOf, toolResultInput } from './tool-results.ts';
import { toolError } from './tools.ts';

const header = { type: 'session' as const, version: 0, id: 's1', createdAt: 0, cwd: '/w' };
const agent: AgentHandle = { id: 's1', sessionId: 's1', root: true };
const call = { turn: 2, step: 3, callId: 'c1', callSeq: 7 };

function fresh() {
  const storage = new MemoryStorage();
  storage.create({ header, lines: [] });
  const log = new SessionLog(header, storage, () => 1000);
  const streamed: SessionEvent[] = [];
  log.subscribe((event) => void streamed.push(event));
  let n = 0;
  return { storage, log, streamed, newId: () => `m${++n}` };
}

it('logs a result as a user message from the tool, linked to its call', () => {
  expect(toolResultInput(call, toolError('no such file'), 'm1')).toEqual({
    type: 'tool/result',
    data: {
      turn: 2,
      step: 3,
      message: {
        source: { kind: 'tool', callId: 'c1' },
        content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'Error: no such file' }], isError: true }],
        role: 'user',
        id: 'm1',
      },
    },
    surfaceOp: 'append',
    sourceEventSeqs: [7],
  });
});

it('stores a returned outcome once, and none when one was committed earlier', () => {
  const returned = fresh();
  callResultOf(returned.log, call, returned.newId, new AbortController().signal).store({ text: 'ok', isError: false });
  expect(returned.streamed.map((event) => event.type)).toEqual(['tool/result']);

  const committed = fresh();
  const result = callResultOf(committed.log, call, committed.newId, new AbortController().signal);
  const publish = result.commit({ text: 'approved', isError: false });
  expect(committed.storage.get('s1')?.lines).toHaveLength(1);
  expect(committed.streamed).toEqual([]);
  publish();
  result.store({ text: 'returned later', isError: false });
  expect(committed.streamed.map((event) => (event.data as { message: { id: string } }).message.id)).toEqual(['m1']);
  expect(committed.storage.get('s1')?.lines).toHaveLength(1);
});

it('refuses a second commit and a commit after the turn was cancelled', () => {
  const { log, newId } = fresh();
  const result = callResultOf(log, call, newId, new AbortController().signal);
  result.commit({ text: 'first', isError: false })();
  expect(() => result.commit({ text: 'second', isError: false })).toThrow('this tool call already has its result');
  const cancelled = new AbortController();
  cancelled.abort();
  expect(() => callResultOf(log, call, newId, cancelled.signal).commit({ text: 'late', isError: false })).toThrow('already has its result');
});

it('stores nothing when a commit cannot be written, so the returned outcome is stored instead', () => {
  const { storage, log, streamed, newId } = fresh();
  storage.failAppend = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const result = callResultOf(log, call, newId, new AbortController().signal);
  expect(() => result.commit({ text: 'approved', isError: false })).toThrow(LogWriteError);
  storage.failAppend = undefined;
  result.store({ text: 'Error: the user dismissed the question', isError: true });
  expect(streamed).toHaveLength(1);
});

it('stores an answer inside respond, before question/resolved, and streams its tool/result after it', async () => {
  const { storage, log, newId } = fresh();
  const order: string[] = [];
  const append = storage.append.bind(storage);
  storage.append = (sessionId, line) => {
    order.push(`stored ${line.type}`);
    append(sessionId, line);
  };
  log.subscribe((event) => void order.push(`streamed ${event.type}`));
  const provider = createWebQuestionProvider({ newId, send: (payload) => void order.push(`frame ${payload.type}`) });
  const result = callResultOf(log, call, newId, new AbortController().signal);
  let recordedWith: unknown;
  const asked = askOptionsOf(
    { agent, callId: 'c1', commit: result.commit },
    (response) => (response === 'cancelled' ? toolError('dismissed') : { text: 'approved', isError: false }),
    (response) => void (recordedWith = response),
  );
  expect(asked.id).toBe('q:s1:c1');
  const answered = provider.ask({ questions: [reviewQuestion('# Plan')], agent, id: asked.id, record: asked.record });
  order.length = 0;
  const answer = { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] };
  const receipt = provider.respond({ type: 'client-response', rpcId: 'q:s1:c1', result: { ok: true, value: { sessionId: 's1', answer } } });
  expect(receipt).toEqual({ accepted: true });
  expect(order).toEqual(['stored tool/result', 'frame question/resolved', 'streamed tool/result']);
  expect(asked.recorded()).toEqual({ text: 'approved', isError: false });
  expect(recordedWith).toEqual(answer);
  await expect(answered).resolves.toEqual(answer);
});

it('refuses the answer and keeps the question when its result cannot be stored', () => {
  const { storage, log, newId } = fresh();
  const frames: string[] = [];
  const provider = createWebQuestionProvider({ newId, send: (payload) => void frames.push(payload.type) });
  const result = callResultOf(log, call, newId, new AbortController().signal);
  let onRecorded = 0;
  const asked = askOptionsOf(
    { agent, callId: 'c1', commit: result.commit },
    () => ({ text: 'approved', isError: false }),
    () => void (onRecorded += 1),
  );
  void provider.ask({ questions: [reviewQuestion('# Plan')], agent, id: asked.id, record: asked.record });
  storage.failAppend = () => Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
  const receipt = provider.respond({ type: 'client-response', rpcId: 'q:s1:c1', result: { ok: false, error: { code: 'cancelled', message: 'x' } } });
  expect(receipt).toEqual({ accepted: false, reason: 'could not write the session log: EROFS read-only file system' });
  expect(frames).toEqual(['question/requested']);
  expect(provider.pending().map((question) => question.rpcId)).toEqual(['q:s1:c1']);
  expect(asked.recorded()).toBeUndefined();
  expect(onRecorded).toBe(0);
});

it('has no stable id without a calling agent', () => {
  expect(askOptionsOf({ agent: undefined, callId: 'c1' }, () => toolError('x')).id).toBeUndefined();
});
