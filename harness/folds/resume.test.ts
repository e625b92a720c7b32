/** Where a turn left open at a question goes on after a restart, and when it cannot. */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { toolResultInput } from '../tool-results.ts';
import { resumePointOf, stepCallsOf } from './resume.ts';

const logOf = (...events: Omit<SessionEvent, 'seq'>[]): SessionEvent[] => events.map((event, seq) => ({ ...event, seq }));
const call = (id: string, name: string, args = '{}') => ({ type: 'tool-call', id, name, arguments: args });
const message = (...calls: unknown[]) => ({ type: 'assistant/message', data: { turn: 1, step: 2, message: { role: 'assistant', content: calls } } });
const logged = (id: string, name: string, args = '{}') => ({ type: 'tool/call', data: { turn: 1, step: 2, callId: id, name, arguments: args } });
const answered = (id: string) => {
  const { type, data } = toolResultInput({ turn: 1, step: 2, callId: id, callSeq: 0 }, { text: 'ok', isError: false }, `r-${id}`);
  return { type, data };
};
const opening = [
  { type: 'turn/start', data: { turn: 1 } },
  { type: 'step/start', data: { turn: 1, step: 1 } },
  { type: 'step/end', data: { turn: 1, step: 1 } },
  { type: 'step/start', data: { turn: 1, step: 2 } },
];
const resumable = (name: string): boolean => name === 'exit_plan_mode' || name === 'ask_user_question';

it('resumes at a logged question without a result, with the calls after it', () => {
  const events = logOf(
    ...opening,
    message(call('c1', 'read_file'), call('c2', 'exit_plan_mode', '{"plan":"# A"}'), call('c3', 'list_files')),
    logged('c1', 'read_file'),
    answered('c1'),
    logged('c2', 'exit_plan_mode', '{"plan":"# A (as logged)"}'),
  );
  expect(resumePointOf(events, resumable)).toEqual({
    turn: 1,
    step: 2,
    calls: [
      { id: 'c2', name: 'exit_plan_mode', arguments: '{"plan":"# A (as logged)"}', logged: events[7] },
      { id: 'c3', name: 'list_files', arguments: '{}' },
    ],
  });
});

it.each([
  ['no open turn', [...opening, message(call('c2', 'exit_plan_mode')), logged('c2', 'exit_plan_mode'), { type: 'turn/end', data: {} }]],
  ['a step that ended', [...opening, message(call('c2', 'exit_plan_mode')), logged('c2', 'exit_plan_mode'), { type: 'step/end', data: {} }]],
  ['a step whose model had not finished', [...opening, { type: 'assistant/chunk', data: {} }]],
  ['a question whose tool/call was not logged', [...opening, message(call('c2', 'exit_plan_mode'))]],
  ['a tool that is not a question', [...opening, message(call('c1', 'write_file')), logged('c1', 'write_file')]],
  [
    'a later call logged after the question',
    [...opening, message(call('c2', 'ask_user_question'), call('c3', 'list_files')), logged('c2', 'ask_user_question'), logged('c3', 'list_files')],
  ],
  ['every call answered', [...opening, message(call('c2', 'ask_user_question')), logged('c2', 'ask_user_question'), answered('c2')]],
])('does not resume %s', (_name, events) => {
  expect(resumePointOf(logOf(...events), resumable)).toBeUndefined();
});

it('pairs each call of a step with the first tool/call of its id after the message and whether it was answered', () => {
  const events = logOf(
    ...opening,
    message(call('c1', 'read_file'), call('c2', 'list_files')),
    logged('c1', 'read_file'),
    logged('c1', 'other'),
    answered('c1'),
  );
  expect(stepCallsOf(events, events[4] as SessionEvent)).toEqual([
    { call: { id: 'c1', name: 'read_file', arguments: '{}', logged: events[5] }, answered: true },
    { call: { id: 'c2', name: 'list_files', arguments: '{}' }, answered: false },
  ]);
});
