/**
 * The early tail read: the entry's request for the URL's session is the store's first tail page of that session (no
 * second request), a read for another session or page drops it, a failed early read is recorded and read afresh, and
 * the events appended between the early page and the subscription are merged by seq; whether the early page holds
 * events (the entry then loads the rows' chunk at once) is read without taking it.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { fakeConnect } from '../../testing/fake-downlink.ts';
import { earlyTailHasEvents, requestEarlyTail, takeEarlyTail, HISTORY_PAGE_MESSAGES } from '../lib/early-tail.ts';
import { createSessionStreamStore } from './store.ts';

afterEach(() => {
  takeEarlyTail('', undefined);
  vi.restoreAllMocks();
});

const step = (seq: number) => ({ event: { type: 'step/start', seq, data: { turn: 1, step: seq } } });
/** A `session.history` answer with events `from..to`. */
const page = (from: number, to: number) =>
  JSON.stringify({
    type: 'server-response',
    rpcId: 'r',
    result: {
      ok: true,
      value: { events: Array.from({ length: to - from + 1 }, (_, i) => step(from + i)), hasMore: from > 0, projections: { asOfSeq: to, values: {} } },
    },
  });

/** Answer every `session.history` POST with `pages` in turn; records each request's payload. */
function host(pages: (() => Response | Promise<Response>)[]) {
  const payloads: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    expect(String(input)).toBe('/api/session.history');
    const body = init?.body;
    const text = typeof body === 'string' ? body : new TextDecoder().decode(body as Uint8Array);
    payloads.push((JSON.parse(text) as { payload: unknown }).payload);
    const next = pages.shift();
    if (!next) throw new Error('more session.history requests than the test expects');
    return next();
  });
  return payloads;
}

const until = async (check: () => boolean) => {
  for (let i = 0; !check(); i += 1) {
    if (i > 5000) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 2));
  }
};

it('is the first tail page of the session it was sent for: one request, sent before the session opens', async () => {
  const payloads = host([() => new Response(page(0, 4))]);
  requestEarlyTail('s');
  expect(payloads).toEqual([{ sessionId: 's', maxMessages: HISTORY_PAGE_MESSAGES }]);
  const store = createSessionStreamStore({ connect: fakeConnect().connect });
  store.start();
  store.openSession('s');
  await until(() => store.getState().sessions.s?.loaded === true);
  expect(store.getState().sessions.s!.events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
  expect(payloads).toHaveLength(1);
  store.stop();
});

it('is dropped by a first read for another session or another page, so no read ever gets it late', async () => {
  host([() => new Response(page(0, 1))]);
  requestEarlyTail('s');
  expect(takeEarlyTail('other', HISTORY_PAGE_MESSAGES)).toBeUndefined();
  expect(takeEarlyTail('s', HISTORY_PAGE_MESSAGES)).toBeUndefined();
  requestEarlyTail('s');
  expect(takeEarlyTail('s', 1000)).toBeUndefined();
  expect(takeEarlyTail('s', HISTORY_PAGE_MESSAGES)).toBeUndefined();
});

it('when it fails, the session says so and the next read asks the host afresh', async () => {
  const payloads = host([() => Promise.reject(new TypeError('Failed to fetch')), () => new Response(page(0, 2))]);
  requestEarlyTail('s');
  const store = createSessionStreamStore({ connect: fakeConnect().connect });
  store.openSession('s');
  await until(() => store.getState().sessions.s?.error !== undefined);
  expect(store.getState().sessions.s!.error).toContain('Failed to fetch');
  await store.refreshSession('s');
  expect(store.getState().sessions.s!.events.map((e) => e.seq)).toEqual([0, 1, 2]);
  expect(payloads).toHaveLength(2);
});

it('misses nothing appended before the sockets subscribed: the tail is read again and merged by seq', async () => {
  // The host answered the early read with 0..4; 5..7 were appended before the mux subscribed at 7.
  const payloads = host([() => new Response(page(0, 4)), () => new Response(page(0, 7))]);
  requestEarlyTail('s');
  const { box, connect } = fakeConnect();
  const store = createSessionStreamStore({ connect });
  store.start();
  store.openSession('s');
  await until(() => store.getState().sessions.s?.loaded === true);
  box.handlers!.onConnectionState?.('connected');
  box.handlers!.onMuxOpen?.(false);
  box.handlers!.onReconnected?.(false);
  box.handlers!.onMuxFrame({ type: 'session/subscribed', sessionId: 's', lastSeq: 7 }, 'sub');
  await until(() => store.getState().sessions.s!.events.length === 8);
  expect(store.getState().sessions.s!.events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(payloads).toHaveLength(2);
  store.stop();
});

it('says whether the early page holds events, without taking it from the store', async () => {
  const payloads = host([() => new Response(page(0, 2))]);
  requestEarlyTail('s');
  expect(await earlyTailHasEvents()).toBe(true);
  // Still the store's: its first read of the session takes it, with no second request.
  const store = createSessionStreamStore({ connect: fakeConnect().connect });
  store.openSession('s');
  await until(() => store.getState().sessions.s?.loaded === true);
  expect(store.getState().sessions.s!.events.map((e) => e.seq)).toEqual([0, 1, 2]);
  expect(payloads).toHaveLength(1);
  store.stop();
});

it('says no events for an empty page, an error answer, a malformed answer, a failed read, and no early read', async () => {
  const empty = JSON.stringify({ type: 'server-response', rpcId: 'r', result: { ok: true, value: { events: [], hasMore: false } } });
  const refused = JSON.stringify({ type: 'server-response', rpcId: 'r', result: { ok: false, error: { code: 'session-not-found', message: 'no' } } });
  const cases: [string, () => Response | Promise<Response>][] = [
    ['empty', () => new Response(empty)],
    ['refused', () => new Response(refused, { status: 404 })],
    ['malformed', () => new Response(JSON.stringify({ result: { ok: true, value: { events: 'many' } } }))],
    ['not JSON', () => new Response('<html>')],
    ['network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ];
  host(cases.map(([, answer]) => answer));
  for (const [name] of cases) {
    requestEarlyTail('s');
    expect([name, await earlyTailHasEvents()]).toEqual([name, false]);
  }
  takeEarlyTail('s', HISTORY_PAGE_MESSAGES);
  expect(await earlyTailHasEvents()).toBe(false);
});
