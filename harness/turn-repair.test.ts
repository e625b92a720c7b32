/** Closing a turn nothing can go on with: every unanswered call of the open step gets its call and an error result. */
import { expect, it } from 'vitest';
import { toolResultOf } from '../src/core/log/content.ts';
import { SessionLog, type AppendInput } from './log.ts';
import { MemoryStorage } from './storage/memory.ts';
import { toolResultInput } from './tool-results.ts';
import { closeInterruptedTurn, SERVER_STOPPED, TOOL_STOPPED_TEXT } from './turn-repair.ts';

const header = { type: 'session' as const, version: 0, id: 's1', createdAt: 0, cwd: '/w' };
const call = (id: string, name: string) => ({ type: 'tool-call', id, name, arguments: '{}' });

function logWith(...inputs: AppendInput[]): SessionLog {
  const storage = new MemoryStorage();
  storage.create({ header, lines: [] });
  const log = new SessionLog(header, storage, () => 0);
  for (const input of inputs) log.append(input);
  return log;
}

const openStep = (...calls: unknown[]): AppendInput[] => [
  { type: 'turn/start', data: { turn: 1 } },
  { type: 'step/start', data: { turn: 1, step: 1 } },
  { type: 'assistant/message', data: { turn: 1, step: 1, message: { role: 'assistant', content: calls } } },
];

it('answers every unanswered call of the open step with an error, ends the step, then the turn', () => {
  const log = logWith(
    ...openStep(call('c1', 'read_file'), call('c2', 'write_file'), call('c3', 'list_files')),
    { type: 'tool/call', data: { turn: 1, step: 1, callId: 'c1', name: 'read_file', arguments: '{}' } },
    toolResultInput({ turn: 1, step: 1, callId: 'c1', callSeq: 3 }, { text: 'ok', isError: false }, 'r1'),
    { type: 'tool/call', data: { turn: 1, step: 1, callId: 'c2', name: 'write_file', arguments: '{}' } },
  );
  let n = 0;
  expect(closeInterruptedTurn(log, () => `m${++n}`)).toBe(true);
  const added = log.events.slice(6);
  expect(added.map((event) => event.type)).toEqual(['tool/result', 'tool/call', 'tool/result', 'step/end', 'turn/end']);
  expect(added[0]?.sourceEventSeqs).toEqual([5]);
  expect(toolResultOf(added[0]!)).toEqual({ callId: 'c2', content: [{ type: 'text', text: `Error: ${TOOL_STOPPED_TEXT}` }], isError: true });
  expect(added[2]?.sourceEventSeqs).toEqual([7]);
  expect(added[4]?.data).toEqual({ turn: 1, reason: SERVER_STOPPED });
});

it('words the results by the reason when the turn is closed for another one', () => {
  const log = logWith(...openStep(call('c1', 'read_file')));
  closeInterruptedTurn(log, () => 'm', { kind: 'error', message: 'forked here' });
  expect(toolResultOf(log.events.at(-3)!)?.content).toEqual([{ type: 'text', text: 'Error: forked here' }]);
  expect(log.events.at(-1)?.data).toEqual({ turn: 1, reason: { kind: 'error', message: 'forked here' } });
});

it('ends a turn whose step has no model output with turn/end alone, and leaves a closed log alone', () => {
  const log = logWith({ type: 'turn/start', data: { turn: 4 } }, { type: 'step/start', data: { turn: 4, step: 1 } });
  closeInterruptedTurn(log, () => 'm');
  expect(log.events.map((event) => event.type)).toEqual(['turn/start', 'step/start', 'turn/end']);
  expect(closeInterruptedTurn(log, () => 'm')).toBe(false);
  expect(log.events).toHaveLength(3);
});
