/**
 * `todo_write` against the dsh host's contract: the whole list replaces the last, one `todo/write` event per valid
 * call (logged before the result), the host's error texts for every kind of bad argument, nothing logged on error.
 */
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../src/core/log/types.ts';
import { todosProjection } from '../src/core/todos/todos.ts';
import { foldUnitState } from '../src/core/projection.ts';
import { SessionLog } from './log.ts';
import { MemoryStorage } from './storage/memory.ts';
import { todoArgViolations, todoWriteTool } from './todo-tool.ts';

const header = { type: 'session' as const, version: 0, id: 's1', createdAt: 0, cwd: '/w' };

function fresh() {
  const storage = new MemoryStorage();
  storage.create({ header, lines: [] });
  const log = new SessionLog(header, storage, () => 1000);
  const tool = todoWriteTool((id) => (id === 's1' ? log : undefined));
  const run = (args: unknown, agent: string | null = 's1') =>
    tool.execute(args, {
      agent: agent === null ? undefined : { id: agent, sessionId: agent, root: true },
      events: log.events,
      signal: new AbortController().signal,
      callId: 'c1',
    });
  return { log, run };
}

describe('todo_write', () => {
  it('logs the whole list as one todo/write event and counts the statuses in its result', async () => {
    const { log, run } = fresh();
    const outcome = await run({
      todos: [
        { content: '  Add the flag  ', status: 'completed' },
        { content: 'Document it', status: 'in_progress' },
        { content: 'Test it', status: 'pending' },
      ],
    });
    expect(outcome).toEqual({ text: 'Updated todo list: 1 pending, 1 in progress, 1 completed.', isError: false });
    expect(log.events.map((e) => [e.type, e.data])).toEqual([
      [
        'todo/write',
        {
          todos: [
            { content: 'Add the flag', status: 'completed' },
            { content: 'Document it', status: 'in_progress' },
            { content: 'Test it', status: 'pending' },
          ],
        },
      ],
    ]);
  });

  it('replaces the list on every call; an empty list is a valid write', async () => {
    const { log, run } = fresh();
    await run({ todos: [{ content: 'a', status: 'pending' }] });
    await run({ todos: [] });
    expect(log.events.map((e) => e.data)).toEqual([{ todos: [{ content: 'a', status: 'pending' }] }, { todos: [] }]);
  });

  it.each<[string, unknown, string]>([
    ['no object', [], 'Error: invalid arguments: "arguments" must be an object'],
    ['no todos', {}, 'Error: invalid arguments: missing required property "todos"'],
    ['todos not a list', { todos: 'a' }, 'Error: invalid arguments: "todos" must be an array'],
    ['an item not an object', { todos: ['a'] }, 'Error: invalid arguments: "todos[0]" must be an object'],
    ['missing fields', { todos: [{}] }, 'Error: invalid arguments: missing required property "todos[0].content"; missing required property "todos[0].status"'],
    ['content not a string', { todos: [{ content: 3, status: 'pending' }] }, 'Error: invalid arguments: "todos[0].content" must be a string'],
    [
      'an unknown status',
      { todos: [{ content: 'a', status: 'done' }] },
      'Error: invalid arguments: "todos[0].status" must be one of ["pending","in_progress","completed"]',
    ],
    [
      'an extra item key',
      { todos: [{ content: 'a', status: 'pending', id: 1 }] },
      'Error: invalid arguments: "todos[0].id" is not a declared property (additionalProperties: false)',
    ],
    ['blank content', { todos: [{ content: '   ', status: 'pending' }] }, 'Error: invalid todo: `content` must be a non-empty string'],
    [
      'duplicate content after trimming',
      {
        todos: [
          { content: 'a', status: 'pending' },
          { content: ' a ', status: 'completed' },
        ],
      },
      'Error: invalid todos: duplicate content "a"',
    ],
    [
      'two in progress',
      {
        todos: [
          { content: 'a', status: 'in_progress' },
          { content: 'b', status: 'in_progress' },
        ],
      },
      'Error: invalid todos: at most one task may be in_progress (got 2)',
    ],
  ])('refuses %s with the host’s error and logs nothing', async (_name, args, text) => {
    const { log, run } = fresh();
    expect(await run(args)).toEqual({ text, isError: true });
    expect(log.events).toEqual([]);
  });

  it('refuses a call without an owning agent', async () => {
    const { log, run } = fresh();
    expect(await run({ todos: [] }, null)).toEqual({ text: 'Error: todo_write requires an owning agent session', isError: true });
    expect(log.events).toEqual([]);
  });

  it('reports every violation of a list in walk order', () => {
    expect(todoArgViolations({ todos: [{ content: 'a', status: 'x' }, 5] })).toEqual([
      '"todos[0].status" must be one of ["pending","in_progress","completed"]',
      '"todos[1]" must be an object',
    ]);
  });
});

describe('todos projection', () => {
  const at = (seq: number, type: string, data: unknown): SessionEvent => ({ type, seq, data });
  const list = [{ content: 'a', status: 'pending' as const }];
  const apply = (state: Parameters<typeof todosProjection.apply>[0], event: SessionEvent) => todosProjection['apply'](state, event);

  it('is null before the first write, the last write after, and null again from the next turn/start', () => {
    const events = [
      at(0, 'turn/start', { turn: 1 }),
      at(1, 'todo/write', { todos: list }),
      at(2, 'todo/write', { todos: [{ content: 'a', status: 'completed' }] }),
      at(3, 'turn/end', { turn: 1, reason: { kind: 'completed' } }),
      at(4, 'turn/start', { turn: 2 }),
    ];
    expect(foldUnitState(todosProjection, events, 1)).toBeNull();
    expect(foldUnitState(todosProjection, events, 2)).toEqual(list);
    expect(foldUnitState(todosProjection, events, 4)).toEqual([{ content: 'a', status: 'completed' }]);
    expect(foldUnitState(todosProjection, events)).toBeNull();
  });

  it('keeps its state reference for events that change nothing, malformed writes included', () => {
    const state = apply(null, at(0, 'todo/write', { todos: list }));
    expect(apply(state, at(1, 'user/message', { content: [] }))).toBe(state);
    expect(apply(state, at(2, 'todo/write', { todos: [{ content: 'a', status: 'done' }] }))).toBe(state);
    expect(apply(state, at(3, 'todo/write', null))).toBe(state);
    expect(apply(null, at(4, 'turn/start', { turn: 1 }))).toBeNull();
  });
});
