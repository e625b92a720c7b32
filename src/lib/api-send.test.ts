/**
 * The shared request-id maker: unique ids within a page, also outside a secure context where `crypto.randomUUID` is
 * missing; the early tail read and the typed client both use it and the shared body limit.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, requestBodyLimitOf } from '../core/protocol/methods.ts';
import { mintRpcId } from './api-send.ts';
import { requestEarlyTail, takeEarlyTail } from './early-tail.ts';
import { callMethod } from './api-client.ts';

afterEach(() => {
  takeEarlyTail('', undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Every rpcId the stubbed host was sent, in order. */
function recordRpcIds(): string[] {
  const ids: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = init?.body;
    const text = typeof body === 'string' ? body : new TextDecoder().decode(body as Uint8Array);
    const { rpcId } = JSON.parse(text) as { rpcId: string };
    ids.push(rpcId);
    return new Response(JSON.stringify({ type: 'server-response', rpcId, result: { ok: true, value: { events: [], hasMore: false } } }));
  });
  return ids;
}

it('mints distinct ids with crypto.randomUUID', () => {
  const ids = Array.from({ length: 200 }, () => mintRpcId());
  expect(new Set(ids).size).toBe(200);
});

it('mints distinct ids of at most 64 characters outside a secure context (no crypto.randomUUID)', () => {
  vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
  vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
  const ids = Array.from({ length: 200 }, () => mintRpcId());
  expect(new Set(ids).size).toBe(200);
  for (const id of ids) expect(id.length).toBeLessThanOrEqual(64);
});

it('gives the early tail read and the typed client ids from the same maker (never the same id twice)', async () => {
  vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
  vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  const ids = recordRpcIds();
  requestEarlyTail('s');
  await callMethod('session.history', { sessionId: 's', maxMessages: 10 });
  expect(ids).toHaveLength(2);
  // With the clock and Math.random fixed, only the shared page-wide counter tells the two apart.
  expect(ids[0]).not.toBe(ids[1]);
});

it('has one body limit for session.history, the 1 MiB of every unary path but the import', () => {
  expect(requestBodyLimitOf('session.history')).toBe(MAX_REQUEST_BODY_BYTES);
  expect(MAX_REQUEST_BODY_BYTES).toBe(1024 * 1024);
});
