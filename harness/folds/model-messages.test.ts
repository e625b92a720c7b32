/** The model-facing conversation derived from a log: what a model is given each step, and what it is not given. */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { toolResultInput } from '../tool-results.ts';
import { messagesOf } from './model-messages.ts';

const logOf = (...events: Omit<SessionEvent, 'seq'>[]): SessionEvent[] => events.map((event, seq) => ({ ...event, seq }));
const user = (text: string, source: unknown = { kind: 'user' }) => ({
  type: 'user/message',
  data: { content: [{ type: 'text', text }], source, role: 'user', id: `u-${text}` },
});
const assistant = (...content: unknown[]) => ({ type: 'assistant/message', data: { turn: 1, step: 1, message: { role: 'assistant', content } } });
const result = (callId: string, text: string, isError = false, callSeq = 0) => {
  const { type, data } = toolResultInput({ turn: 1, step: 1, callId, callSeq }, { text, isError }, `r-${callId}`);
  return { type, data };
};

it('gives the model users, notices, assistant text with its calls, and named tool results, in log order', () => {
  const events = logOf(
    { type: 'turn/start', data: { turn: 1 } },
    user('add a flag'),
    user('The user switched this session to plan mode.', { kind: 'plugin', plugin: 'plan-mode', form: 'notice' }),
    { type: 'request/header', data: { header: {} } },
    { type: 'assistant/chunk', data: { chunk: { type: 'text-delta', text: 'Look' } } },
    assistant(
      { type: 'reasoning', text: 'hidden' },
      { type: 'text', text: 'Look' },
      { type: 'text', text: 'ing.' },
      {
        type: 'tool-call',
        id: 'c1',
        name: 'read_file',
        arguments: '{"path":"a"}',
      },
    ),
    { type: 'tool/call', data: { turn: 1, step: 1, callId: 'c1', name: 'read_file', arguments: '{"path":"a"}' } },
    result('c1', 'line 1'),
    { type: 'plan/mode', data: { active: true } },
  );
  expect(messagesOf(events)).toEqual([
    { role: 'user', text: 'add a flag', source: 'user' },
    { role: 'user', text: 'The user switched this session to plan mode.', source: 'notice' },
    { role: 'assistant', text: 'Looking.', toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"a"}' }] },
    { role: 'tool', toolCallId: 'c1', name: 'read_file', text: 'line 1', isError: false },
  ]);
});

it('keeps an error result as an error and names a result whose call was never logged with an empty name', () => {
  expect(messagesOf(logOf(result('c9', 'Error: gone', true)))).toEqual([{ role: 'tool', toolCallId: 'c9', name: '', text: 'Error: gone', isError: true }]);
});

it('leaves out a tool/result it cannot read and an assistant message without content', () => {
  expect(messagesOf(logOf({ type: 'tool/result', data: null }, { type: 'assistant/message', data: null }))).toEqual([
    { role: 'assistant', text: '', toolCalls: [] },
  ]);
});
