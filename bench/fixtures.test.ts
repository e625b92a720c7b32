/**
 * The crafted fixtures of `npm run bench:browser` (scripts/make-perf-fixtures.mjs) are what the bench says they
 * are: each plan replays as one `exit_plan_mode` call the host accepts (a `#` heading first), of the promised size,
 * with a last line the bench can wait for; the question replays as one `ask_user_question` call; the streamed answers have the promised chunk counts; the big logs read back whole and fit the import limit.
 */
import { expect, it } from 'vitest';
import { readRecording } from '../harness/models/replay.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import { MAX_IMPORT_JSONL_CHARS } from '../src/core/protocol/methods.ts';
import { askUserQuestionTool, ASK_TEXTS } from '../harness/tools.ts';
import { bigLog, FIXTURES, lastLineTextOf, QUESTION, TODOS_END } from '../scripts/make-perf-fixtures.mjs';
import { canonicalTodos, todoArgViolations } from '../harness/todo-tool.ts';

function planOf(file: string): string {
  const make = FIXTURES[file];
  if (!make) throw new Error(`no fixture ${file}`);
  const steps = readRecording(make()).steps;
  expect(steps).toHaveLength(1);
  const call = steps[0]!.chunks.find((c) => c.type === 'tool-call');
  if (call?.type !== 'tool-call') throw new Error('no tool call');
  expect(call.name).toBe('exit_plan_mode');
  return (JSON.parse(call.arguments) as { plan: string }).plan;
}

it.each<[string, (plan: string) => void]>([
  ['plan-10.jsonl', (plan) => expect(plan.split('\n')).toHaveLength(10)],
  [
    'plan-2000.jsonl',
    (plan) => {
      const lines = plan.split('\n');
      expect(lines).toHaveLength(2000);
      expect(plan.length).toBeGreaterThan(100_000);
      expect(lines.filter((l) => /^\| \d+ \|/.test(l))).toHaveLength(300);
      const fence = lines.indexOf('```ts');
      expect(lines.indexOf('```', fence + 1) - fence - 1).toBe(500);
      expect(lines.some((l) => l.startsWith('    - '))).toBe(true);
    },
  ],
  ['plan-table-200.jsonl', (plan) => expect(plan.split('\n').filter((l) => /^\| \d+ \|/.test(l))).toHaveLength(200)],
  ['plan-nested-500.jsonl', (plan) => expect(plan.split('\n').at(-1)).toBe(`${'  '.repeat(499)}- level 500 step`)],
  ['plan-line-1mb.jsonl', (plan) => expect(Math.max(...plan.split('\n').map((l) => l.length))).toBe(1_000_000)],
])('replays %s as one exit_plan_mode call with a # heading first', (file, check) => {
  const plan = planOf(file);
  expect(plan).toMatch(/^# \S/);
  check(plan);
});

it.each(['plan-2000.jsonl', 'plan-table-200.jsonl', 'plan-nested-500.jsonl'])('names a last line of %s that shows once in the plan', (file) => {
  const plan = planOf(file);
  const last = lastLineTextOf(plan);
  expect(last.length).toBeGreaterThan(8);
  expect(plan.split(last)).toHaveLength(2);
});

it.each([
  ['- **client frame**: fold `config()`', 'client frame: fold config()'],
  ['    - model handler markdown', 'model handler markdown'],
  ['| 200 | a | `b.ts` | note words here |', 'note words here'],
  ['## Risks\n\n', 'Risks'],
  ['1. first step', 'first step'],
])('reads the shown text of the last line of %j as %j', (plan, text) => {
  expect(lastLineTextOf(plan)).toBe(text);
});

it('replays question-1.jsonl as one ask_user_question call whose arguments the tool accepts', async () => {
  const steps = readRecording(FIXTURES['question-1.jsonl']!()).steps;
  expect(steps).toHaveLength(1);
  const call = steps[0]!.chunks.find((c) => c.type === 'tool-call');
  if (call?.type !== 'tool-call') throw new Error('no tool call');
  expect(call.name).toBe('ask_user_question');
  const args: unknown = JSON.parse(call.arguments);
  expect(args).toMatchObject({ questions: [{ question: QUESTION }] });
  // With no question service the tool answers "no channel" only for arguments it accepted.
  const outcome = await askUserQuestionTool(undefined).execute(args, { agent: undefined, events: [], signal: new AbortController().signal, callId: 'c' });
  expect(outcome).toEqual({ text: `Error: ${ASK_TEXTS.noChannel}`, isError: true });
});

it.each([
  ['stream-1000.jsonl', 1000],
  ['stream-250.jsonl', 250],
])('streams %s as %i text deltas of 20 characters ending with the end marker', (file, chunks) => {
  const deltas = readRecording(FIXTURES[file]!()).steps[0]!.chunks.filter((c) => c.type === 'text-delta');
  expect(deltas).toHaveLength(chunks);
  expect(deltas.every((c) => c.type === 'text-delta' && c.text.length === 20)).toBe(true);
  expect(deltas.at(-1)).toMatchObject({ text: expect.stringMatching(/END-OF-ANSWER$/) });
});

it('writes the same bytes on every call (no clock, no randomness)', () => {
  expect(FIXTURES['plan-2000.jsonl']!()).toBe(FIXTURES['plan-2000.jsonl']!());
  expect(bigLog('x', 'X', 'mark', 2000, 3)).toBe(bigLog('x', 'X', 'mark', 2000, 3));
});

it('builds a 50,000-event log that reads back whole, titled, marked and under the import limit', () => {
  const text = bigLog('log-a', 'Perf log A', 'perf-log-A', 50_000, 11);
  expect(text.length).toBeLessThan(MAX_IMPORT_JSONL_CHARS);
  const log = parseSessionLog(text);
  expect(log.events).toHaveLength(50_000);
  expect(log.skipped).toEqual([]);
  expect(log.events[0]).toMatchObject({ type: 'session/title', data: { title: 'Perf log A' } });
  const users = log.events.filter((e) => e.type === 'user/message');
  expect(users.length).toBeGreaterThan(1000);
  expect(users.every((e) => JSON.stringify(e.data).includes('perf-log-A'))).toBe(true);
});

it('todos-2000.jsonl replays an approved plan carried out with 2,000 todo_write calls the harness accepts (in 20 batches, within its 24 steps a turn), then its end text', () => {
  const steps = readRecording(FIXTURES['todos-2000.jsonl']!()).steps;
  expect(steps).toHaveLength(22);
  const callsOf = (step: (typeof steps)[number]) => step.chunks.flatMap((c) => (c.type === 'tool-call' ? [c] : []));
  expect(callsOf(steps[0]!).map((c) => c.name)).toEqual(['exit_plan_mode']);
  const writes = steps.slice(1, -1).flatMap(callsOf);
  expect(writes).toHaveLength(2000);
  for (const call of writes) {
    expect(call.name).toBe('todo_write');
    const args = JSON.parse(call.arguments) as { todos: { content: string; status: 'pending' }[] };
    expect(todoArgViolations(args)).toEqual([]);
    expect(canonicalTodos(args.todos)).toEqual(args.todos);
  }
  const last = JSON.parse(writes.at(-1)!.arguments) as { todos: { status: string }[] };
  expect(last.todos.every((t) => t.status === 'completed')).toBe(true);
  expect(JSON.stringify(steps.at(-1)!.chunks)).toContain(TODOS_END);
});
