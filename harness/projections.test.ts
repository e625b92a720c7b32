/** The projection registry: the changes an event yields, in frame order, and the snapshot a tail page carries. */
import { expect, it } from 'vitest';
import type { SessionEvent } from '../src/core/log/types.ts';
import { createModeProjection } from '../src/core/modes/projection.ts';
import type { ProjectionUnit } from '../src/core/projection.ts';
import { listedSnapshot, modeUnits, ProjectionRegistry, startFold } from './projections.ts';

const logOf = (...events: Omit<SessionEvent, 'seq'>[]): SessionEvent[] => events.map((event, seq) => ({ ...event, seq }));
const at = (seq: number, event: Omit<SessionEvent, 'seq'>): SessionEvent => ({ ...event, seq });
const user = (text: string) => ({ type: 'user/message', data: { content: [{ type: 'text', text }], source: { kind: 'user' }, role: 'user', id: text } });

it('folds the logged events silently, then reports each changed unit with the seq of its event', () => {
  const registry = new ProjectionRegistry(logOf({ type: 'plan/mode', data: { active: true } }));
  expect(registry.snapshot()).toEqual({
    asOfSeq: 0,
    values: { plan: { active: true, pending: false }, title: null, reviews: expect.anything(), todos: null, progress: expect.anything() },
  });
  expect(registry.apply(at(1, { type: 'plan/mode', data: { active: true } }))).toEqual([]);
  expect(registry.apply(at(2, user('add a greeting flag')))).toEqual([{ key: 'title', value: 'add a greeting flag', seq: 2 }]);
  expect(registry.apply(at(3, { type: 'plan/mode', data: { active: false } }))).toEqual([{ key: 'plan', value: { active: false, pending: false }, seq: 3 }]);
  expect(registry.snapshot().asOfSeq).toBe(3);
});

it('keeps the frame order state, title, reviews, todos, progress in changes and in the snapshot', () => {
  const registry = new ProjectionRegistry([]);
  expect(Object.keys(registry.snapshot().values)).toEqual(['plan', 'title', 'reviews', 'todos', 'progress']);
  expect(registry.snapshot().asOfSeq).toBe(-1);
  const modes = new ProjectionRegistry([], modeUnits(createModeProjection(['default', 'plan'])));
  expect(Object.keys(modes.snapshot().values)).toEqual(['mode', 'title', 'reviews', 'todos', 'progress']);
  expect(modes.apply(at(0, { type: 'mode/set', data: { mode: 'plan' } }))).toEqual([{ key: 'mode', value: { current: 'plan' }, seq: 0 }]);
});

it('leaves the review history out of a session.list item and keeps progress', () => {
  const listed = listedSnapshot(new ProjectionRegistry(logOf(user('hello'))).snapshot());
  const progress = { view: { kind: 'none' }, audits: [], latest: null };
  expect(listed).toEqual({ asOfSeq: 0, values: { plan: { active: false, pending: false }, title: 'hello', todos: null, progress } });
});

it('reports no change for a new state whose view a unit says is the same', () => {
  const counter: ProjectionUnit<{ n: number }, string, 'count'> = {
    key: 'count',
    init: () => ({ n: 0 }),
    apply: (state, event) => (event.type === 'tick' ? { n: state.n + 1 } : state),
    view: (state) => (state.n >= 2 ? 'many' : String(state.n)),
    sameView: (before, after) => before.n >= 2 === after.n >= 2 && before.n >= 2,
  };
  const fold = startFold(counter, logOf({ type: 'tick', data: null }));
  expect(fold.view()).toBe('1');
  expect(fold.apply(at(1, { type: 'other', data: null }))).toBe(false);
  expect(fold.apply(at(1, { type: 'tick', data: null }))).toBe(true);
  expect(fold.apply(at(2, { type: 'tick', data: null }))).toBe(false);
  expect(fold.change(2)).toEqual({ key: 'count', value: 'many', seq: 2 });
});
