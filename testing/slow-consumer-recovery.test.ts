/**
 * A page whose mux socket stops reading is closed by the server with 1013 once it is too far behind, and recovers
 * through its ordinary reconnect: the client's real session store and downlink (over Node's `ws`) reopen the
 * sockets, fetch the tail and merge by seq, and end with exactly the rows of a page that loaded the log afresh.
 * Loopback only; the server runs in-process with its send-buffer cap scaled down.
 */
import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createUiPlanServer } from '../server/http.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';
import type { SessionEvent } from '../src/core/log/types.ts';
import type { ToolView } from '../src/core/protocol/methods.ts';
import { createSessionStreamStore, type FetchedHistoryPage, type SessionStreamStore } from '../src/session/store.ts';
import { sliceOf } from '../src/session/reducers.ts';
import { connectDownlink, type WebSocketFactory } from '../src/lib/downlink.ts';
import type { ModelChunk } from '../harness/types.ts';
import { createTestHarness } from './harness-fixture.ts';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** Wait (bounded) until `check()` holds. */
async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('closes a mux socket that stopped reading with 1013, and the page reconnects to the same rows', async () => {
  // One turn streaming 300 chunks of 32 KiB: about 10 MB, past what the kernel buffers for a socket nobody reads.
  const flood = (): ModelChunk[] => [
    { type: 'block-start', index: 0, blockType: 'text' },
    ...Array.from({ length: 300 }, (_, i): ModelChunk => ({ type: 'text-delta', index: 0, text: String(i % 10).repeat(32 * 1024) })),
    { type: 'finish', reason: { kind: 'stop' } },
  ];
  const { host: harness } = createTestHarness([flood]);
  const warnings: string[] = [];
  const carrier = createUiPlanServer({
    harness,
    // The grace before a forced terminate is long: on a loaded machine the page may take many seconds to drain what
    // was queued, and only a drained socket reads the 1013 close frame (a terminate shows as 1006).
    limits: { wsSendBufferBytes: 64 * 1024, wsBehindMs: 300, wsCloseGraceMs: 90_000 },
    logger: { warn: (m) => void warnings.push(m), error: () => {} },
  });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => carrier.close());
  const url = `http://127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  const call = async (method: string, payload: unknown): Promise<{ value: never }> => {
    const res = await fetch(`${url}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(clientRequest(method, payload, `r-${method}`)),
    });
    return ((await res.json()) as { result: { value: never } }).result;
  };
  const fetchHistory = async (sessionId: string, beforeSeq: number | undefined, maxMessages: number | undefined): Promise<FetchedHistoryPage> => {
    const { value } = await call('session.history', {
      sessionId,
      ...(beforeSeq === undefined ? {} : { beforeSeq }),
      ...(maxMessages === undefined ? {} : { maxMessages }),
    });
    // As the page's own fetcher (src/session/store.ts) reads the answer.
    const page = value as FetchedHistoryPage & { events: { event: SessionEvent; view?: ToolView }[] };
    return {
      events: page.events.map((e) => ({ event: e.event, ...(e.view ? { view: e.view } : {}) })),
      hasMore: page.hasMore,
      ...(page.projections ? { projections: page.projections } : {}),
    };
  };

  // The page's sockets, over Node's `ws`, each recording how it closed.
  const sockets: WebSocket[] = [];
  const closeCodes: number[] = [];
  class RecordingWebSocket extends WebSocket {
    constructor(address: string) {
      super(address);
      sockets.push(this);
      this.once('close', (code) => void closeCodes.push(code));
    }
  }
  const storeOf = (): SessionStreamStore => {
    const store = createSessionStreamStore({
      fetchHistory,
      connect: (handlers) => connectDownlink(handlers, { baseUrl: url, WebSocket: RecordingWebSocket as unknown as WebSocketFactory, warn: () => {} }),
    });
    closers.push(() => store.stop());
    return store;
  };

  const { sessionId } = (await call('session.create', {})).value as { sessionId: string };
  const page = storeOf();
  page.start();
  page.openSession(sessionId);
  await waitUntil(() => page.getConnectionState() === 'connected' && sliceOf(page.getState(), sessionId).loaded, 10_000, 'the page connected');
  const mux = sockets.find((ws) => ws.url.endsWith('/api/events.mux')) as WebSocket;
  const tcp = (mux as unknown as { _socket: net.Socket })._socket;
  tcp.pause();

  await call('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'go' }] });
  await waitUntil(() => warnings.some((w) => w.includes('reads too slowly')), 15_000, 'the server closed the socket');
  let all = await fetchHistory(sessionId, undefined, undefined);
  for (let i = 0; i < 200 && !all.events.some((e) => e.event.type === 'turn/end'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    all = await fetchHistory(sessionId, undefined, undefined);
  }
  expect(all.events.at(-1)?.event.type).toBe('turn/end');
  // Reading again: the page gets what was queued, then the close (1013), reconnects, fetches the tail, merges by seq.
  tcp.resume();
  await waitUntil(() => closeCodes.includes(1013), 90_000, `the page saw 1013 (closes: ${closeCodes.join(', ')}; warnings: ${warnings.join(' | ')})`);
  await waitUntil(
    () => page.getConnectionState() === 'connected' && sliceOf(page.getState(), sessionId).events.length === all.events.length,
    15_000,
    'the page recovered every event',
  );

  const fresh = storeOf();
  fresh.start();
  fresh.openSession(sessionId);
  await waitUntil(() => sliceOf(fresh.getState(), sessionId).events.length === all.events.length, 10_000, 'a fresh page loaded');
  expect(sliceOf(page.getState(), sessionId).events).toEqual(all.events.map((e) => e.event));
  expect(page.transcriptOf(sessionId).items).toEqual(fresh.transcriptOf(sessionId).items);
}, 180_000);
