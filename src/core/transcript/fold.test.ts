import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { longSessionLog } from '../../../fixtures/long-session.ts';
import { bigLog } from '../../../scripts/make-perf-fixtures.mjs';
import { fixturePath, readFixture, readRecordingFixture, RECORDING_NAMES, type RecordingName } from '../../../fixtures/paths.ts';
import { EVENT_SHAPES, NON_OBJECT_DATA, PROTOTYPE_TYPES } from '../../../fixtures/trust/event-shapes.ts';
import { parseSessionLog } from '../log/reader.ts';
import type { SessionEvent } from '../log/types.ts';
import { applyTranscriptEvent, createTranscriptFolder, foldTranscript, initTranscript, reviewOutcomeOf, type TranscriptItem } from './fold.ts';

const recording = (name: RecordingName) => parseSessionLog(readRecordingFixture(name)).events;

const kinds = (items: readonly TranscriptItem[]) => items.map((i) => i.kind);

describe('transcript fold', () => {
  it('folds the plan-review recording into command, plan flips, messages and the plan card', () => {
    const { items, openTurn } = foldTranscript(recording('plan-review'));
    expect(kinds(items)).toEqual(['command', 'plan-mode', 'user', 'assistant', 'tool', 'plan-mode', 'assistant', 'turn-end']);
    const command = items[0] as Extract<TranscriptItem, { kind: 'command' }>;
    expect(command.done).toEqual({ kind: 'success', text: 'Plan mode on. Use /plan off to leave.' });
    const tool = items[4] as Extract<TranscriptItem, { kind: 'tool' }>;
    expect(tool.name).toBe('exit_plan_mode');
    expect(reviewOutcomeOf(tool.result)).toEqual({ kind: 'approved' });
    const last = items[6] as Extract<TranscriptItem, { kind: 'assistant' }>;
    expect(last.blocks.filter((b) => b.type === 'text').map((b) => b.text)).toEqual(['DONE']);
    expect(last.streaming).toBe(false);
    expect(openTurn).toBeUndefined();
  });

  it('reads the bare content shapes of the question-composer recording', () => {
    const { items } = foldTranscript(recording('question-composer'));
    const tool = items.find((i): i is Extract<TranscriptItem, { kind: 'tool' }> => i.kind === 'tool');
    expect(tool?.name).toBe('ask_user_question');
    expect(JSON.parse(tool!.result!.text)).toEqual({ answers: [{ id: 'color', selected: ['Blue'], custom: 'Include accessibility notes' }] });
  });

  it('folds LIGHTHOUSE from the lifecycle-chrome recording with its reasoning', () => {
    const { items } = foldTranscript(recording('lifecycle-chrome'));
    const assistant = items.find((i): i is Extract<TranscriptItem, { kind: 'assistant' }> => i.kind === 'assistant');
    expect(assistant?.blocks).toEqual([
      { type: 'reasoning', text: 'The user wants me to reply with a single word. Let me comply.' },
      { type: 'text', text: 'LIGHTHOUSE' },
    ]);
  });

  it('shows streaming text as chunks arrive, then the final message replaces it', () => {
    const chunk = (seq: number, chunk: Record<string, unknown>): SessionEvent => ({ type: 'assistant/chunk', seq, data: { turn: 1, step: 1, chunk } });
    const state = initTranscript();
    applyTranscriptEvent(state, { type: 'turn/start', seq: 0, data: { turn: 1 } });
    applyTranscriptEvent(state, chunk(1, { type: 'block-start', index: 0, blockType: 'text' }));
    applyTranscriptEvent(state, chunk(2, { type: 'text-delta', index: 0, text: 'Hel' }));
    applyTranscriptEvent(state, chunk(3, { type: 'text-delta', index: 0, text: 'lo' }));
    expect(state.items).toEqual([expect.objectContaining({ kind: 'assistant', streaming: true, blocks: [{ type: 'text', text: 'Hello' }] })]);
    expect(state.openTurn).toBe(1);
    const before = state.items[0];
    applyTranscriptEvent(state, {
      type: 'assistant/message',
      seq: 4,
      data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] } },
    });
    expect(state.items[0]).not.toBe(before);
    expect(state.items[0]).toEqual(expect.objectContaining({ streaming: false, blocks: [{ type: 'text', text: 'Hello!' }] }));
  });

  it.each([
    { kind: 'cancelled', cut: 'cancelled' },
    { kind: 'error', cut: 'error' },
    { kind: 'completed', cut: undefined },
  ])('marks a step still streaming when its turn ends $kind as cut: $cut', ({ kind, cut }) => {
    const chunk = (seq: number, chunk: Record<string, unknown>): SessionEvent => ({ type: 'assistant/chunk', seq, data: { turn: 1, step: 1, chunk } });
    const state = initTranscript();
    applyTranscriptEvent(state, { type: 'turn/start', seq: 0, data: { turn: 1 } });
    applyTranscriptEvent(state, chunk(1, { type: 'block-start', index: 0, blockType: 'reasoning' }));
    applyTranscriptEvent(state, chunk(2, { type: 'reasoning-delta', index: 0, text: 'Half a tho' }));
    applyTranscriptEvent(state, { type: 'turn/end', seq: 3, data: { turn: 1, reason: { kind } } });
    const item = state.items[0] as Extract<TranscriptItem, { kind: 'assistant' }>;
    expect(item.streaming).toBe(false);
    expect(item.cut).toBe(cut);
  });

  it('never marks a step cut when its final message arrived before the turn was cancelled', () => {
    const state = initTranscript();
    applyTranscriptEvent(state, { type: 'turn/start', seq: 0, data: { turn: 1 } });
    applyTranscriptEvent(state, {
      type: 'assistant/message',
      seq: 1,
      data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'All of it.' }] } },
    });
    applyTranscriptEvent(state, { type: 'turn/end', seq: 2, data: { turn: 1, reason: { kind: 'cancelled' } } });
    expect(state.items[0]).not.toHaveProperty('cut');
  });

  it('equals step-by-step application when folded whole', () => {
    const events = recording('plan-review');
    const stepwise = initTranscript();
    for (const e of events) applyTranscriptEvent(stepwise, e);
    expect(stepwise.items).toEqual(foldTranscript(events).items);
  });

  it.each([
    { text: 'Plan approved — plan mode exited.', isError: false, expected: { kind: 'approved' } },
    {
      text: 'Error: the user wants to keep planning; their feedback: add tests first',
      isError: true,
      expected: { kind: 'keep-planning', feedback: 'add tests first' },
    },
    {
      text: 'Error: the user wants to keep planning; revise the plan and present it again',
      isError: true,
      expected: { kind: 'keep-planning', feedback: undefined },
    },
    {
      text: 'Error: the user dismissed the plan review because they want to talk; stay in plan mode, stop now and wait',
      isError: true,
      expected: { kind: 'dismissed' },
    },
    {
      text: 'Error: exit_plan_mode is only available in plan mode',
      isError: true,
      expected: { kind: 'failed', text: 'Error: exit_plan_mode is only available in plan mode' },
    },
  ])('reads the review outcome of "$text"', ({ text, isError, expected }) => {
    expect(reviewOutcomeOf({ text, isError, view: undefined })).toEqual(expected);
  });

  it.each([
    { name: 'session/title', type: 'session/title', data: { title: 'x' } },
    { name: 'request/header', type: 'request/header', data: { header: {}, reason: 'initial' } },
    { name: 'an unknown kind', type: 'permission/preset', data: { preset: 'x' } },
  ])('skips $name', ({ type, data }) => {
    expect(foldTranscript([{ type, seq: 0, data }]).items).toEqual([]);
  });
});

describe('transcript fold on unvalidated events', () => {
  const recorded = recording('plan-review');
  const bad = EVENT_SHAPES.flatMap((shape) =>
    [...NON_OBJECT_DATA, ['wrong field types', shape.wrong] as const].map(([name, data]) => ({ type: shape.type, name, data })),
  );

  it.each(bad)('never throws on a $type event with $name, and the recording around it folds as without it', ({ type, data }) => {
    const noisy: SessionEvent[] = [...recorded.slice(0, 5), { type, seq: 1000, data }, ...recorded.slice(5)];
    let folded: ReturnType<typeof foldTranscript> | undefined;
    expect(() => (folded = foldTranscript(noisy))).not.toThrow();
    const clean = foldTranscript(recorded).items.map((item) => item.key);
    const keys = folded!.items.map((item) => item.key).filter((key) => !key.includes('1000'));
    expect(keys).toEqual(clean);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a number', 7],
    ['an event without a type', { seq: 1, data: {} }],
    ...PROTOTYPE_TYPES.map((type): [string, unknown] => [`type ${type}`, { type, seq: 1, data: { turn: 1 } }]),
  ])('ignores %s', (_name, value) => {
    expect(foldTranscript([value as SessionEvent], { 1: { for: 'call', view: { card: 'generic' } } }).items).toEqual([]);
  });

  it.each([1e9, -1, 1.5, Number.MAX_SAFE_INTEGER])('ignores a streaming chunk addressed to block index %d', (index) => {
    const chunk = (i: number, text: string): SessionEvent => ({
      type: 'assistant/chunk',
      seq: i,
      data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: i === 1 ? index : 0, text } },
    });
    const { items } = foldTranscript([chunk(0, 'Hello'), chunk(1, 'never'), chunk(2, ' there')]);
    expect(items).toEqual([expect.objectContaining({ kind: 'assistant', blocks: [{ type: 'text', text: 'Hello there' }] })]);
  });
});

/** Every log the incremental fold is checked on: the recordings, the projection-random cases and generated logs. */
const LOGS: [string, SessionEvent[]][] = [
  ...RECORDING_NAMES.map((name): [string, SessionEvent[]] => [name, recording(name)]),
  ...readdirSync(fixturePath('projection-random'))
    .filter((name) => name.endsWith('.jsonl'))
    .map((name): [string, SessionEvent[]] => [name, parseSessionLog(readFixture('projection-random', name)).events]),
  ['a generated 2,000-event log', parseSessionLog(longSessionLog({ events: 2_000, seed: 1 })).events],
  ['a generated 600-event log', parseSessionLog(longSessionLog({ events: 600, seed: 2 })).events],
  ['a 3,000-event log of the browser bench shape', parseSessionLog(bigLog('fold', 'Fold', 'marker', 3_000, 4)).events],
];

/** A deterministic split of `n` events into batches of 1..7 (a live stream delivers one or a page at a time). */
function batchEnds(n: number): number[] {
  const ends: number[] = [];
  for (let end = 0, k = 0; end < n; k += 1) {
    end = Math.min(n, end + 1 + ((k * 5) % 7));
    ends.push(end);
  }
  return ends;
}

describe('incremental transcript folder', () => {
  it.each(LOGS)('equals the whole-log fold on %s when the events arrive one by one and in batches', (_name, events) => {
    const whole = foldTranscript(events);
    const oneByOne = createTranscriptFolder();
    let view = oneByOne.fold([], {});
    for (let i = 1; i <= events.length; i += 1) view = oneByOne.fold(events.slice(0, i), {});
    expect(view.items).toEqual(whole.items);
    expect(view.openTurn).toBe(whole.openTurn);
    const batched = createTranscriptFolder();
    for (const end of batchEnds(events.length)) view = batched.fold(events.slice(0, end), {});
    expect(view.items).toEqual(whole.items);
  });

  it.each(LOGS.filter(([, events]) => events.length > 20))('equals the whole-log fold on %s when older pages are prepended', (_name, events) => {
    const folder = createTranscriptFolder();
    const tail = events.slice(Math.floor(events.length / 2));
    folder.fold(tail, {});
    const view = folder.fold(events, {});
    expect(view.items).toEqual(foldTranscript(events).items);
  });

  it('returns the same view for the same array and keeps the published rows unchanged by later events', () => {
    const events = recording('plan-review');
    const folder = createTranscriptFolder();
    const first = folder.fold(events.slice(0, 20), {});
    const copy = [...first.items];
    expect(folder.fold(events.slice(0, 20), {})).toBe(first);
    const same = events.slice(0, 20);
    const view = folder.fold(same, {});
    expect(folder.fold(same, {})).toBe(view);
    folder.fold(events, {});
    expect(first.items).toEqual(copy);
  });

  it('keeps the rows array when new events change no row', () => {
    const events = recording('plan-review');
    const folder = createTranscriptFolder();
    const before = folder.fold(events, {});
    const after = folder.fold([...events, { type: 'session/title', seq: 1000, data: { title: 'x' } }], {});
    expect(after.items).toBe(before.items);
  });

  it('keeps the identity of the rows an appended event does not touch', () => {
    const events = recording('plan-review');
    const folder = createTranscriptFolder();
    const before = folder.fold(events.slice(0, -1), {});
    const after = folder.fold(events, {});
    expect(after.items).not.toBe(before.items);
    expect(after.items.slice(0, 4)).toEqual(before.items.slice(0, 4));
    after.items.slice(0, 4).forEach((item, i) => expect(item).toBe(before.items[i]));
  });

  it('appends every row of a 20,000-event log to one array instead of copying it per row', () => {
    const events = parseSessionLog(longSessionLog({ events: 20_000 })).events;
    const state = initTranscript();
    const items = state.items;
    for (const event of events) applyTranscriptEvent(state, event);
    expect(state.items).toBe(items);
    expect(state.items.length).toBeGreaterThan(3_000);
  });
});
