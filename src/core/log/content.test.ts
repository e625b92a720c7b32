/**
 * Tests of the content accessors over both recorded payload shapes (real dsh recordings and hand-made events).
 */
import { describe, expect, it } from 'vitest';
import { readRecordingFixture, type RecordingName } from '../../../fixtures/paths.ts';
import { assistantContentOf, toolResultOf, userTextOf } from './content.ts';
import { parseSessionLog } from './reader.ts';
import type { SessionEvent } from './types.ts';

const readRecording = (name: RecordingName) => parseSessionLog(readRecordingFixture(name)).events;
const event = (type: string, data: unknown): SessionEvent => ({ type, seq: 0, data });

describe('content accessors', () => {
  it('reads the nested assistant/message shape of the plan-review recording', () => {
    const messages = readRecording('plan-review').filter((e) => e.type === 'assistant/message');
    const first = assistantContentOf(messages[0] as SessionEvent);
    expect(first?.map((b) => b.type)).toEqual(['reasoning', 'text', 'tool-call']);
    const call = first?.[2];
    expect(call?.type === 'tool-call' && call.name).toBe('exit_plan_mode');
    expect(assistantContentOf(messages[1] as SessionEvent)).toContainEqual({ type: 'text', text: 'DONE' });
  });

  it('reads the nested tool/result shape of the plan-review recording', () => {
    const result = toolResultOf(readRecording('plan-review').find((e) => e.type === 'tool/result') as SessionEvent);
    expect(result?.callId).toBe('call_00_TPh5fH8x5kRezK115kgx8155');
    expect(result?.isError).toBe(false);
    expect(result?.content).toHaveLength(1);
    expect(result?.content[0]?.type === 'text' && result.content[0].text).toMatch(/^Plan approved/);
  });

  it('reads the bare assistant/message and tool/result shapes of the question-composer recording', () => {
    const events = readRecording('question-composer');
    const message = events.find((e) => e.type === 'assistant/message') as SessionEvent;
    expect(assistantContentOf(message)?.map((b) => b.type)).toEqual(['reasoning', 'tool-call']);
    const result = toolResultOf(events.find((e) => e.type === 'tool/result') as SessionEvent);
    expect(result?.callId).toBe('call_00_Cijldc88LYmVPCXYUsRq1617');
    expect(result?.isError).toBe(false);
    const text = result?.content[0]?.type === 'text' ? result.content[0].text : '';
    expect(JSON.parse(text)).toEqual({ answers: [{ id: 'color', selected: ['Blue'], custom: 'Include accessibility notes' }] });
  });

  it('reads the user prompt of every recording', () => {
    expect(userTextOf(readRecording('lifecycle-chrome').find((e) => e.type === 'user/message') as SessionEvent)).toBe(
      'Reply with the single word LIGHTHOUSE and stop.',
    );
    expect(userTextOf(readRecording('plan-review').find((e) => e.type === 'user/message') as SessionEvent)).toMatch(
      /^Plan a small change: add a --greeting flag/,
    );
  });

  it.each([
    ['another kind', event('tool/result', { content: [] })],
    ['a null payload', event('assistant/message', null)],
    ['no content array', event('assistant/message', { turn: 1, step: 1, content: 'hi' })],
  ])('gives no assistant content for %s', (_name, e) => {
    expect(assistantContentOf(e)).toBeUndefined();
  });

  it('drops non-object content entries', () => {
    const e = event('assistant/message', { content: [null, 'x', { type: 'text', text: 'a' }, { text: 'no type' }] });
    expect(assistantContentOf(e)).toEqual([{ type: 'text', text: 'a' }]);
  });

  it.each([
    [
      'an error result in a nested block',
      { message: { content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'Error: x' }], isError: true }] } },
      { callId: 'c1', content: [{ type: 'text', text: 'Error: x' }], isError: true },
    ],
    [
      'several nested blocks, concatenated',
      {
        message: {
          content: [
            { type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'a' }] },
            { type: 'tool-result', toolCallId: 'c2', content: [{ type: 'text', text: 'b' }] },
          ],
        },
      },
      {
        callId: 'c1',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
        isError: false,
      },
    ],
    [
      'a nested message without tool-result blocks',
      { callId: 'c9', message: { source: { callId: 'c8' }, content: [{ type: 'text', text: 't' }] } },
      { callId: 'c9', content: [{ type: 'text', text: 't' }], isError: false },
    ],
    [
      'a bare error result',
      { callId: 'c3', content: [{ type: 'text', text: 'boom' }], isError: true },
      { callId: 'c3', content: [{ type: 'text', text: 'boom' }], isError: true },
    ],
    ['a bare result without callId', { content: [] }, { callId: undefined, content: [], isError: false }],
  ])('reads %s', (_name, data, expected) => {
    expect(toolResultOf(event('tool/result', data))).toEqual(expected);
  });

  it.each([
    ['another kind', event('assistant/message', { content: [] })],
    ['no content at all', event('tool/result', { callId: 'c' })],
    ['a string payload', event('tool/result', 'x')],
  ])('gives no tool result for %s', (_name, e) => {
    expect(toolResultOf(e)).toBeUndefined();
  });

  it.each([
    ['joins text blocks with a newline and skips images', { content: [{ type: 'image' }, { type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }, 'a\nb'],
    ['reads a nested message', { message: { content: [{ type: 'text', text: 'n' }] } }, 'n'],
    ['is empty without text blocks', { content: [{ type: 'image' }] }, ''],
    ['is empty for a broken payload', null, ''],
  ])('user text %s', (_name, data, expected) => {
    expect(userTextOf(event('user/message', data))).toBe(expected);
  });

  it('gives no user text for another kind', () => {
    expect(userTextOf(event('assistant/message', { content: [{ type: 'text', text: 'x' }] }))).toBe('');
  });
});
