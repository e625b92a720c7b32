import { describe, expect, it, vi } from 'vitest';
import { fakeConnect } from '../../testing/fake-downlink.ts';
import type { DownlinkHandlers } from '../lib/downlink.ts';
import { callMethod } from '../lib/api-client.ts';
import { parseMuxFrame } from '../lib/downlink.ts';
import { EVENT_SHAPES, NON_OBJECT_DATA } from '../../fixtures/trust/event-shapes.ts';
import { applyHistoryPage, initialStreamState } from './reducers.ts';
import { createSessionStreamStore, HISTORY_PAGE_MESSAGES, LOAD_ALL_PAGE_MESSAGES, type FetchedHistoryPage, type SessionStreamStore } from './store.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** History entries of plain events with seqs `from..to`. */
const ev = (from: number, to: number) => range(from, to).map((seq) => ({ event: { type: 'step/start', seq, data: { turn: 1, step: seq } } }));
const seqs = (store: SessionStreamStore, id: string) => store.getState().sessions[id]?.events.map((e) => e.seq) ?? [];
/** The downlink double's first connection: the mux socket opens, then both are up. */
function connectFirst(box: { handlers?: DownlinkHandlers }) {
  box.handlers!.onConnectionState?.('connected');
  box.handlers!.onMuxOpen?.(false);
  box.handlers!.onReconnected?.(false);
}

/** Wait until `check` holds; the bound only ends a stuck test (it is no speed check). */
const until = async (check: () => boolean, ms = 30_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

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

  it('pulls the tail page of a session opened before the first connection at once, not again with the connection', async () => {
    const fetchHistory = vi.fn(async (): Promise<FetchedHistoryPage> => ({ events: ev(5, 9), hasMore: true, projections: { asOfSeq: 9, values: {} } }));
    const { box, connect } = fakeConnect();
    const store = createSessionStreamStore({ fetchHistory, connect });
    store.start();
    store.openSession('s');
    await until(() => store.getState().sessions.s?.loaded === true);
    expect(fetchHistory).toHaveBeenCalledTimes(1);
    connectFirst(box);
    box.handlers!.onMuxFrame({ type: 'session/subscribed', sessionId: 's', lastSeq: 9 }, 'sub');
    store.openSession('s');
    await new Promise((r) => setTimeout(r, 0));
    expect(fetchHistory.mock.calls).toEqual([['s', undefined, HISTORY_PAGE_MESSAGES]]);
    expect(store.getState().sessions.s).toMatchObject({ olderBefore: 5, loadingOlder: false });
  });

  it.each([
    ['after the early page landed', false],
    ['while the early page is on its way', true],
  ])('pulls the tail again when the first subscription is beyond the early page (%s), and sees every event', async (_when, early) => {
    // The host's log: events 0..9 when the early page is served, 10..12 appended before the mux subscribes.
    let hostLast = 9;
    const served: ((page: FetchedHistoryPage) => void)[] = [];
    const fetchHistory = vi.fn(
      (): Promise<FetchedHistoryPage> =>
        new Promise((resolve) => {
          const last = hostLast;
          served.push(() => resolve({ events: ev(Math.max(0, last - 9), last), hasMore: last > 9, projections: { asOfSeq: last, values: {} } }));
        }),
    );
    const { box, connect } = fakeConnect();
    const store = createSessionStreamStore({ fetchHistory, connect });
    store.start();
    store.openSession('s');
    await until(() => served.length === 1);
    if (!early) {
      served[0]!({} as FetchedHistoryPage);
      await until(() => store.getState().sessions.s?.loaded === true);
    }
    hostLast = 12;
    connectFirst(box);
    box.handlers!.onMuxFrame({ type: 'session/subscribed', sessionId: 's', lastSeq: 12 }, 'sub');
    box.handlers!.onMuxFrame({ type: 'session/event', sessionId: 's', event: { type: 'step/start', seq: 13, data: { turn: 1, step: 13 } } } as never, 'live');
    if (early) served[0]!({} as FetchedHistoryPage);
    await until(() => served.length === 2);
    served[1]!({} as FetchedHistoryPage);
    await until(() => seqs(store, 's').includes(12));
    expect(seqs(store, 's')).toEqual(range(0, 13));
    expect(fetchHistory).toHaveBeenCalledTimes(2);
  });

  it('pulls the tail page at once for a session opened on a live connection, and only once', async () => {
    const fetchHistory = vi.fn(async (): Promise<FetchedHistoryPage> => ({ events: ev(0, 3), hasMore: false, projections: { asOfSeq: 3, values: {} } }));
    const { box, connect } = fakeConnect();
    const store = createSessionStreamStore({ fetchHistory, connect });
    store.start();
    connectFirst(box);
    store.openSession('s');
    store.openSession('s');
    await until(() => store.getState().sessions.s?.loaded === true);
    expect(fetchHistory).toHaveBeenCalledTimes(1);
    expect(store.getState().sessions.s!.olderBefore).toBeUndefined();
  });

  it('pulls older pages on demand, one at a time, until the start of the log', async () => {
    const log = ev(0, 29);
    const fetchHistory = vi.fn(async (_id: string, before: number | undefined): Promise<FetchedHistoryPage> => {
      const end = before ?? 30;
      const start = Math.max(0, end - 10);
      return { events: log.slice(start, end), hasMore: start > 0, ...(before === undefined ? { projections: { asOfSeq: 29, values: {} } } : {}) };
    });
    const store = createSessionStreamStore({ fetchHistory, connect: fakeConnect().connect });
    await store.refreshSession('s');
    expect(seqs(store, 's')).toEqual(range(20, 29));
    const first = store.loadOlder('s');
    expect(store.getState().sessions.s!.loadingOlder).toBe(true);
    await Promise.all([first, store.loadOlder('s')]);
    expect(fetchHistory.mock.calls.map((c) => c[1])).toEqual([undefined, 20]);
    expect(seqs(store, 's')).toEqual(range(10, 29));
    await store.loadOlder('s');
    await store.loadOlder('s');
    expect(fetchHistory.mock.calls.map((c) => c[1])).toEqual([undefined, 20, 10]);
    expect(seqs(store, 's')).toEqual(range(0, 29));
    expect(store.getState().sessions.s).toMatchObject({ olderBefore: undefined, loadingOlder: false });
  });

  it('loads everything older in large pages for "Load all", and stops at a failed page', async () => {
    const log = ev(0, 29);
    let fail = false;
    const fetchHistory = vi.fn(async (_id: string, before: number | undefined, max: number | undefined): Promise<FetchedHistoryPage> => {
      if (before === undefined) return { events: log.slice(25), hasMore: true, projections: { asOfSeq: 29, values: {} } };
      if (fail) throw new Error('gone');
      expect(max).toBe(LOAD_ALL_PAGE_MESSAGES);
      return { events: log.slice(Math.max(0, before - 10), before), hasMore: before > 10 };
    });
    const store = createSessionStreamStore({ fetchHistory, connect: fakeConnect().connect });
    await store.refreshSession('s');
    await store.loadAll('s');
    expect(fetchHistory.mock.calls.map((c) => c[1])).toEqual([undefined, 25, 15, 5]);
    expect(seqs(store, 's')).toEqual(range(0, 29));
    expect(store.getState().sessions.s!.olderBefore).toBeUndefined();
    const other = createSessionStreamStore({ fetchHistory, connect: fakeConnect().connect });
    await other.refreshSession('t');
    fail = true;
    await other.loadAll('t');
    expect(other.getState().sessions.t).toMatchObject({ olderBefore: 25, loadingOlder: false });
  });

  it('merges the tail page of a reconnect by seq, keeping the older pages it holds', async () => {
    let tail = { from: 10, to: 19 };
    const fetchHistory = vi.fn(async (_id: string, before: number | undefined): Promise<FetchedHistoryPage> =>
      before === undefined
        ? { events: ev(tail.from, tail.to), hasMore: true, projections: { asOfSeq: tail.to, values: {} } }
        : { events: ev(Math.max(0, before - 10), before - 1), hasMore: before > 10 },
    );
    const { box, connect } = fakeConnect();
    const store = createSessionStreamStore({ fetchHistory, connect });
    store.start();
    connectFirst(box);
    store.openSession('s');
    await until(() => store.getState().sessions.s?.loaded === true);
    await store.loadOlder('s');
    tail = { from: 14, to: 23 };
    fetchHistory.mockClear();
    box.handlers!.onMuxOpen?.(true);
    box.handlers!.onReconnected?.(true);
    await until(() => seqs(store, 's').length === 24);
    expect(fetchHistory.mock.calls).toEqual([['s', undefined, HISTORY_PAGE_MESSAGES]]);
    expect(seqs(store, 's')).toEqual(range(0, 23));
    expect(store.getState().sessions.s!.olderBefore).toBeUndefined();
  });

  it('fills the gap a long disconnect left between what it holds and the new tail page', async () => {
    let tail = { from: 0, to: 9 };
    const fetchHistory = vi.fn(async (_id: string, before: number | undefined): Promise<FetchedHistoryPage> =>
      before === undefined
        ? { events: ev(tail.from, tail.to), hasMore: tail.from > 0, projections: { asOfSeq: tail.to, values: {} } }
        : { events: ev(Math.max(0, before - 10), before - 1), hasMore: before > 10 },
    );
    const store = createSessionStreamStore({ fetchHistory, connect: fakeConnect().connect });
    await store.refreshSession('s');
    tail = { from: 40, to: 49 };
    fetchHistory.mockClear();
    await store.refreshSession('s');
    expect(fetchHistory.mock.calls.map((c) => c[1])).toEqual([undefined, 40, 30, 20]);
    expect(seqs(store, 's')).toEqual(range(0, 49));
  });

  it("keeps a session's transcript fold while other sessions change, and extends it as events arrive", async () => {
    const fetchHistory = async (id: string): Promise<FetchedHistoryPage> => ({
      events: [{ event: { type: 'user/message', seq: 0, data: { content: [{ type: 'text', text: `hello ${id}` }], source: { kind: 'user' } } } }],
      hasMore: false,
      projections: { asOfSeq: 0, values: {} },
    });
    const store = createSessionStreamStore({ fetchHistory, connect: fakeConnect().connect });
    await store.refreshSession('a');
    await store.refreshSession('b');
    const a = store.transcriptOf('a');
    expect(a.items.map((i) => i.kind)).toEqual(['user']);
    store.applyMux({ type: 'session/event', sessionId: 'b', event: { type: 'turn/start', seq: 1, data: { turn: 1 } } }, 'r');
    expect(store.transcriptOf('a')).toBe(a);
    expect(store.transcriptOf('b').openTurn).toBe(1);
    store.applyMux({ type: 'session/event', sessionId: 'a', event: { type: 'plan/mode', seq: 1, data: { active: true } } }, 'r');
    const next = store.transcriptOf('a');
    expect(next.items.map((i) => i.kind)).toEqual(['user', 'plan-mode']);
    expect(next.items[0]).toBe(a.items[0]);
  });

  it('with scheduleBurst, tells a burst of event frames once, and a question frame after them at once with every event in', () => {
    const scheduled: Array<() => void> = [];
    const store = createSessionStreamStore({ connect: fakeConnect().connect, scheduleBurst: (run) => scheduled.push(run) });
    const heard: number[] = [];
    store.subscribe(() => heard.push(store.getState().sessions.a?.events.length ?? 0));
    for (let seq = 0; seq < 50; seq += 1)
      store.applyMux({ type: 'session/event', sessionId: 'a', event: { type: 'turn/start', seq, data: { turn: seq } } }, 'r');
    store.applyMux({ type: 'session/projection', sessionId: 'a', key: 'todos', value: null, seq: 49 }, 'r');
    expect(heard).toEqual([]);
    expect(scheduled).toHaveLength(1);
    scheduled.shift()!();
    expect(heard).toEqual([50]);
    for (let seq = 50; seq < 60; seq += 1)
      store.applyMux({ type: 'session/event', sessionId: 'a', event: { type: 'turn/start', seq, data: { turn: seq } } }, 'r');
    store.applyMux({ type: 'question/requested', sessionId: 'a', questions: [{ id: 'q', question: 'Which?', options: [] }] }, 'q1');
    // Not held: told in the same call, the ten events before it included.
    expect(heard).toEqual([50, 60]);
    expect(store.getState().sessions.a?.questions.map((q) => q.rpcId)).toEqual(['q1']);
    // The burst's own task then finds nothing new to tell.
    for (const run of scheduled.splice(0)) run();
    expect(heard).toEqual([50, 60]);
  });

  it('with scheduleBurst, a read of the state applies the queued frames first', () => {
    const store = createSessionStreamStore({ connect: fakeConnect().connect, scheduleBurst: () => undefined });
    store.applyMux({ type: 'session/event', sessionId: 'a', event: { type: 'turn/start', seq: 0, data: { turn: 1 } } }, 'r');
    expect(store.getState().sessions.a?.events.map((e) => e.seq)).toEqual([0]);
    expect(store.transcriptOf('a').openTurn).toBe(1);
  });

  it('applies a big tail page in slices bounded by time, yielding between them, to the state of one whole apply', async () => {
    const events = Array.from({ length: 5000 }, (_, seq) => ({ event: { type: 'turn/start', seq: seq + 100, data: { turn: seq + 1 } } }));
    const page: FetchedHistoryPage = { events, hasMore: true, projections: { asOfSeq: 5099, values: { todos: null } } };
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const slices: number[] = [];
    let yields = 0;
    const store = createSessionStreamStore({
      connect: fakeConnect().connect,
      fetchHistory: async () => page,
      sliceMs: 8,
      yieldTask: async () => {
        yields += 1;
      },
    });
    let seen = 0;
    store.subscribe(() => {
      const slice = store.getState().sessions.a!;
      slices.push(slice.events.length - seen);
      seen = slice.events.length;
      // Every slice's state is loaded with the page's start, from the first slice on.
      expect(slice.loaded).toBe(true);
      expect(slice.olderBefore).toBe(100);
      clock += slices.at(-1)! / 50; // 50 events per ms: a 200-event slice takes 4 ms
    });
    try {
      await store.refreshSession('a');
    } finally {
      now.mockRestore();
    }
    expect(slices[0]).toBe(200);
    expect(Math.max(...slices)).toBe(400); // 8 ms at 50 events per ms
    expect(slices.reduce((a, b) => a + b, 0)).toBe(5000);
    expect(yields).toBe(slices.length - 1);
    const whole = applyHistoryPage(initialStreamState(), 'a', page).sessions.a!;
    const sliced = store.getState().sessions.a!;
    expect(sliced.events).toEqual(whole.events);
    expect(sliced.projections).toEqual(whole.projections);
    expect(sliced.olderBefore).toBe(whole.olderBefore);
  });

  it('refetches every open session on reconnect and drops questions the host did not re-send', async () => {
    const fetchHistory = vi.fn(async (_id: string, _before: number | undefined): Promise<FetchedHistoryPage> => ({
      events: [],
      hasMore: false,
      projections: { asOfSeq: -1, values: {} },
    }));
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

  it('drops, once the reopened socket re-sent what is pending, the questions of sessions not open that it did not re-send', () => {
    vi.useFakeTimers();
    try {
      const { box, connect } = fakeConnect();
      const store = createSessionStreamStore({ connect, fetchHistory: () => new Promise(() => undefined), greetingSettleMs: 500 });
      store.start();
      const h = box.handlers!;
      connectFirst(box);
      const ask = (sessionId: string, rpcId: string) => h.onMuxFrame({ type: 'question/requested', sessionId, questions: [{ id: 'q', question: '?' }] }, rpcId);
      ask('closed-a', 'answered-elsewhere');
      ask('closed-b', 'still-pending');
      h.onMuxFrame({ type: 'approval/requested', sessionId: 'closed-b', approvalId: 'ap', toolName: 'shell' }, 'A');
      h.onConnectionState?.('reconnecting');
      h.onMuxOpen?.(true);
      ask('closed-b', 'still-pending');
      vi.advanceTimersByTime(499);
      expect(store.getState().sessions['closed-a']!.questions).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(store.getState().sessions['closed-a']!.questions).toEqual([]);
      expect(store.getState().sessions['closed-b']!.questions.map((q) => q.rpcId)).toEqual(['still-pending']);
      expect(store.getState().sessions['closed-b']!.approvals).toEqual([]);
      store.stop();
    } finally {
      vi.useRealTimers();
    }
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

  it.each(
    EVENT_SHAPES.flatMap((shape) =>
      [...NON_OBJECT_DATA, ['wrong field types', shape.wrong] as const].map(([name, data]) => ({ type: shape.type, good: shape.good, name, data })),
    ),
  )('skips and counts a $type event with $name arriving as a mux text frame or in a baseline, and keeps the others', async ({ type, good, data }) => {
    const text = (seq: number, payload: unknown) =>
      JSON.stringify({
        type: 'server-request',
        rpcId: `r${seq}`,
        method: 'session/event',
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
  });
});
