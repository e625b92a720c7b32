import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MuxFrame } from '../core/protocol/frames.ts';
import { EVENT_SHAPES, NON_OBJECT_DATA, PROTOTYPE_TYPES } from '../../fixtures/trust/event-shapes.ts';
import { KNOWN_EVENT_TYPES } from '../core/log/schemas.ts';
import {
  applyFrames,
  applyHistoryPage,
  applyHostFrame,
  applyMuxFrame,
  applyMuxOpen,
  applyStalePrune,
  initialStreamState,
  mergeEvents,
  sliceOf,
  type LiveFrame,
  type StreamState,
} from './reducers.ts';

const S = 'session-a';
const ev = (seq: number, type = 'turn/start') => ({ type, seq, data: { turn: 1 } });
const eventFrame = (seq: number, type?: string): MuxFrame => ({ type: 'session/event', sessionId: S, event: ev(seq, type) });
const projection = (seq: number, value: unknown, key = 'plan'): MuxFrame => ({ type: 'session/projection', sessionId: S, key, value, seq });
const question = (id: string, text = 'Which?'): MuxFrame => ({ type: 'question/requested', sessionId: S, questions: [{ id, question: text }] });

function run(frames: Array<MuxFrame | [MuxFrame, string]>, state: StreamState = initialStreamState()): StreamState {
  return frames.reduce((s, f) => (Array.isArray(f) ? applyMuxFrame(s, f[0], f[1]) : applyMuxFrame(s, f, 'rpc')), state);
}

describe('session-stream reducers', () => {
  it('keeps events sorted by seq and drops duplicates', () => {
    const state = run([eventFrame(0), eventFrame(2), eventFrame(1), eventFrame(2), eventFrame(0)]);
    expect(state.sessions[S]!.events.map((e) => e.seq)).toEqual([0, 1, 2]);
  });

  it('returns the same state for a duplicate event', () => {
    const state = run([eventFrame(0), eventFrame(1)]);
    expect(applyMuxFrame(state, eventFrame(1), 'x')).toBe(state);
  });

  it('merges a history baseline with live events by seq', () => {
    const live = run([eventFrame(3), eventFrame(4)]);
    const merged = applyHistoryPage(live, S, { events: [0, 1, 2, 3].map((seq) => ({ event: ev(seq) })), projections: { asOfSeq: 3, values: {} } });
    expect(merged.sessions[S]!.events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(merged.sessions[S]!.loaded).toBe(true);
  });

  it('keeps tool views by seq from frames and baselines', () => {
    const view = { for: 'call' as const, view: { card: 'generic', title: 'Plan' } };
    const call = { type: 'tool/call', seq: 5, data: { turn: 1, step: 1, callId: 'c1', name: 'exit_plan_mode', arguments: '{}' } };
    const result = { type: 'tool/result', seq: 6, data: { turn: 1, step: 1, callId: 'c1', content: [] } };
    const state = applyMuxFrame(initialStreamState(), { type: 'session/event', sessionId: S, event: call, view }, 'r');
    const withBaseline = applyHistoryPage(state, S, { events: [{ event: result, view: { for: 'result', view: { card: 'generic' } } }] });
    expect(withBaseline.sessions[S]!.views[5]).toEqual(view);
    expect(withBaseline.sessions[S]!.views[6]?.for).toBe('result');
  });

  it.each([
    { name: 'a higher seq replaces', frames: [projection(3, 'a'), projection(4, 'b')], expected: { value: 'b', seq: 4 } },
    { name: 'a lower seq is ignored', frames: [projection(4, 'b'), projection(3, 'a')], expected: { value: 'b', seq: 4 } },
    { name: 'an equal seq is ignored', frames: [projection(4, 'b'), projection(4, 'c')], expected: { value: 'b', seq: 4 } },
  ])('applies projection frames by higher seq: $name', ({ frames, expected }) => {
    expect(run(frames).sessions[S]!.projections.plan).toEqual(expected);
  });

  it.each([
    { name: 'an older baseline never overwrites a newer frame', frameSeq: 9, asOfSeq: 5, expected: { value: 'frame', seq: 9 } },
    { name: 'a newer baseline replaces an older frame', frameSeq: 2, asOfSeq: 5, expected: { value: 'baseline', seq: 5 } },
  ])('applies baselines under higher-seq-wins: $name', ({ frameSeq, asOfSeq, expected }) => {
    const state = run([projection(frameSeq, 'frame')]);
    const next = applyHistoryPage(state, S, { events: [], projections: { asOfSeq, values: { plan: 'baseline' } } });
    expect(next.sessions[S]!.projections.plan).toEqual(expected);
  });

  it.each([
    { name: 'clears a key the baseline lacks when its seq is not newer', rowSeq: 4, asOfSeq: 5, kept: false },
    { name: 'clears a key at exactly asOfSeq', rowSeq: 5, asOfSeq: 5, kept: false },
    { name: 'keeps a key the baseline lacks when its seq is newer than asOfSeq', rowSeq: 7, asOfSeq: 5, kept: true },
  ])('$name', ({ rowSeq, asOfSeq, kept }) => {
    const state = run([projection(rowSeq, { active: true, pending: false }, 'title')]);
    const next = applyHistoryPage(state, S, { events: [], projections: { asOfSeq, values: { plan: { active: false, pending: false } } } });
    expect('title' in next.sessions[S]!.projections).toBe(kept);
    expect(next.sessions[S]!.projections.plan?.seq).toBe(asOfSeq);
  });

  it('drops projection rows newer than session/subscribed lastSeq', () => {
    const state = run([projection(3, 'old', 'plan'), projection(8, 'new', 'title')]);
    const next = applyMuxFrame(state, { type: 'session/subscribed', sessionId: S, lastSeq: 5 }, 'r');
    expect(Object.keys(next.sessions[S]!.projections)).toEqual(['plan']);
    expect(applyMuxFrame(next, { type: 'session/subscribed', sessionId: S, lastSeq: 5 }, 'r')).toBe(next);
  });

  it('adds a question and replaces it in place under the same rpcId', () => {
    const state = run([
      [question('q1', 'First?'), 'R1'],
      [question('q2', 'Second?'), 'R2'],
      [question('q1', 'First again?'), 'R1'],
    ]);
    const questions = state.sessions[S]!.questions;
    expect(questions.map((q) => q.rpcId)).toEqual(['R1', 'R2']);
    expect(questions[0]!.questions[0]!.question).toBe('First again?');
  });

  it('keeps tool-permission prompts by approvalId and removes them on approval/resolved', () => {
    const approval = (approvalId: string, toolName = 'shell'): MuxFrame => ({
      type: 'approval/requested',
      sessionId: S,
      approvalId,
      toolName,
      reason: 'writes a file',
    });
    const state = run([
      [approval('a1'), 'R1'],
      [approval('a2'), 'R2'],
      [approval('a1', 'write_file'), 'R1'],
    ]);
    expect(state.sessions[S]!.approvals.map((a) => [a.approvalId, a.toolName, a.reason])).toEqual([
      ['a1', 'write_file', 'writes a file'],
      ['a2', 'shell', 'writes a file'],
    ]);
    const next = applyMuxFrame(state, { type: 'approval/resolved', sessionId: S, approvalId: 'a1', outcome: 'allowed-once' }, 'x');
    expect(next.sessions[S]!.approvals.map((a) => a.approvalId)).toEqual(['a2']);
    expect(applyMuxFrame(next, { type: 'approval/resolved', sessionId: S, approvalId: 'a1', outcome: 'allowed-once' }, 'x')).toBe(next);
    expect(applyMuxFrame(next, { type: 'approval/resolved', sessionId: 'other', approvalId: 'a2', outcome: 'rejected' }, 'x')).toBe(next);
  });

  it('drops, after a reconnect, the questions and prompts of every session that were not sent again', () => {
    const other = 'session-b';
    let state = applyMuxOpen(initialStreamState());
    state = run(
      [
        [question('q1'), 'R1'],
        [{ type: 'question/requested', sessionId: other, questions: [{ id: 'q2', question: 'Still?' }] }, 'R2'],
        [{ type: 'approval/requested', sessionId: other, approvalId: 'a1', toolName: 'shell' }, 'A1'],
      ],
      state,
    );
    expect(applyStalePrune(state)).toBe(state);
    state = applyMuxOpen(state);
    state = run([[{ type: 'question/requested', sessionId: other, questions: [{ id: 'q2', question: 'Still?' }] }, 'R2']], state);
    const pruned = applyStalePrune(state);
    expect(pruned.sessions[S]!.questions).toEqual([]);
    expect(pruned.sessions[other]!.questions.map((q) => q.rpcId)).toEqual(['R2']);
    expect(pruned.sessions[other]!.approvals).toEqual([]);
  });

  it('removes a question on question/resolved', () => {
    const state = run([
      [question('q1'), 'R1'],
      [question('q2'), 'R2'],
    ]);
    const next = applyMuxFrame(state, { type: 'question/resolved', sessionId: S, questionRpcId: 'R1', outcome: 'answered' }, 'x');
    expect(next.sessions[S]!.questions.map((q) => q.rpcId)).toEqual(['R2']);
    expect(applyMuxFrame(next, { type: 'question/resolved', sessionId: S, questionRpcId: 'R1', outcome: 'answered' }, 'x')).toBe(next);
  });

  it('drops questions not re-sent since a reconnect when the next tail baseline arrives', () => {
    let state = applyMuxOpen(initialStreamState());
    state = run(
      [
        [question('q1'), 'STALE'],
        [question('q2'), 'KEPT'],
      ],
      state,
    );
    state = applyMuxOpen(state);
    state = run([[question('q2'), 'KEPT']], state);
    state = applyHistoryPage(state, S, { events: [], projections: { asOfSeq: -1, values: {} } });
    expect(state.sessions[S]!.questions.map((q) => q.rpcId)).toEqual(['KEPT']);
  });

  it('sets running from host/session-status and leaves other sessions untouched', () => {
    const state = run([eventFrame(0)]);
    const other = state.sessions[S];
    const next = applyHostFrame(state, { type: 'host/session-status', sessionId: 'session-b', running: true });
    expect(next.sessions['session-b']!.running).toBe(true);
    expect(next.sessions[S]).toBe(other);
    expect(applyHostFrame(next, { type: 'host/session-added', sessionId: 'session-c', blank: true })).toBe(next);
  });

  it('merges out-of-order batches without losing events', () => {
    const merged = mergeEvents([ev(1), ev(4)], [ev(3), ev(0), ev(4), ev(2)]);
    expect(merged.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
  });
});

const badEvents = EVENT_SHAPES.flatMap((shape) => [
  ...NON_OBJECT_DATA.map(([name, data]) => ({ type: shape.type, name, data })),
  { type: shape.type, name: 'wrong field types', data: shape.wrong },
]);

describe('session-stream reducers on events that cannot be shown', () => {
  it('covers every known kind', () => {
    expect(EVENT_SHAPES.map((shape) => shape.type)).toEqual(KNOWN_EVENT_TYPES);
  });

  it.each(badEvents)('skips a live $type event with $name, counts it once, and keeps the events around it', ({ type, data }) => {
    const good = EVENT_SHAPES.find((shape) => shape.type === type)!.good;
    const frame = (seq: number, payload: unknown): MuxFrame => ({ type: 'session/event', sessionId: S, event: { type, seq, data: payload } });
    const state = run([frame(0, good), frame(1, payload(data)), frame(2, good), frame(1, payload(data))]);
    expect(state.sessions[S]!.events.map((e) => [e.seq, e.data])).toEqual([
      [0, good],
      [2, good],
    ]);
    expect(state.sessions[S]!.unreadable).toEqual([1]);
  });

  it.each(badEvents)('skips a $type event with $name in a history baseline, and a re-sent baseline counts it once', ({ type, data }) => {
    const good = EVENT_SHAPES.find((shape) => shape.type === type)!.good;
    const page = {
      events: [{ event: { type, seq: 0, data: good } }, { event: { type, seq: 1, data: payload(data) } }, { event: { type, seq: 2, data: good } }],
      projections: { asOfSeq: 2, values: {} },
    };
    const once = applyHistoryPage(initialStreamState(), S, page);
    const twice = applyHistoryPage(once, S, page);
    expect(twice).toBe(once);
    expect(once.sessions[S]!.events.map((e) => e.seq)).toEqual([0, 2]);
    expect(once.sessions[S]!.unreadable).toEqual([1]);
    expect(once.sessions[S]!.loaded).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'user/message'],
    ['an event without a type', { seq: 3, data: {} }],
    ['an event with a negative seq', { type: 'a/b', seq: -1, data: {} }],
    ['an event with a fractional seq', { type: 'a/b', seq: 1.5, data: {} }],
  ])('skips %s that reached the reducer unvalidated', (_name, event) => {
    const state = applyMuxFrame(initialStreamState(), { type: 'session/event', sessionId: S, event } as unknown as MuxFrame, 'r');
    expect(sliceOf(state, S).events).toEqual([]);
    expect(sliceOf(state, S).unreadable).toHaveLength(1);
  });

  it.each(PROTOTYPE_TYPES)('treats a session id or projection key %s as a plain key, never a prototype member', (key) => {
    const frames: MuxFrame[] = [
      { type: 'session/event', sessionId: key, event: { type: key, seq: 0, data: null } },
      { type: 'session/projection', sessionId: key, key, value: 'v', seq: 0 },
      { type: 'session/subscribed', sessionId: key, lastSeq: 5 },
      { type: 'question/resolved', sessionId: key, questionRpcId: key, outcome: 'answered' },
    ];
    const state = run(frames);
    expect(sliceOf(state, key).events.map((e) => e.type)).toEqual([key]);
    expect(Object.hasOwn(sliceOf(state, key).projections, key)).toBe(true);
    const baseline = applyHistoryPage(state, key, { events: [], projections: { asOfSeq: 0, values: { plan: { active: true, pending: false } } } });
    expect(Object.hasOwn(sliceOf(baseline, key).projections, key)).toBe(false);
    expect(sliceOf(initialStreamState(), key).events).toEqual([]);
  });
});

/** A fresh copy, so a test never shares a payload object between two frames. */
function payload(data: unknown): unknown {
  return structuredClone(data);
}

describe('applyFrames', () => {
  const sessions = ['session-a', 'session-b'];
  const frameArb: fc.Arbitrary<LiveFrame> = fc.oneof(
    fc
      .record({ sessionId: fc.constantFrom(...sessions), seq: fc.integer({ min: 0, max: 8 }), view: fc.boolean(), bad: fc.boolean(), tag: fc.nat(9) })
      .map(({ sessionId, seq, view, bad, tag }): LiveFrame => ({
        kind: 'mux',
        rpcId: 'r',
        frame: {
          type: 'session/event',
          sessionId,
          event: bad ? { type: 'turn/start', seq, data: 'not an object' } : ev(seq),
          ...(view ? { view: { kind: 'plain', title: `v${seq}`, summary: `${sessionId} ${seq} ${tag}` } } : {}),
        } as MuxFrame,
      })),
    fc
      .record({ sessionId: fc.constantFrom(...sessions), seq: fc.integer({ min: 0, max: 30 }), key: fc.constantFrom('plan', 'progress') })
      .map(({ sessionId, seq, key }): LiveFrame => ({ kind: 'mux', rpcId: 'r', frame: { type: 'session/projection', sessionId, key, value: { seq }, seq } })),
    fc.record({ sessionId: fc.constantFrom(...sessions), id: fc.constantFrom('q1', 'q2') }).map(({ sessionId, id }): LiveFrame => ({
      kind: 'mux',
      rpcId: id,
      frame: { type: 'question/requested', sessionId, questions: [{ id, question: 'Which?' }] },
    })),
    fc
      .record({ sessionId: fc.constantFrom(...sessions), running: fc.boolean() })
      .map(({ sessionId, running }): LiveFrame => ({ kind: 'host', frame: { type: 'host/session-status', sessionId, running } })),
  );

  it('equals applying each frame on its own, for any burst over any held state', () => {
    fc.assert(
      fc.property(fc.array(frameArb, { maxLength: 30, size: 'medium' }), fc.array(frameArb, { maxLength: 40, size: 'medium' }), (held, burst) => {
        const one = (state: StreamState, live: LiveFrame) =>
          live.kind === 'host' ? applyHostFrame(state, live.frame) : applyMuxFrame(state, live.frame, live.rpcId);
        const start = held.reduce(one, initialStreamState());
        expect(applyFrames(start, burst)).toEqual(burst.reduce(one, start));
        if (burst.reduce(one, start) === start) expect(applyFrames(start, burst)).toBe(start);
      }),
    );
  });
});
