/**
 * Request bodies (issue 9): a large string (a 16 MB `session.import`) is serialised in slices, and the body the
 * host receives is exactly the JSON of the call, also with escapes and a surrogate pair across a slice boundary.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callMethod } from './api-client.ts';

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

afterEach(() => {
  vi.restoreAllMocks();
});

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
