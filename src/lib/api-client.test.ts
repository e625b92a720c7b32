/**
 * The typed client: a host error is read from its envelope whatever the status, a carrier error stays
 * http-<status>, and request bodies: a large string (a 16 MB `session.import`) is serialised in slices, and
 * the body the host receives is exactly the JSON of the call, also with escapes and a surrogate pair across a slice
 * boundary.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { methods } from '../core/protocol/methods.ts';
import { sharedTextStats } from '../core/shared-text.ts';
import { ApiError, callMethod, respondToQuestion } from './api-client.ts';

afterEach(() => vi.restoreAllMocks());

/** Answer the next fetch with `status` and `body` (JSON when not a string). */
function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

it('reads the host error of an error envelope answered with 400 (ui-plan) as from a 200 (a dsh host)', async () => {
  for (const status of [200, 400]) {
    answer(status, {
      type: 'server-response',
      rpcId: 'r',
      result: { ok: false, error: { code: 'bad-request', message: 'sessionId: must be at most 128 characters' } },
    });
    const error = await callMethod('session.list', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'bad-request', message: 'sessionId: must be at most 128 characters' });
  }
});

it('reads a refused receipt answered with 404 or 400 as the receipt', async () => {
  answer(404, { accepted: false, reason: 'not-pending' });
  await expect(respondToQuestion('q1', 's1', 'cancelled')).resolves.toEqual({ accepted: false, reason: 'not-pending' });
  answer(400, { accepted: false, reason: 'bad-response', message: 'invalid response: rpcId: must be at most 128 characters' });
  await expect(respondToQuestion('q1', 's1', 'cancelled')).resolves.toMatchObject({ accepted: false, reason: 'bad-response' });
});

it('keeps a carrier error that is not an envelope as http-<status>', async () => {
  answer(415, 'content type must be application/json');
  await expect(callMethod('session.list', {})).rejects.toMatchObject({ code: 'http-415', message: 'content type must be application/json' });
  answer(400, '{"accepted":"maybe"}');
  await expect(callMethod('session.list', {})).rejects.toMatchObject({ code: 'http-400' });
});

/** Answer every fetch with `value` and keep the request bodies as text. */
function capture(value: unknown) {
  const bodies: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const text = await new Response(init?.body).text();
    bodies.push(text);
    const { rpcId } = JSON.parse(text) as { rpcId: string };
    return new Response(JSON.stringify({ type: 'server-response', rpcId, result: { ok: true, value } }), { headers: { 'content-type': 'application/json' } });
  });
  return bodies;
}

describe('request bodies', () => {
  it.each([
    ['quotes, backslashes, newlines and control characters', '{"type":"x","data":"a\\\\b"}\n\t\u0001'.repeat(60_000)],
    // Slices of 1 << 20 units: the emoji's halves straddle the first boundary and must still arrive as one character.
    ['a surrogate pair across a slice boundary', `${'x'.repeat((1 << 20) - 1)}😀${'y'.repeat(10)}`],
    ['text that looks like the slice marker', `\\u0000large-abc-0 ${'z'.repeat(1 << 20)}`],
  ])('sends a large string with %s exactly', async (_name, jsonl) => {
    const bodies = capture({ sessionId: 's', skipped: [] });
    await callMethod('session.import', { jsonl });
    expect(bodies).toHaveLength(1);
    const sent = JSON.parse(bodies[0]!) as { method: string; payload: { jsonl: string } };
    expect(sent.method).toBe('session.import');
    expect(sent.payload.jsonl === jsonl).toBe(true);
  });

  it('sends a small body as one JSON text', async () => {
    const bodies = capture({ accepted: true });
    await callMethod('session.prompt', { sessionId: 's', mode: 'queue', content: [{ type: 'text', text: 'hi "there"' }] });
    expect(JSON.parse(bodies[0]!)).toMatchObject({ method: 'session.prompt', payload: { content: [{ text: 'hi "there"' }] } });
  });
});

it('creates a draft session the host freed again under its id, and sends the call once more', async () => {
  const calls: { method: string; payload: unknown }[] = [];
  let freed = true;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const { rpcId, method, payload } = JSON.parse(await new Response(init?.body).text()) as { rpcId: string; method: string; payload: unknown };
    calls.push({ method, payload });
    const ok = (value: unknown) => new Response(JSON.stringify({ type: 'server-response', rpcId, result: { ok: true, value } }));
    if (method === 'session.create') return ok({ sessionId: (payload as { sessionId?: string }).sessionId ?? 'session-draft' });
    if (freed) {
      freed = false;
      const error = { code: 'session-not-found', message: 'session "session-draft" not found', details: { sessionId: 'session-draft' } };
      return new Response(JSON.stringify({ type: 'server-response', rpcId, result: { ok: false, error } }), { status: 404 });
    }
    return ok({ accepted: true });
  });
  const { sessionId } = await callMethod('session.create', { draft: true });
  const prompt = { sessionId, mode: 'queue' as const, content: [{ type: 'text' as const, text: 'after lunch' }] };
  await expect(callMethod('session.prompt', prompt)).resolves.toEqual({ accepted: true });
  expect(calls.map((c) => c.method)).toEqual(['session.create', 'session.prompt', 'session.create', 'session.prompt']);
  expect(calls[2]!.payload).toEqual({ sessionId: 'session-draft', draft: true });
  // A session this tab did not create as a draft is not created again: its absence is the answer.
  freed = true;
  await expect(callMethod('session.prompt', { ...prompt, sessionId: 'session-other' })).rejects.toMatchObject({ code: 'session-not-found' });
  expect(calls.map((c) => c.method).slice(4)).toEqual(['session.prompt']);
});

describe('large values', () => {
  /** A `session.history` page of `count` events, the event at `bad` (if any) with a negative seq. */
  const page = (count: number, bad?: number) => ({
    events: Array.from({ length: count }, (_, seq) => ({ event: { type: 'user/message', seq: seq === bad ? -1 : seq, data: { content: [] } } })),
    hasMore: true,
  });

  it('checks a large history page in slices: a task queued as the answer arrives runs before the value is returned', async () => {
    // Each clock read is 1 ms later: a slice ends after a few events.
    let time = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (time += 1));
    const value = page(3000);
    let ran = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const { rpcId } = JSON.parse(await new Response(init?.body).text()) as { rpcId: string };
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        ran = true;
      };
      channel.port2.postMessage(null);
      return new Response(JSON.stringify({ type: 'server-response', rpcId, result: { ok: true, value } }));
    });
    const answered = await callMethod('session.history', { sessionId: 's', maxMessages: 40 });
    expect(ran).toBe(true);
    expect(answered).toEqual(methods['session.history'].value.parse(value));
  });

  it('shares the large texts of a history page, in its events and beside them, as every large answer', async () => {
    const plan = `# Plan\n\n${'- a step of the plan\n'.repeat(400)}`;
    const entry = (seq: number) => ({ event: { type: 'tool/call', seq, data: { name: 'exit_plan_mode', arguments: plan } } });
    answer(200, {
      type: 'server-response',
      rpcId: 'r',
      result: { ok: true, value: { events: [entry(0), entry(1)], hasMore: false, projections: { asOfSeq: 1, values: { reviews: plan } } } },
    });
    const before = sharedTextStats.hits;
    await callMethod('session.history', { sessionId: 's' });
    // The first instance is kept (it may be known from before); the other two find it.
    expect(sharedTextStats.hits - before).toBeGreaterThanOrEqual(2);
  });

  it('names the field of a bad event of a large page as a one-pass check does', async () => {
    const value = page(3000, 2500);
    answer(200, { type: 'server-response', rpcId: 'r', result: { ok: true, value } });
    const error = (await callMethod('session.history', { sessionId: 's' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ code: 'bad-response', message: 'unexpected value for session.history' });
    const oneCheck = methods['session.history'].value.safeParse(value);
    expect(error.details?.issues).toEqual(oneCheck.error?.issues);
    expect(error.details?.issues).toMatchObject([{ path: ['events', 2500, 'event', 'seq'] }]);
  });
});
