/** The turn and step folds the loop and the plugins read: open turn, last turn, last request header, open step. */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../../src/core/log/types.ts';
import { lastHeaderIndex, lastHeaderOf, lastTurnOf, openStepOf, openTurnOf } from './turns.ts';

const ev = (type: string, data: unknown = {}): SessionEvent => ({ type, seq: 0, data });
/** A log whose seqs are the indexes. */
const logOf = (...events: SessionEvent[]): SessionEvent[] => events.map((event, seq) => ({ ...event, seq }));

it.each([
  { events: [], open: undefined, last: 0 },
  { events: [ev('turn/start', { turn: 1 })], open: 1, last: 1 },
  { events: [ev('turn/start', { turn: 1 }), ev('turn/end', { turn: 1 })], open: undefined, last: 1 },
  {
    events: [ev('turn/start', { turn: 1 }), ev('turn/end', { turn: 1 }), ev('plan/mode'), ev('turn/start', { turn: 2 }), ev('step/start')],
    open: 2,
    last: 2,
  },
])('finds open turn $open and last turn $last', ({ events, open, last }) => {
  expect(openTurnOf(events)).toBe(open);
  expect(lastTurnOf(events)).toBe(last);
});

it('reads a turn/start without a number as turn 0 and never lowers the last turn', () => {
  expect(openTurnOf([ev('turn/start', null)])).toBe(0);
  expect(lastTurnOf([ev('turn/start', { turn: 3 }), ev('turn/end'), ev('turn/start', { turn: 2 })])).toBe(3);
});

it.each([
  { events: [ev('plan/mode')], index: -1 },
  { events: [ev('request/header'), ev('plan/mode'), ev('request/header'), ev('step/end')], index: 2 },
])('finds the last request/header at $index', ({ events, index }) => {
  expect(lastHeaderIndex(events)).toBe(index);
});

it('reads the header the model was last told, or nothing before the first', () => {
  expect(lastHeaderOf([ev('plan/mode')])).toBeUndefined();
  expect(lastHeaderOf([ev('request/header', { header: { a: 1 } }), ev('request/header', { header: { a: 2 } }), ev('step/end')])).toEqual({ a: 2 });
  expect(lastHeaderOf([ev('request/header', null)])).toBeUndefined();
});

it('finds the open step, whether it ended, and its model output', () => {
  const before = [ev('turn/start', { turn: 1 }), ev('step/start', { step: 1 }), ev('turn/end'), ev('turn/start', { turn: 2 })];
  expect(openStepOf(logOf(...before))).toBeUndefined();
  const stepped = logOf(...before, ev('step/start', { step: 1 }), ev('step/end'), ev('step/start', { step: 2 }), ev('assistant/message', { turn: 2, step: 2 }));
  expect(openStepOf(stepped)).toEqual({ turn: 2, step: 2, ended: false, message: stepped[7] });
  expect(openStepOf(logOf(...before, ev('step/start', { step: 1 }), ev('step/end')))).toEqual({ turn: 2, step: 1, ended: true, message: undefined });
  expect(openStepOf(logOf(...before, ev('step/start', { step: 1 }), ev('assistant/message', { step: 7 })))?.message).toBeUndefined();
  expect(openStepOf(logOf(...stepped, ev('turn/end')))).toBeUndefined();
});
