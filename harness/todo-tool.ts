/**
 * The `todo_write` tool with the dsh host's contract (docs/protocol.md "todo/write"): the argument is the whole list
 * `todos: [{content, status}]`, checked like the host checks it (schema first, every violation in one
 * `invalid arguments: …` line; then trimmed, non-empty, unique content; at most one `in_progress`), then one
 * `todo/write {todos}` event is appended to the calling agent's log and the result counts the statuses.
 */
import { TODO_STATUSES, TODO_WRITE_EVENT, todoCounts, type TodoItem, type TodoStatus } from '../src/core/todos/todos.ts';
import type { SessionLog } from './log.ts';
import { toolError, type ToolDefinition } from './tools.ts';

/** The tool's model-facing name. */
export const TODO_WRITE_TOOL = 'todo_write';

/** The tool's error texts after `Error: ` (the dsh host's words, docs/protocol.md "todo/write"). */
export const TODO_TEXTS = {
  emptyContent: 'invalid todo: `content` must be a non-empty string',
  duplicate: (content: string) => `invalid todos: duplicate content ${JSON.stringify(content)}`,
  parallel: (count: number) => `invalid todos: at most one task may be in_progress (got ${count})`,
  noAgent: 'todo_write requires an owning agent session',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema violations of `todo_write` arguments, in the host's walk order and wording: a missing required
 * property, a wrong type, a status outside the enum, an item key beyond `content`/`status`.
 * @param args - the parsed arguments, any JSON
 * @returns the violations; empty when the arguments fit the schema
 */
export function todoArgViolations(args: unknown): string[] {
  if (!isRecord(args)) return ['"arguments" must be an object'];
  if (!Object.hasOwn(args, 'todos') || args.todos === undefined) return ['missing required property "todos"'];
  if (!Array.isArray(args.todos)) return ['"todos" must be an array'];
  const violations: string[] = [];
  (args.todos as unknown[]).forEach((item, index) => {
    const path = `todos[${index}]`;
    if (!isRecord(item)) {
      violations.push(`"${path}" must be an object`);
      return;
    }
    for (const key of ['content', 'status']) if (item[key] === undefined) violations.push(`missing required property "${path}.${key}"`);
    if (item.content !== undefined && typeof item.content !== 'string') violations.push(`"${path}.content" must be a string`);
    if (item.status !== undefined) {
      if (typeof item.status !== 'string') violations.push(`"${path}.status" must be a string`);
      else if (!(TODO_STATUSES as readonly string[]).includes(item.status)) violations.push(`"${path}.status" must be one of ${JSON.stringify(TODO_STATUSES)}`);
    }
    for (const key of Object.keys(item))
      if (key !== 'content' && key !== 'status') violations.push(`"${path}.${key}" is not a declared property (additionalProperties: false)`);
  });
  return violations;
}

/**
 * The canonical list of schema-valid arguments: content trimmed, non-empty and unique, at most one `in_progress`.
 * @param todos - the schema-checked items
 * @returns the list, or the error text (without `Error: `)
 */
export function canonicalTodos(todos: readonly { content: string; status: TodoStatus }[]): TodoItem[] | string {
  const list: TodoItem[] = [];
  const seen = new Set<string>();
  for (const item of todos) {
    const content = item.content.trim();
    if (content === '') return TODO_TEXTS.emptyContent;
    if (seen.has(content)) return TODO_TEXTS.duplicate(content);
    seen.add(content);
    list.push({ content, status: item.status });
  }
  const active = list.filter((todo) => todo.status === 'in_progress').length;
  return active > 1 ? TODO_TEXTS.parallel(active) : list;
}

/**
 * The `todo_write` tool (single-active discipline: the host's `allowParallelInProgress: false`).
 * @param logOf - the log of an agent (= session), `undefined` for an unknown one
 */
export function todoWriteTool(logOf: (agentId: string) => SessionLog | undefined): ToolDefinition {
  return {
    schema: {
      name: TODO_WRITE_TOOL,
      description:
        'Keep a to-do list of the current work and its progress. Every call sends the whole list and replaces the previous one. ' +
        'Write one to-do per concrete step before starting; keep exactly one `in_progress` while work remains; mark a to-do `completed` as soon as it is done.',
      parameters: {
        type: 'object',
        properties: {
          todos: {
            type: 'array',
            description: 'The whole list, replacing the previous one.',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                content: { type: 'string', description: 'The task, one short line.' },
                status: { type: 'string', enum: [...TODO_STATUSES] },
              },
              required: ['content', 'status'],
            },
          },
        },
        required: ['todos'],
      },
    },
    execute(args, context) {
      const violations = todoArgViolations(args);
      if (violations.length > 0) return toolError(`invalid arguments: ${violations.join('; ')}`);
      const todos = canonicalTodos((args as { todos: { content: string; status: TodoStatus }[] }).todos);
      if (typeof todos === 'string') return toolError(todos);
      const log = context.agent ? logOf(context.agent.id) : undefined;
      if (!log) return toolError(TODO_TEXTS.noAgent);
      log.append({ type: TODO_WRITE_EVENT, data: { todos } });
      const counts = todoCounts(todos);
      return {
        text: `Updated todo list: ${counts.pending} pending, ${counts.inProgress} in progress, ${counts.completed} completed.`,
        isError: false,
      };
    },
  };
}
