import { describe, expect, it, vi } from 'vitest';
import type { DownlinkHandlers, Downlink } from '../../lib/downlink.ts';
import { callMethod } from '../../lib/api-client.ts';
import { parseMuxFrame } from '../../lib/downlink.ts';
import { EVENT_SHAPES, NON_OBJECT_DATA } from '../../../fixtures/trust/event-shapes.ts';
import { createSessionStreamStore, type FetchedHistoryPage } from './store.ts';

const until = async (check: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** A downlink double whose handlers the test calls directly. */
function fakeConnect() {
  const box: { handlers?: DownlinkHandlers } = {};
  const connect = (handlers: DownlinkHandlers): Downlink => {
    box.handlers = handlers;
    return { state: 'connecting', malformedCount: 0, close: () => undefined };
  };
  return { box, connect };
}

describe('session-stream store', () => {
  it('folds the live downlink and the history baseline of the mocked harness into one state', async () => {
    const store = createSessionStreamStore();
    store.start();
    await until(() => store.getConnectionState() === 'connected');
    const { sessionId } = await callMethod('session.create', {});
    store.openSession(sessionId);
    await until(() => store.getState().sessions[sessionId]?.loaded === true);
    await callMethod('commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
    await until(() => (store.getState().sessions[sessionId]?.projections.plan?.value as { active?: boolean } | undefined)?.active === true);
    const slice = store.getState().sessions[sessionId]!;
    expect(slice.events.map((e) => e.type)).toEqual(['command/run', 'plan/mode', 'command/done']);
    expect(slice.events.map((e) => e.seq)).toEqual([0, 1, 2]);
    await store.refreshSession(sessionId);
    expect(store.getState().sessions[sessionId]!.events).toHaveLength(3);
    expect(store.getState().sessions[sessionId]!.projections.plan).toEqual({ value: { active: true, pending: false }, seq: 2 });
    store.stop();
  });

  it('pulls earlier history pages until the log is complete', async () => {
    const pages: Record<string, FetchedHistoryPage> = {
      tail: { events: [{ event: { type: 'b', seq: 2, data: {} } }], hasMore: true, projections: { asOfSeq: 2, values: {} } },
      2: { events: [{ event: { type: 'a', seq: 1, data: {} } }], hasMore: true },
      1: { events: [{ event: { type: 'z', seq: 0, data: {} } }], hasMore: false },
    };
    const fetchHistory = vi.fn(async (_id: string, before: number | undefined) => pages[before === undefined ? 'tail' : String(before)]!);
    const store = createSessionStreamStore({ fetchHistory, connect: fakeConnect().connect });
    await store.refreshSession('s');
    expect(fetchHistory.mock.calls.map((c) => c[1])).toEqual([undefined, 2, 1]);
    expect(store.getState().sessions.s!.events.map((e) => e.seq)).toEqual([0, 1, 2]);
  });

  it('refetches every open session on reconnect and drops questions the host did not re-send', async () => {
    const fetchHistory = vi.fn(async (_id: string, _before: number | undefined): Promise<FetchedHistoryPage> => ({ events: [], hasMore: false, projections: { asOfSeq: -1, values: {} } }));
    const { box, connect } = fakeConnect();
    const onConnected = vi.fn();
    const store = createSessionStreamStore({ fetchHistory, connect, onConnected });
    store.start();
    const h = box.handlers!;
    h.onMuxOpen?.(false);
    h.onReconnected?.(false);
    store.openSession('s1');
    store.openSession('s2');
    await until(() => store.getState().sessions.s2?.loaded === true);
    const ask = (rpcId: string) => h.onMuxFrame({ type: 'question/requested', sessionId: 's1', questions: [{ id: 'q', question: '?' }] }, rpcId);
    ask('gone');
    ask('still-pending');
    fetchHistory.mockClear();
    h.onConnectionState?.('reconnecting');
    expect(store.getConnectionState()).toBe('reconnecting');
    h.onMuxOpen?.(true);
    ask('still-pending');
    h.onReconnected?.(true);
    await until(() => fetchHistory.mock.calls.length === 2);
    await until(() => store.getState().sessions.s1!.questions.length === 1);
    expect(fetchHistory.mock.calls.map((c) => c[0]).sort()).toEqual(['s1', 's2']);
    expect(store.getState().sessions.s1!.questions.map((q) => q.rpcId)).toEqual(['still-pending']);
    expect(onConnected).toHaveBeenLastCalledWith(true);
  });

  it('records a failed baseline as the session error and clears it on the next success', async () => {
    let fail = true;
    const fetchHistory = async (): Promise<FetchedHistoryPage> => {
      if (fail) throw new Error('host unreachable');
      return { events: [], hasMore: false, projections: { asOfSeq: -1, values: {} } };
    };
    const store = createSessionStreamStore({ fetchHistory, connect: fakeConnect().connect });
    await store.refreshSession('s');
    expect(store.getState().sessions.s!.error).toBe('host unreachable');
    fail = false;
    await store.refreshSession('s');
    expect(store.getState().sessions.s!).toMatchObject({ error: undefined, loaded: true });
  });

  it('notifies subscribers on change only', () => {
    const store = createSessionStreamStore({ connect: fakeConnect().connect, fetchHistory: async () => ({ events: [], hasMore: false }) });
    const listener = vi.fn();
    store.subscribe(listener);
    store.applyMux({ type: 'session/projection', sessionId: 's', key: 'plan', value: { active: true, pending: false }, seq: 4 }, 'r');
    store.applyMux({ type: 'session/projection', sessionId: 's', key: 'plan', value: { active: false, pending: false }, seq: 3 }, 'r');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it.each(EVENT_SHAPES.flatMap((shape) => [...NON_OBJECT_DATA, ['wrong field types', shape.wrong] as const].map(([name, data]) => ({ type: shape.type, good: shape.good, name, data }))))(
    'skips and counts a $type event with $name arriving as a mux text frame or in a baseline, and keeps the others',
    async ({ type, good, data }) => {
      const text = (seq: number, payload: unknown) =>
        JSON.stringify({
          type: 'server-request', rpcId: `r${seq}`, method: 'session/event',
          payload: { type: 'session/event', sessionId: 's', event: { type, seq, time: 1, data: payload } },
        });
      const fetchHistory = async (): Promise<FetchedHistoryPage> => ({
        events: [{ event: { type, seq: 0, data: good } }, { event: { type, seq: 1, data } }],
        hasMore: false,
        projections: { asOfSeq: 1, values: {} },
      });
      const { box, connect } = fakeConnect();
      const store = createSessionStreamStore({ fetchHistory, connect });
      store.start();
      for (const frame of [text(2, data), text(3, good)]) {
        const parsed = parseMuxFrame(frame);
        expect(parsed.kind).toBe('frame');
        if (parsed.kind === 'frame') box.handlers!.onMuxFrame(parsed.frame, parsed.rpcId);
      }
      await store.refreshSession('s');
      const slice = store.getState().sessions.s!;
      expect(slice.events.map((e) => e.seq)).toEqual([0, 3]);
      expect(slice.unreadable).toEqual([1, 2]);
    },
  );
});
