/**
 * The agent's to-do list as dsh logs it: each `todo_write` call appends one `todo/write {todos}` event carrying the
 * whole list (last write wins), and the host serves it as the `todos` projection — `null` before the first write and
 * again from every `turn/start` (the list stands for the turn that wrote it). Pure; `apply` keeps the state reference
 * for every event that changes nothing. Shapes: docs/protocol.md "todo/write".
 */
import type { SessionEvent } from '../log/types.ts';
import type { ProjectionUnit } from '../projection.ts';

/** A to-do's status: not started, being worked on now, finished (docs/protocol.md "todo/write"). */
export type TodoStatus = 'pending' | 'in_progress' | 'completed';

/** Every status, in the order a list reads them. */
export const TODO_STATUSES: readonly TodoStatus[] = ['pending', 'in_progress', 'completed'];

/** One to-do: `content` trimmed, non-empty and unique within its list. */
export interface TodoItem {
  content: string;
  status: TodoStatus;
}

/** The `todo/write` event kind and the `todos` projection key (docs/protocol.md "todo/write"). */
export const TODO_WRITE_EVENT = 'todo/write';
export const TODOS_PROJECTION_KEY = 'todos';

function isStatus(value: unknown): value is TodoStatus {
  return value === 'pending' || value === 'in_progress' || value === 'completed';
}

/**
 * A to-do list as the wire or a log carries it, or `undefined` when the value is not one (not an array, an item
 * without a string `content` or a known `status`). Extra item keys are dropped.
 * @param value - `data.todos` of a `todo/write` event, or a `todos` projection value that is not `null`
 */
export function todoListOf(value: unknown): TodoItem[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: TodoItem[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { content, status } = item as Record<string, unknown>;
    if (typeof content !== 'string' || !isStatus(status)) return undefined;
    items.push({ content, status });
  }
  return items;
}

/**
 * The list a `todo/write` event carries, or `undefined` for any other event or a malformed payload.
 * @param event - a logged event
 */
export function todoWriteOf(event: SessionEvent): TodoItem[] | undefined {
  if (event?.type !== TODO_WRITE_EVENT) return undefined;
  const data = event.data as { todos?: unknown } | null | undefined;
  return typeof data === 'object' && data !== null ? todoListOf(data.todos) : undefined;
}

/**
 * The `todos` projection unit, as the dsh host registers it: `init` `null`; a `todo/write` takes its whole list; a
 * `turn/start` clears to `null`; `turn/end` keeps the finished list. `view` is the state itself.
 */
export const todosProjection: ProjectionUnit<readonly TodoItem[] | null, readonly TodoItem[] | null, 'todos'> = {
  key: TODOS_PROJECTION_KEY,
  init: () => null,
  apply(state, event) {
    if (event?.type === 'turn/start') return state === null ? state : null;
    return todoWriteOf(event) ?? state;
  },
  view: (state) => state,
};

/**
 * How many to-dos have each status.
 * @param todos - a to-do list
 * @returns `{pending, inProgress, completed}` counts
 */
export function todoCounts(todos: readonly TodoItem[]): { pending: number; inProgress: number; completed: number } {
  const counts = { pending: 0, inProgress: 0, completed: 0 };
  for (const todo of todos) {
    if (todo.status === 'pending') counts.pending += 1;
    else if (todo.status === 'in_progress') counts.inProgress += 1;
    else counts.completed += 1;
  }
  return counts;
}
