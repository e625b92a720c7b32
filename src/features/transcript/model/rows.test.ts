import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../core/log/types.ts';
import { transcriptViewOf } from '../../../core/transcript/fold.ts';
import { shownRows, stepMatch, streamingLast, turnLineOf } from './rows.ts';

const user = (seq: number, text: string): SessionEvent => ({
  type: 'user/message',
  seq,
  data: { content: [{ type: 'text', text }], source: { kind: 'user' } },
});
const call: SessionEvent = { type: 'tool/call', seq: 1, data: { callId: 'c1', name: 'read_file', arguments: '{}' } };
const result: SessionEvent = {
  type: 'tool/result',
  seq: 2,
  data: {
    message: {
      source: { kind: 'tool', callId: 'c1' },
      content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'x' }], isError: false }],
      role: 'user',
    },
  },
};
const start = { type: 'turn/start', seq: 3, data: { turn: 1 } } as SessionEvent;

describe('shownRows', () => {
  it('leaves out a result whose call is on an older page, and keeps the same array when nothing is left out', () => {
    const orphaned = transcriptViewOf([result, user(3, 'next')]).items;
    expect(shownRows(orphaned, true).map((item) => item.kind)).toEqual(['user']);
    expect(shownRows(orphaned, false)).toBe(orphaned);
    const whole = transcriptViewOf([call, result]).items;
    expect(shownRows(whole, true)).toBe(whole);
  });
});

describe('turnLineOf', () => {
  const open = transcriptViewOf([user(0, 'go'), start]);
  const closed = transcriptViewOf([user(0, 'go')]);
  it.each([
    ['a review waits', open, 'review', false, 'waitingReview'],
    ['a question waits', open, 'answer', true, 'waitingAnswer'],
    ['a turn runs', open, undefined, false, 'running'],
    ['a read-only log ends in a turn', open, undefined, true, 'logEndsInTurn'],
    ['no turn is open', closed, undefined, false, undefined],
  ] as const)('says %s', (_case, view, waiting, ended, line) => {
    expect(turnLineOf(view, view.items, waiting, ended)).toBe(line);
  });

  it('says nothing while the last row streams its own "Writing…"', () => {
    const streaming = transcriptViewOf([
      user(0, 'go'),
      start,
      { type: 'assistant/chunk', seq: 4, data: { chunk: { type: 'text', text: 'Hel' } } } as SessionEvent,
    ]);
    expect(streamingLast(streaming.items)).toBe(streaming.items.at(-1)?.kind === 'assistant');
    if (streamingLast(streaming.items)) expect(turnLineOf(streaming, streaming.items, undefined, false)).toBeUndefined();
  });
});

describe('stepMatch', () => {
  it.each([
    [0, 3, 1, 1],
    [2, 3, 1, 0],
    [0, 3, -1, 2],
    [9, 3, -1, 1],
    [0, 0, 1, 0],
  ] as const)('from %i of %i by %i lands on %i', (at, count, step, next) => {
    expect(stepMatch(at, count, step)).toBe(next);
  });
});
