#!/usr/bin/env node
/**
 * Writes the crafted fixtures of `npm run bench:browser` into fixtures/perf/, deterministically (no clock, a fixed-seed
 * generator): replay logs (plans of 10 and 2,000 lines, a 200-row table, a 500-level nested list, a 1 MB line, one
 * `ask_user_question` call, answers of 20,000 and 5,000 characters streamed in 1,000 and 250 chunks) and two
 * 50,000-event import logs (~15.5 MB each, under the 16 MiB import limit). Usage:
 * `node scripts/make-perf-fixtures.mjs [--force]`; existing files are kept unless `--force`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../fixtures/seeded-random.mjs';

/** fixtures/perf of this clone. */
export const PERF_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'perf');

const WORDS = (
  'plan step parser flag config module test handler render review approve feedback stream session ' +
  'transcript fold event page cursor history import export server client socket frame budget layout paint task ' +
  'markdown table list heading code block value option default error result tool call turn agent model'
).split(' ');

function words(random, n) {
  const out = [];
  for (let i = 0; i < n; i += 1) out.push(WORDS[Math.floor(random() * WORDS.length)]);
  return out.join(' ');
}

const header = (id) => JSON.stringify({ type: 'session', version: 0, id, createdAt: 1785000000000, cwd: '/bench' });
const line = (type, data, extra = {}) => JSON.stringify({ type, data, ...extra });

/** A replay log whose first step says `text` and calls the tool `tool` with `args` (one `assistant/message`). */
function toolCallLog(name, text, tool, args) {
  return (
    [
      header(`perf-${name}`),
      line('request/header', { header: { config: { provider: 'perf', model: `perf-${name}` }, system: 's', tools: 't' }, reason: 'initial' }),
      line('assistant/message', {
        turn: 1,
        step: 1,
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text },
            { type: 'tool-call', id: `call_perf_${name}`, name: tool, arguments: JSON.stringify(args) },
          ],
        },
      }),
    ].join('\n') + '\n'
  );
}

/** A replay log whose first step calls `exit_plan_mode` with `plan`. */
export function planLog(name, plan) {
  return toolCallLog(name, 'Here is the plan.', 'exit_plan_mode', { plan });
}

/** The question of `question-1.jsonl` (its flow is the region named by it). */
export const QUESTION = 'Which default should the --greeting flag use?';

/** A replay log whose first step calls `ask_user_question` with one single-select question, {@link QUESTION}. */
export function questionLog(name) {
  return toolCallLog(name, 'One question first.', 'ask_user_question', {
    questions: [
      {
        id: 'default',
        header: 'Greeting',
        question: QUESTION,
        options: [{ label: 'Hello', description: 'The usual greeting' }, { label: 'Hi' }, { label: 'Good day' }],
      },
    ],
  });
}

/**
 * The text the last line of a plan shows once rendered: its last non-blank line without indentation, list or heading
 * marker, emphasis or code marks; of a table row, its last cell. The browser bench waits for it to call a plan whole.
 * @param {string} plan
 * @returns {string}
 */
export function lastLineTextOf(plan) {
  const last = plan
    .split('\n')
    .filter((l) => l.trim() !== '')
    .at(-1);
  if (last === undefined) return '';
  const text = last.trim().startsWith('|')
    ? (last
        .split('|')
        .map((cell) => cell.trim())
        .filter((cell) => cell !== '')
        .at(-1) ?? '')
    : last.trim().replace(/^(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)/, '');
  return text.replace(/\*\*|__|`/g, '').trim();
}

/** A replay log whose first step streams `chunks` text deltas of `size` characters, `dtMs` apart; the last one ends with `END-OF-ANSWER`. */
export function streamLog(name, chunks, size, dtMs) {
  const random = mulberry32(chunks);
  const texts = [];
  for (let i = 0; i < chunks; i += 1) {
    const tail = i === chunks - 1 ? ' END-OF-ANSWER' : '';
    let text = i % 40 === 0 ? `\n\n## Part ${i / 40 + 1}\n\n` : ' ';
    while (text.length < size - tail.length) text += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    texts.push(text.slice(0, size - tail.length) + tail);
  }
  return (
    [
      header(`perf-${name}`),
      line('request/header', { header: { config: { provider: 'perf', model: `perf-${name}` }, system: 's', tools: 't' }, reason: 'initial' }),
      line('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'block-start', index: 0, blockType: 'text' } }),
      line('text-chunks', { turn: 1, step: 1, index: 0, dt: texts.slice(1).map(() => dtMs), texts }),
      line('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'finish', reason: { kind: 'stop' } } }),
    ].join('\n') + '\n'
  );
}

/** 10 lines: a heading and a short list. */
export function plan10() {
  return [
    '# Add a --greeting flag',
    '',
    '- Locate the CLI entry point',
    '- Register `--greeting` with a default',
    '- Thread the value to the handler',
    '- Update the help text',
    '- Add one test',
    '',
    '## Risks',
    'None beyond the flag name.',
  ].join('\n');
}

/** 2,000 lines, ~100,000 characters: headings, nested lists and prose, a 300-row table, a 500-line code block. */
export function plan2000() {
  const random = mulberry32(2000);
  const out = ['# Migrate the session store to paged history', ''];
  let section = 0;
  const prose = (target) => {
    while (out.length < target) {
      section += 1;
      out.push(`## ${section}. ${words(random, 4)}`, '');
      for (let i = 0; i < 6; i += 1) out.push(`- **${words(random, 2)}**: ${words(random, 6)} \`${WORDS[i]}()\``);
      for (let i = 0; i < 4; i += 1) out.push(`  - ${words(random, 8)}`, `    - ${words(random, 5)}`);
      out.push('', `${words(random, 10)} [the docs](https://example.com/docs/${section}).`, '');
    }
  };
  prose(560);
  out.push('## Table of affected modules', '', '| # | module | change | risk | owner |', '|---|---|---|---|---|');
  for (let i = 1; i <= 300; i += 1)
    out.push(`| ${i} | \`src/${words(random, 1)}/${words(random, 1)}.ts\` | ${words(random, 4)} | ${['low', 'medium', 'high'][i % 3]} | ${words(random, 1)} |`);
  out.push('', '## Reference implementation', '', '```ts');
  for (let i = 1; i <= 500; i += 1)
    out.push(`  const ${WORDS[i % WORDS.length]}${i} = ${WORDS[(i * 7) % WORDS.length]}(${i}, '${words(random, 2)}'); // step ${i}`);
  out.push('```', '');
  prose(2000);
  return out.slice(0, 2000).join('\n');
}

/** A 200-row, 6-column table under a heading. */
export function planTable200() {
  const random = mulberry32(200);
  const out = ['# Rollout table', '', '| # | step | file | owner | risk | note |', '|---|---|---|---|---|---|'];
  for (let i = 1; i <= 200; i += 1)
    out.push(`| ${i} | ${words(random, 3)} | \`${words(random, 1)}.ts\` | ${words(random, 1)} | ${['low', 'high'][i % 2]} | ${words(random, 5)} |`);
  return out.join('\n');
}

/** A list nested 500 levels deep (each level indented two more spaces). */
export function planNested500() {
  const out = ['# Deeply nested plan', ''];
  for (let i = 0; i < 500; i += 1) out.push(`${'  '.repeat(i)}- level ${i + 1} step`);
  return out.join('\n');
}

/** A heading (exit_plan_mode requires one) and one line of 1,000,000 characters (words, no newline). */
export function planLine1mb() {
  const random = mulberry32(1);
  let text = '';
  while (text.length < 1_000_000) text += `${words(random, 50)} `;
  return `# One very long line\n\n${text.slice(0, 1_000_000)}`;
}

/**
 * A recorded-shape log of `events` events: turns with a user message (carrying `marker`), packed text chunks, a
 * markdown assistant message, a tool call and its result; every 25th turn a `/plan` with an approved plan review.
 * The title (`session/title`) is `title`.
 */
export function bigLog(name, title, marker, events, seed) {
  const random = mulberry32(seed);
  const out = [header(`perf-${name}`)];
  let count = 0;
  const push = (type, data, extra) => {
    out.push(line(type, data, extra));
    count += 1;
  };
  push('session/title', { title, messageSeqs: [], source: { kind: 'fallback' } });
  let turn = 0;
  while (count < events) {
    turn += 1;
    const review = turn % 25 === 0;
    if (review) {
      push('command/run', { commandId: `cmd-${name}-${turn}`, name: 'plan', args: ' task', source: { kind: 'user' } });
      push('plan/mode', { active: true });
      push('command/done', { commandId: `cmd-${name}-${turn}`, kind: 'success', text: 'Plan mode on. Use /plan off to leave.' });
    }
    push('turn/start', { turn, trigger: { kind: 'message', source: { kind: 'user' } } });
    push(
      'user/message',
      { content: [{ type: 'text', text: `${marker} turn ${turn}: ${words(random, 30)}` }], source: { kind: 'user' }, role: 'user' },
      { surfaceOp: 'append' },
    );
    for (let step = 1; step <= 2; step += 1) {
      push('step/start', { turn, step });
      if (turn === 1 && step === 1)
        push('request/header', { header: { config: { provider: 'perf', model: 'perf' }, system: 's', tools: 't' }, reason: 'initial' });
      push('assistant/chunk', { turn, step, chunk: { type: 'block-start', index: 0, blockType: 'text' } });
      const texts = [];
      for (let k = 0; k < 12; k += 1) texts.push(` ${words(random, 4)}`);
      push('text-chunks', { turn, step, index: 0, dt: texts.slice(1).map(() => 20), texts });
      const text = `### ${words(random, 3)}\n\n${texts.join('')}\n\n- ${words(random, 8)}\n- ${words(random, 8)}\n\n\`\`\`ts\nconst ${WORDS[turn % WORDS.length]} = ${turn};\n\`\`\``;
      push('assistant/chunk', { turn, step, chunk: { type: 'block-end', index: 0, block: { type: 'text', text } } });
      const callId = `call_${name}_${turn}_${step}`;
      const isPlan = review && step === 1;
      const toolName = isPlan ? 'exit_plan_mode' : 'read_file';
      const args = JSON.stringify(isPlan ? { plan: `# Plan ${turn}\n\n- ${words(random, 6)}\n- ${words(random, 6)}` } : { path: `src/${words(random, 1)}.ts` });
      push(
        'assistant/message',
        {
          turn,
          step,
          message: {
            role: 'assistant',
            content: [
              { type: 'text', text },
              { type: 'tool-call', id: callId, name: toolName, arguments: args },
            ],
          },
        },
        { surfaceOp: 'append' },
      );
      push('tool/call', { turn, step, callId, name: toolName, arguments: args });
      const resultText = isPlan ? 'Plan approved — plan mode exited; carry out the plan starting with your next step.' : `${words(random, 40)}`;
      push(
        'tool/result',
        {
          turn,
          step,
          message: {
            source: { kind: 'tool', callId },
            content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: resultText }], isError: false }],
            role: 'user',
          },
        },
        { surfaceOp: 'append' },
      );
      if (isPlan) push('plan/mode', { active: false });
      push('step/end', { turn, step });
    }
    push('turn/end', { turn, reason: { kind: 'completed' } });
  }
  return out.slice(0, events + 1).join('\n') + '\n';
}

/** The last text of `todos-2000.jsonl`, said once every list is written. */
export const TODOS_END = 'END-OF-TODOS';

/**
 * A replay log of one approved plan of `steps` steps carried out with `writes` `todo_write` calls, `perStep` to a model
 * step (one batch; the harness allows 24 steps a turn), the steps ticked evenly, one `in_progress` at a time, all
 * completed by the last list; then {@link TODOS_END}.
 */
export function todosLog(name, writes, steps = 20, perStep = 100) {
  const plan = ['# Tick a long plan', '', ...Array.from({ length: steps }, (_, i) => `${i + 1}. Carry out part ${i + 1} of the long plan`)].join('\n');
  const out = [toolCallLog(name, 'Here is the plan.', 'exit_plan_mode', { plan }).trimEnd()];
  const message = (step, content) => line('assistant/message', { turn: 1, step, message: { role: 'assistant', content } });
  let batch = [];
  for (let k = 0; k < writes; k += 1) {
    const done = k === writes - 1 ? steps : Math.floor((k * steps) / writes);
    const todos = Array.from({ length: steps }, (_, i) => ({
      content: `Carry out part ${i + 1} of the long plan`,
      status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
    }));
    batch.push({ type: 'tool-call', id: `call_${name}_${k}`, name: 'todo_write', arguments: JSON.stringify({ todos }) });
    if (batch.length === perStep || k === writes - 1) {
      out.push(message(out.length + 1, batch));
      batch = [];
    }
  }
  out.push(message(out.length + 1, [{ type: 'text', text: TODOS_END }]));
  return out.join('\n') + '\n';
}

/** Every fixture: file name → a function producing its text. */
export const FIXTURES = {
  'plan-10.jsonl': () => planLog('plan-10', plan10()),
  'plan-2000.jsonl': () => planLog('plan-2000', plan2000()),
  'plan-table-200.jsonl': () => planLog('plan-table-200', planTable200()),
  'plan-nested-500.jsonl': () => planLog('plan-nested-500', planNested500()),
  'plan-line-1mb.jsonl': () => planLog('plan-line-1mb', planLine1mb()),
  'question-1.jsonl': () => questionLog('question-1'),
  'stream-1000.jsonl': () => streamLog('stream-1000', 1000, 20, 4),
  'stream-250.jsonl': () => streamLog('stream-250', 250, 20, 4),
  'log-50k-a.jsonl': () => bigLog('log-a', 'Perf log A', 'perf-log-A', 50_000, 11),
  'log-50k-b.jsonl': () => bigLog('log-b', 'Perf log B', 'perf-log-B', 50_000, 12),
  'todos-2000.jsonl': () => todosLog('todos-2000', 2000),
};

/**
 * Write the missing fixtures (all of them with `force`).
 * @param {{force?: boolean, log?: (line: string) => void}} [options]
 * @returns {string[]} the absolute paths of every fixture
 */
export function makePerfFixtures(options = {}) {
  mkdirSync(PERF_DIR, { recursive: true });
  return Object.entries(FIXTURES).map(([file, make]) => {
    const full = path.join(PERF_DIR, file);
    if (options.force || !existsSync(full)) {
      const text = make();
      writeFileSync(full, text);
      options.log?.(`wrote fixtures/perf/${file} (${text.length.toLocaleString('en')} bytes)`);
    }
    return full;
  });
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  makePerfFixtures({ force: process.argv.includes('--force'), log: (l) => console.log(l) });
}
