import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import { foldReviewHistory } from '../src/core/review/revisions.ts';
import type { ReferenceHarness } from './harness.ts';
import { call, say } from '../testing/fake-model.ts';
import { createTestHarness, waitFor } from '../testing/harness-fixture.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let rpc = 0;
async function value(host: ReferenceHarness, method: string, payload: unknown): Promise<Json> {
  const response = await host.handleRequest(method, { type: 'client-request', rpcId: `rv${++rpc}`, method, payload });
  if (!response.result.ok) throw new Error(`${method}: ${response.result.error.message}`);
  return response.result.value;
}

describe('reviews projection', () => {
  it('carries every revision of the whole log on a tail page of one message', async () => {
    const { host } = createTestHarness();
    const jsonl = readFixture('review', 'revisions.jsonl');
    const { sessionId } = await value(host, 'session.import', { jsonl });
    const tail = await value(host, 'session.history', { sessionId, maxMessages: 1 });
    expect(tail.hasMore).toBe(true);
    expect(tail.events.some((e: Json) => e.event.type === 'tool/call' && e.event.data.callId === 'call-1')).toBe(false);
    expect(tail.projections.values.reviews).toEqual(foldReviewHistory(parseSessionLog(jsonl).events));
    expect(tail.projections.values.reviews.revisions.map((r: Json) => `${r.chain}.${r.version}`)).toEqual(['1.1', '1.2', '1.3', '1.4', '2.1', '2.2']);
  });

  it('leaves the review history out of session.list', async () => {
    const { host } = createTestHarness();
    await value(host, 'session.import', { jsonl: readFixture('review', 'revisions.jsonl') });
    const [item] = (await value(host, 'session.list', {})).items;
    expect(Object.keys(item.projections.values).sort()).toEqual(['plan', 'progress', 'title', 'todos']);
  });

  it('pushes a reviews frame when a plan is put up and when it is answered, and none for plan-mode switches alone', async () => {
    const { host, mux } = createTestHarness([
      call('exit_plan_mode', { plan: '# P\n\n- a' }, 'c1'),
      call('exit_plan_mode', { plan: '# P\n\n- a\n- b' }, 'c2'),
      say('ok'),
    ]);
    const { sessionId } = await value(host, 'session.create', {});
    await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan do it', images: [] } });
    await waitFor(() => mux.some((f) => f.method === 'question/requested'));
    const first = mux.find((f) => f.method === 'question/requested')!;
    await host.handleRespond({
      type: 'client-response',
      rpcId: first.rpcId,
      result: { ok: true, value: { sessionId, answer: { answers: [{ id: 'plan-review', selected: [], custom: 'add b' }] } } },
    });
    const reviewFrames = () => mux.filter((f) => f.method === 'session/projection' && (f.payload as Json).key === 'reviews');
    await waitFor(() => reviewFrames().length >= 3);
    const frames = reviewFrames().map((f) => (f.payload as Json).value.revisions);
    expect(frames.map((revisions: Json[]) => revisions.map((r) => `v${r.version}:${r.outcome.kind}`))).toEqual([
      ['v1:pending'],
      ['v1:kept-planning'],
      ['v1:kept-planning', 'v2:pending'],
    ]);
    expect(frames.at(-1)[1].prompt).toEqual({ kind: 'feedback', text: 'add b' });
  });
});
