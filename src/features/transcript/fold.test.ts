import { describe, expect, it } from 'vitest';
import { readRecordingFixture, type RecordingName } from '../../../fixtures/paths.ts';
import { EVENT_SHAPES, NON_OBJECT_DATA, PROTOTYPE_TYPES } from '../../../fixtures/trust/event-shapes.ts';
import { parseSessionLog } from '../../core/log/reader.ts';
import type { SessionEvent } from '../../core/log/types.ts';
import { applyTranscriptEvent, foldTranscript, initTranscript, reviewOutcomeOf, type TranscriptItem } from './fold.ts';

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
    const before = state.items;
    applyTranscriptEvent(state, { type: 'assistant/message', seq: 4, data: { turn: 1, step: 1, message: { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] } } });
    expect(state.items).not.toBe(before);
    expect(state.items[0]).toEqual(expect.objectContaining({ streaming: false, blocks: [{ type: 'text', text: 'Hello!' }] }));
  });

  it('equals step-by-step application when folded whole', () => {
    const events = recording('plan-review');
    const stepwise = initTranscript();
    for (const e of events) applyTranscriptEvent(stepwise, e);
    expect(stepwise.items).toEqual(foldTranscript(events).items);
  });

  it.each([
    { text: 'Plan approved — plan mode exited.', isError: false, expected: { kind: 'approved' } },
    { text: 'Error: the user wants to keep planning; their feedback: add tests first', isError: true, expected: { kind: 'keep-planning', feedback: 'add tests first' } },
    { text: 'Error: the user wants to keep planning; revise the plan and present it again', isError: true, expected: { kind: 'keep-planning', feedback: undefined } },
    { text: 'Error: the user dismissed the plan review because they want to talk; stay in plan mode, stop now and wait', isError: true, expected: { kind: 'dismissed' } },
    { text: 'Error: exit_plan_mode is only available in plan mode', isError: true, expected: { kind: 'failed', text: 'Error: exit_plan_mode is only available in plan mode' } },
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
  const bad = EVENT_SHAPES.flatMap((shape) => [...NON_OBJECT_DATA, ['wrong field types', shape.wrong] as const].map(([name, data]) => ({ type: shape.type, name, data })));

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
    const chunk = (i: number, text: string): SessionEvent => ({ type: 'assistant/chunk', seq: i, data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: i === 1 ? index : 0, text } } });
    const { items } = foldTranscript([chunk(0, 'Hello'), chunk(1, 'never'), chunk(2, ' there')]);
    expect(items).toEqual([expect.objectContaining({ kind: 'assistant', blocks: [{ type: 'text', text: 'Hello there' }] })]);
  });
});
