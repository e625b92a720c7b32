import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../src/core/questions/types.ts';
import { createUserQuestionService, createWebQuestionProvider, DELEGATED_CALLER_MESSAGE, UserQuestionError, type AgentHandle } from './questions.ts';

const root: AgentHandle = { id: 's1', sessionId: 's1', root: true };
const child: AgentHandle = { id: 's2', sessionId: 's2', root: false };
const live = new Set<AgentHandle>([root, child]);
const single: QuestionItem = { id: 'q1', question: 'Pick', options: [{ label: 'A' }, { label: 'B' }] };
const multi: QuestionItem = { id: 'q2', question: 'Pick many', options: [{ label: 'X' }, { label: 'Y' }], multiSelect: true };

function web() {
  const frames: { payload: { type: string; [key: string]: unknown }; rpcId: string | undefined }[] = [];
  let n = 0;
  const provider = createWebQuestionProvider({ newId: () => `q-${++n}`, send: (payload, rpcId) => void frames.push({ payload, rpcId }) });
  const service = createUserQuestionService((agent) => live.has(agent));
  service.registerProvider(provider);
  return { provider, service, frames };
}

const answer = (rpcId: string, value: unknown) => ({ type: 'client-response', rpcId, result: { ok: true, value } });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof UserQuestionError ? error.code : `other: ${String(error)}`;
  }
}

describe('user questions', () => {
  const aborted = (() => {
    const c = new AbortController();
    c.abort();
    return c.signal;
  })();
  it.each([
    { name: 'an aborted signal', request: { questions: [single], agent: root, signal: aborted }, code: 'ASK_ABORTED' },
    { name: 'no questions', request: { questions: [], agent: root }, code: 'EMPTY_QUESTIONS' },
    { name: 'a stale agent object with a live id', request: { questions: [single], agent: { ...root } }, code: 'CALLER_NOT_LIVE' },
    { name: 'a live child', request: { questions: [single], agent: child }, code: 'DELEGATED_CALLER' },
    {
      name: 'an intent approving no offered label',
      request: { questions: [{ ...single, detail: 'd', intent: { kind: 'plan-review', approve: 'Approve' } }], agent: root },
      code: 'BAD_INTENT',
    },
    {
      name: 'an intent without detail',
      request: { questions: [{ ...single, intent: { kind: 'plan-review', approve: 'A' } }], agent: root },
      code: 'BAD_INTENT',
    },
  ])('refuses $name before any provider (docs/upstream-spec.md §3.2, §6 item 105)', async ({ request, code }) => {
    const { service, frames } = web();
    expect(await codeOf(service.ask(request as never))).toBe(code);
    expect(frames).toEqual([]);
  });

  it('uses the exact delegated-caller message', async () => {
    const { service } = web();
    await expect(service.ask({ questions: [single], agent: child })).rejects.toThrow(DELEGATED_CALLER_MESSAGE);
  });

  it('answers NO_PROVIDER without a provider and refuses a second provider; the disposer is idempotent', async () => {
    const service = createUserQuestionService(() => true);
    expect(await codeOf(service.ask({ questions: [single], agent: root }))).toBe('NO_PROVIDER');
    const dispose = service.registerProvider({ ask: async () => ({ answers: [] }) });
    expect(() => service.registerProvider({ ask: async () => ({ answers: [] }) })).toThrow(/already registered/);
    dispose();
    dispose();
    expect(() => service.registerProvider({ ask: async () => ({ answers: [] }) })).not.toThrow();
  });

  it('pushes question/requested with the question id as frame rpcId and resolves on a valid answer', async () => {
    const { service, provider, frames } = web();
    const asked = service.ask({ questions: [single], agent: root });
    expect(frames).toEqual([{ payload: { type: 'question/requested', sessionId: 's1', questions: [single] }, rpcId: 'q-1' }]);
    expect(provider.pending()).toEqual([{ rpcId: 'q-1', sessionId: 's1', questions: [single] }]);
    expect(provider.respond(answer('q-1', { sessionId: 's1', answer: { answers: [{ id: 'q1', selected: ['A'] }] } }))).toEqual({ accepted: true });
    await expect(asked).resolves.toEqual({ answers: [{ id: 'q1', selected: ['A'] }] });
    expect(frames[1]?.payload).toEqual({ type: 'question/resolved', sessionId: 's1', questionRpcId: 'q-1', outcome: 'answered' });
    expect(provider.respond(answer('q-1', { sessionId: 's1', answer: { answers: [{ id: 'q1', selected: ['A'] }] } }))).toEqual({
      accepted: false,
      reason: 'not-pending',
      message: 'rpcId: "q-1" names no pending question (never asked, or already answered or cancelled)',
    });
  });

  it.each([
    {
      name: 'a different sessionId',
      message: 'result.value.sessionId: "s9" is not the session of question "q-1"',
      value: {
        sessionId: 's9',
        answer: {
          answers: [
            { id: 'q1', selected: ['A'] },
            { id: 'q2', selected: [] },
          ],
        },
      },
    },
    {
      name: 'a missing item',
      message: 'answers: expected 2 item(s), one per question, got 1',
      value: { sessionId: 's1', answer: { answers: [{ id: 'q1', selected: ['A'] }] } },
    },
    {
      name: 'ids out of order',
      message: 'answers[0].id: "q2" is not the id of question 0, expected "q1"',
      value: {
        sessionId: 's1',
        answer: {
          answers: [
            { id: 'q2', selected: [] },
            { id: 'q1', selected: ['A'] },
          ],
        },
      },
    },
    {
      name: 'a label not offered',
      message: 'answers[0].selected[0]: "Z" is not an option of item "q1"',
      value: {
        sessionId: 's1',
        answer: {
          answers: [
            { id: 'q1', selected: ['Z'] },
            { id: 'q2', selected: [] },
          ],
        },
      },
    },
    {
      name: 'a duplicate label',
      message: 'answers[1].selected[1]: "X" repeats a label of item "q2"',
      value: {
        sessionId: 's1',
        answer: {
          answers: [
            { id: 'q1', selected: ['A'] },
            { id: 'q2', selected: ['X', 'X'] },
          ],
        },
      },
    },
    {
      name: 'blank custom text',
      message: 'answers[0].custom: blank custom text on item "q1" (leave it out, or say something)',
      value: {
        sessionId: 's1',
        answer: {
          answers: [
            { id: 'q1', selected: [], custom: '  ' },
            { id: 'q2', selected: [] },
          ],
        },
      },
    },
    {
      name: 'two labels on single-select',
      message: 'answers[0].selected: 2 labels on item "q1", a single-select question (at most one)',
      value: {
        sessionId: 's1',
        answer: {
          answers: [
            { id: 'q1', selected: ['A', 'B'] },
            { id: 'q2', selected: [] },
          ],
        },
      },
    },
    {
      name: 'custom plus a label on single-select',
      message: 'answers[0].custom: item "q1" combines custom text with a label on a single-select question (one or the other)',
      value: {
        sessionId: 's1',
        answer: {
          answers: [
            { id: 'q1', selected: ['A'], custom: 'c' },
            { id: 'q2', selected: [] },
          ],
        },
      },
    },
    { name: 'no answer', message: 'answer: Invalid input: expected object, received undefined', value: { sessionId: 's1' } },
  ])(
    'rejects $name as bad-response with a message naming the field, and keeps the question pending (docs/upstream-spec.md §3.3)',
    async ({ value, message }) => {
      const { service, provider } = web();
      void service.ask({ questions: [single, multi], agent: root });
      expect(provider.respond(answer('q-1', value))).toEqual({ accepted: false, reason: 'bad-response', message });
      expect(provider.pending()).toHaveLength(1);
    },
  );

  it('accepts custom text with labels on multi-select (E3)', async () => {
    const { service, provider } = web();
    const asked = service.ask({ questions: [multi], agent: root });
    expect(provider.respond(answer('q-1', { sessionId: 's1', answer: { answers: [{ id: 'q2', selected: ['X', 'Y'], custom: 'both' }] } }))).toEqual({
      accepted: true,
    });
    await expect(asked).resolves.toEqual({ answers: [{ id: 'q2', selected: ['X', 'Y'], custom: 'both' }] });
  });

  it.each([
    {
      body: { type: 'client-response', rpcId: 'nope', result: { ok: true, value: {} } },
      receipt: { accepted: false, reason: 'not-pending', message: 'rpcId: "nope" names no pending question (never asked, or already answered or cancelled)' },
    },
    { body: 'garbage', receipt: { accepted: false, reason: 'not-pending', message: 'rpcId: missing (the rpcId of the question/requested frame)' } },
    {
      body: { type: 'client-response', rpcId: 'q-1' },
      receipt: { accepted: false, reason: 'bad-response', message: expect.stringMatching(/^invalid response: result: /) },
    },
    {
      body: { type: 'client-response', rpcId: 'q-1', result: { ok: false, error: { code: 'internal', message: 'x' } } },
      receipt: { accepted: false, reason: 'bad-response', message: 'result.error.code: "internal" is not "cancelled", the only error an answer may carry' },
    },
    {
      body: { type: 'client-response', rpcId: 'q-1', result: { ok: true, value: 'Approve' } },
      receipt: { accepted: false, reason: 'bad-response', message: 'result.value: expected {sessionId, answer}' },
    },
  ])('answers $receipt.reason for body $body', ({ body, receipt }) => {
    const { service, provider } = web();
    void service.ask({ questions: [single], agent: root });
    expect(provider.respond(body)).toEqual(receipt);
  });

  it('maps a cancelled error response to ASK_CANCELLED and resolves the question as cancelled', async () => {
    const { service, provider, frames } = web();
    const asked = service.ask({ questions: [single], agent: root });
    const receipt = provider.respond({
      type: 'client-response',
      rpcId: 'q-1',
      result: { ok: false, error: { code: 'cancelled', message: 'user closed this request', details: {} } },
    });
    expect(receipt).toEqual({ accepted: true });
    expect(await codeOf(asked)).toBe('ASK_CANCELLED');
    expect(frames.at(-1)?.payload).toMatchObject({ type: 'question/resolved', outcome: 'cancelled' });
  });

  it('rejects with ASK_ABORTED and broadcasts cancelled when the signal aborts', async () => {
    const { service, provider, frames } = web();
    const controller = new AbortController();
    const asked = service.ask({ questions: [single], agent: root, signal: controller.signal });
    controller.abort();
    expect(await codeOf(asked)).toBe('ASK_ABORTED');
    expect(frames.at(-1)?.payload).toEqual({ type: 'question/resolved', sessionId: 's1', questionRpcId: 'q-1', outcome: 'cancelled' });
    expect(provider.pending()).toEqual([]);
  });

  it('needs an agent in the web provider (ASK_MISSING_AGENT)', async () => {
    const { service } = web();
    expect(await codeOf(service.ask({ questions: [single] }))).toBe('ASK_MISSING_AGENT');
  });
});
