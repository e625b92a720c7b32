/**
 * Tests of the scripted model, driven through `stream()` like the agent loop drives it: a small loop in
 * this file runs the model's tool calls against the harness's seed workspace and feeds the results back
 * with the harness's own exit_plan_mode texts.
 */
import { describe, expect, it, vi } from 'vitest';
import { isValidPlanText } from '../../src/core/plan/plan-text.ts';
import { EXIT_TEXTS } from '../plugins/exit-plan-tool.ts';
import { WORKSPACE_SEED, toolError } from '../tools.ts';
import type { ModelChunk, ModelMessage, ModelProvider, ModelRequest } from '../types.ts';
import { createScriptedModel, feedbackOf, notesPathOf, reviewOutcomeOf, scriptStep } from './scripted.ts';
import { parsePlanSteps, titleFromTask } from './scripted-plan.ts';
import { formatReviewFeedback } from '../../src/core/review/feedback-format.ts';
import { planEditDiff } from '../../src/core/review/plan-edit.ts';

const PLAN = ['base', 'plan:policy'];
const DEFAULT = ['base'];

interface Step {
  chunks: ModelChunk[];
  reasoning: string;
  text: string;
  call?: { id: string; name: string; arguments: string; args: Record<string, unknown> };
  finish: 'stop' | 'tool-calls' | undefined;
}

let stepCounter = 0;

async function step(model: ModelProvider, sections: string[], messages: ModelMessage[], signal: AbortSignal = new AbortController().signal): Promise<Step> {
  stepCounter += 1;
  const request: ModelRequest = {
    sessionId: 's1',
    turn: 1,
    step: stepCounter,
    system: sections.join('\n'),
    sections,
    tools: [],
    messages,
    signal,
  };
  const chunks: ModelChunk[] = [];
  for await (const chunk of model.stream(request)) chunks.push(chunk);
  const out: Step = { chunks, reasoning: '', text: '', finish: undefined };
  for (const chunk of chunks) {
    if (chunk.type === 'reasoning-delta') out.reasoning += chunk.text;
    if (chunk.type === 'text-delta') out.text += chunk.text;
    if (chunk.type === 'tool-call') {
      out.call = { id: chunk.id, name: chunk.name, arguments: chunk.arguments, args: JSON.parse(chunk.arguments) };
    }
    if (chunk.type === 'finish') out.finish = chunk.reason.kind;
  }
  return out;
}

function assistant(out: Step): ModelMessage {
  return { role: 'assistant', text: out.text, toolCalls: out.call ? [{ id: out.call.id, name: out.call.name, arguments: out.call.arguments }] : [] };
}

/** Runs list/read/write against `files`; other tools are answered by `answer`. */
function toolResult(out: Step, files: Map<string, string>, answer?: { text: string; isError: boolean }): ModelMessage {
  const call = out.call;
  if (!call) throw new Error('no tool call');
  let result: { text: string; isError: boolean };
  if (call.name === 'list_files') result = { text: [...files.keys()].sort().join('\n'), isError: false };
  else if (call.name === 'read_file') {
    const content = files.get(String(call.args.path));
    result = content === undefined ? toolError(`no such file: ${String(call.args.path)}`) : { text: content, isError: false };
  } else if (call.name === 'write_file') {
    files.set(String(call.args.path), String(call.args.content));
    result = { text: `Wrote ${String(call.args.content).length} characters.`, isError: false };
  } else if (answer) result = answer;
  else throw new Error(`no answer for ${call.name}`);
  return { role: 'tool', toolCallId: call.id, name: call.name, ...result };
}

function seed(): Map<string, string> {
  return new Map(Object.entries(WORKSPACE_SEED));
}

/** Steps until the model calls exit_plan_mode (or stops), executing workspace tools on the way (their names into `calls`). */
async function untilReview(model: ModelProvider, sections: string[], messages: ModelMessage[], files: Map<string, string>, calls: string[] = []) {
  for (let i = 0; i < 10; i += 1) {
    const out = await step(model, sections, messages);
    messages.push(assistant(out));
    if (out.call?.name === 'exit_plan_mode' || out.finish === 'stop') return out;
    if (out.call) calls.push(out.call.name);
    messages.push(toolResult(out, files));
  }
  throw new Error('no review within 10 steps');
}

const user = (text: string): ModelMessage => ({ role: 'user', text, source: 'user' });
const approved = { text: EXIT_TEXTS.approved, isError: false };

describe('scripted model', () => {
  it('explores in plan mode: lists files, reads the most relevant one, then presents a plan', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('Add a --greeting flag to the CLI')];
    const files = seed();

    const first = await step(model, PLAN, messages);
    expect(first.chunks[0]).toEqual({ type: 'block-start', index: 0, blockType: 'reasoning' });
    expect(first.reasoning).toContain('Plan mode is on');
    expect(first.text).not.toBe('');
    expect(first.call).toMatchObject({ name: 'list_files', args: {} });
    expect(first.finish).toBe('tool-calls');
    messages.push(assistant(first), toolResult(first, files));

    const second = await step(model, PLAN, messages);
    expect(second.call).toMatchObject({ name: 'read_file', args: { path: 'src/cli.ts' } });
    messages.push(assistant(second), toolResult(second, files));

    const third = await step(model, PLAN, messages);
    expect(third.call?.name).toBe('exit_plan_mode');
    const plan = String(third.call?.args.plan);
    expect(isValidPlanText(plan)).toBe(true);
    expect(plan.split('\n')[0]).toBe('# Add a --greeting flag to the CLI');
    expect(plan).toContain('`src/cli.ts`');
    expect(plan).toContain('`src/greet.ts`');
    expect(plan).toContain('`README.md`');
    expect(parsePlanSteps(plan).length).toBeGreaterThanOrEqual(3);
    expect(parsePlanSteps(plan).length).toBeLessThanOrEqual(6);
  });

  it('writes planning notes while plan mode is on when the task asks for them, once, then presents the plan', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('Add a --greeting flag to the CLI and save notes to NOTES.md')];
    const files = seed();
    const calls: string[] = [];
    const review = await untilReview(model, PLAN, messages, files, calls);
    expect(calls).toEqual(['list_files', 'write_file', 'read_file']);
    expect(files.get('NOTES.md')).toContain('# Planning notes');
    expect(review.call?.name).toBe('exit_plan_mode');
    // Revising the plan writes no second time.
    messages.push({ role: 'tool', toolCallId: review.call!.id, name: 'exit_plan_mode', text: 'Keep planning; their feedback: also add a test', isError: true });
    const again: string[] = [];
    expect((await untilReview(model, PLAN, messages, files, again)).call?.name).toBe('exit_plan_mode');
    expect(again).not.toContain('write_file');
  });

  it.each([
    ['Plan it and save notes to NOTES.md', 'NOTES.md'],
    ['write the notes in `docs/plan-notes.md`.', 'docs/plan-notes.md'],
    ['keep planning notes into notes.txt', 'notes.txt'],
    ['save notes to ../outside.md', undefined],
    ['Add a --greeting flag to the CLI', undefined],
  ])('reads the notes path of %j', (task, path) => {
    expect(notesPathOf(task)).toBe(path);
  });

  it('revises after keep-planning feedback, then carries the approved plan out file by file and stops', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('/plan Add a --greeting flag to the CLI')];
    const files = seed();
    const firstPlan = await untilReview(model, PLAN, messages, files);
    const firstSteps = parsePlanSteps(String(firstPlan.call?.args.plan));

    const feedback = 'Also print the greeting in upper case when --shout is given. Skip the README change.';
    messages.push(toolResult(firstPlan, files, toolError(EXIT_TEXTS.feedback(feedback))));
    const revised = await step(model, PLAN, messages);
    expect(revised.call?.name).toBe('exit_plan_mode');
    const revisedPlan = String(revised.call?.args.plan);
    expect(isValidPlanText(revisedPlan)).toBe(true);
    expect(revisedPlan).toContain('## Changes after review');
    expect(revisedPlan).toContain(`> ${feedback}`);
    expect(revised.text).toBe('Here is the revised plan, with the review feedback worked in.');
    const revisedSteps = parsePlanSteps(revisedPlan);
    expect(revisedSteps).toHaveLength(firstSteps.length);
    expect(revisedSteps.some((s) => s.text.startsWith('Print the greeting in upper case when --shout is given in `src/'))).toBe(true);
    expect(revisedSteps.some((s) => s.file === 'README.md')).toBe(false);
    expect(firstSteps.some((s) => s.file === 'README.md')).toBe(true);
    messages.push(assistant(revised), toolResult(revised, files, approved));

    // After approval the next boundary commits plan mode off: the default sections apply.
    const writes: string[] = [];
    let final: Step | undefined;
    for (let i = 0; i < 20 && final === undefined; i += 1) {
      const out = await step(model, DEFAULT, messages);
      messages.push(assistant(out));
      if (out.finish === 'stop') final = out;
      else {
        if (out.call?.name === 'write_file') writes.push(String(out.call.args.path));
        expect(['read_file', 'write_file']).toContain(out.call?.name);
        expect(out.text).toMatch(/^Step \d+ of \d+/);
        messages.push(toolResult(out, files));
      }
    }
    expect(writes).toEqual(revisedSteps.map((s) => s.file));
    expect(writes).not.toContain('README.md');
    expect(final?.call).toBeUndefined();
    expect(final?.text).toContain(`all ${revisedSteps.length} steps`);
    expect(files.get('src/cli.ts')?.startsWith(WORKSPACE_SEED['src/cli.ts'] as string)).toBe(true);
    expect(files.get('src/cli.ts')).toContain('// Add a --greeting flag to the CLI: Make the change in src/cli.ts');
  });

  it('presents the same plan, saying so, after feedback it does not understand', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('/plan Add a --greeting flag to the CLI')];
    const files = seed();
    const first = await untilReview(model, PLAN, messages, files);
    messages.push(toolResult(first, files, toolError(EXIT_TEXTS.feedback('Make it nicer overall'))));
    const revised = await step(model, PLAN, messages);
    expect(revised.call?.name).toBe('exit_plan_mode');
    expect(parsePlanSteps(String(revised.call?.args.plan))).toEqual(parsePlanSteps(String(first.call?.args.plan)));
    expect(revised.text).toMatch(/^I did not understand the feedback, so the plan is the same\. I follow “skip …”, “drop …”, “also …”, “add a step …”/);
  });

  it('adopts an edited plan verbatim, and applies later feedback to the edited steps', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('Add a --greeting flag to the CLI')];
    const files = seed();
    const first = await untilReview(model, PLAN, messages, files);
    const original = String(first.call?.args.plan);
    const edited = `${original.replace(/\n$/, '')}\n\n## Notes\n\n\`\`\`sh\nnode cli.js --greeting Hi\n\`\`\`\n> keep this quote\n`.replace(
      /^1\. .*$/m,
      '1. Parse `--greeting` in `src/cli.ts` with a default of "Hello".',
    );
    const feedback = formatReviewFeedback({ edit: { plan: edited, diff: planEditDiff(original, edited) }, comments: [], general: 'skip the README change' });
    messages.push(toolResult(first, files, toolError(EXIT_TEXTS.feedback(feedback))));
    const adopted = await step(model, PLAN, messages);
    expect(adopted.call?.name).toBe('exit_plan_mode');
    expect(adopted.call?.args.plan).toBe(edited);
    expect(adopted.text).toBe('Here is your edited plan, adopted verbatim.');

    messages.push(assistant(adopted), toolResult(adopted, files, toolError(EXIT_TEXTS.feedback('skip step 2'))));
    const next = await step(model, PLAN, messages);
    const steps = parsePlanSteps(String(next.call?.args.plan));
    expect(steps[0]?.text).toBe('Parse `--greeting` in `src/cli.ts` with a default of "Hello".');
    expect(steps).toHaveLength(parsePlanSteps(edited).length - 1);
  });

  it('puts a title on an adopted edit that has none, and says so', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('Add a --greeting flag to the CLI')];
    const files = seed();
    const first = await untilReview(model, PLAN, messages, files);
    const feedback = formatReviewFeedback({ edit: { plan: '1. Only this step in `src/cli.ts`.\n', diff: '' }, comments: [], general: '' });
    messages.push(toolResult(first, files, toolError(EXIT_TEXTS.feedback(feedback))));
    const adopted = await step(model, PLAN, messages);
    expect(adopted.call?.args.plan).toBe('# Add a --greeting flag to the CLI\n\n1. Only this step in `src/cli.ts`.\n');
    expect(adopted.text).toMatch(/with a title on top/);
  });

  it('revises after a keep planning without comments', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('Rename greet to welcome everywhere')];
    const files = seed();
    const first = await untilReview(model, PLAN, messages, files);
    messages.push(toolResult(first, files, toolError(EXIT_TEXTS.revise)));
    const revised = await step(model, PLAN, messages);
    const plan = String(revised.call?.args.plan);
    expect(plan).toContain('(revised)');
    expect(plan).toContain('## Changes after review');
    expect(parsePlanSteps(plan)).toEqual(parsePlanSteps(String(first.call?.args.plan)));
    expect(revised.text).toMatch(/no comments, so the steps are unchanged/);
  });

  it('waits after a dismissed review and takes the next message as feedback on the plan', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('Add a --greeting flag to the CLI')];
    const files = seed();
    const first = await untilReview(model, PLAN, messages, files);
    messages.push(toolResult(first, files, toolError(EXIT_TEXTS.dismissed)));

    const waiting = await step(model, PLAN, messages);
    expect(waiting.call).toBeUndefined();
    expect(waiting.finish).toBe('stop');
    expect(waiting.text).toMatch(/wait for your message/);
    expect(waiting.text.split('\n')).toHaveLength(1);
    messages.push(assistant(waiting));

    messages.push(user('Please add a step to keep the default greeting in src/greet.ts.'));
    const revised = await step(model, PLAN, messages);
    expect(revised.call?.name).toBe('exit_plan_mode');
    const plan = String(revised.call?.args.plan);
    expect(plan).toContain('> Please add a step to keep the default greeting in src/greet.ts.');
    expect(plan.split('\n')[0]).toBe('# Add a --greeting flag to the CLI (revised)');
    expect(parsePlanSteps(plan)).toContainEqual({ file: 'src/greet.ts', text: 'Keep the default greeting in `src/greet.ts`.' });
  });

  it('answers a prompt outside plan mode with a short text and stops', async () => {
    const out = await step(createScriptedModel({ delayMs: 0 }), DEFAULT, [user('How do I rename a branch in git?')]);
    expect(out.call).toBeUndefined();
    expect(out.finish).toBe('stop');
    expect(out.text).toContain('How do I rename a branch in git?');
    expect(out.text).toContain('/plan');
  });

  it('replies with the requested single word outside plan mode', async () => {
    const out = await step(createScriptedModel({ delayMs: 0 }), DEFAULT, [user('Reply with the single word LIGHTHOUSE and stop.')]);
    expect(out.text).toBe('LIGHTHOUSE');
    expect(out.finish).toBe('stop');
  });

  it('asks a single-select question when the prompt asks for one, then acknowledges the answer', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const messages: ModelMessage[] = [user('Ask me how thorough the refactor of greet.ts should be')];
    const ask = await step(model, DEFAULT, messages);
    expect(ask.call?.name).toBe('ask_user_question');
    const questions = ask.call?.args.questions as { id: string; question: string; multi_select?: boolean; options: { label: string; description: string }[] }[];
    expect(questions).toHaveLength(1);
    const [question] = questions;
    expect(question?.multi_select).toBeUndefined();
    expect(question?.options.length).toBeGreaterThanOrEqual(2);
    expect(question?.options.length).toBeLessThanOrEqual(3);
    for (const option of question?.options ?? []) expect(option.description).not.toBe('');
    messages.push(assistant(ask));

    const label = question?.options[1]?.label ?? '';
    const answer = JSON.stringify({ answers: [{ id: question?.id, selected: [label] }] });
    const ack = await step(model, DEFAULT, [...messages, toolResult(ask, seed(), { text: answer, isError: false })]);
    expect(ack.call).toBeUndefined();
    expect(ack.finish).toBe('stop');
    expect(ack.text).toContain('**Balanced**');

    const custom = JSON.stringify({ answers: [{ id: question?.id, selected: [], custom: 'Only rename, nothing else' }] });
    const ackCustom = await step(model, DEFAULT, [...messages, toolResult(ask, seed(), { text: custom, isError: false })]);
    expect(ackCustom.text).toContain('“Only rename, nothing else”');

    const dismissed = toolError('the user dismissed the question; wait for their next message');
    const ackDismissed = await step(model, DEFAULT, [...messages, toolResult(ask, seed(), dismissed)]);
    expect(ackDismissed.text).toMatch(/No answer came back/);
  });

  it.each([
    ['Add a --greeting flag to the CLI'],
    ['/plan Plan a small change: add a --greeting flag to a CLI. Do not read or write any files.'],
    ['Please refactor src/greet.ts so the greeting text is configurable'],
    ['What does this project do?'],
    ['hello'],
    ['Fix the typo in the README'],
    ['Migrate the whole codebase from CommonJS to ES modules, add tests for every module, and document the release process in detail for new contributors'],
    ['重构 greet 函数'],
    ['   '],
  ])('presents a valid plan of 3–6 file-naming steps for %j', async (task) => {
    for (const files of [seed(), new Map<string, string>()]) {
      const messages: ModelMessage[] = [user(task)];
      const out = await untilReview(createScriptedModel({ delayMs: 0 }), PLAN, messages, files);
      expect(out.call?.name).toBe('exit_plan_mode');
      const plan = String(out.call?.args.plan);
      expect(isValidPlanText(plan)).toBe(true);
      expect(plan.split('\n')[0]?.length).toBeLessThanOrEqual(76);
      const steps = parsePlanSteps(plan);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect(steps.length).toBeLessThanOrEqual(6);
      for (const s of steps) expect(s.text).toContain(`\`${s.file}\``);
    }
  });

  it('ignores plugin notices when deciding the step', () => {
    const notice: ModelMessage = { role: 'user', text: 'The user switched the session into plan mode.', source: 'notice' };
    const out = scriptStep({ sections: PLAN, messages: [user('Add a --greeting flag'), notice] });
    expect(out.toolCall?.name).toBe('list_files');
  });

  it('streams word-sized deltas whose concatenation is the text, awaiting its own delay per delta', async () => {
    const sleep = vi.fn(async () => {});
    const model = createScriptedModel({ sleep });
    const out = await step(model, DEFAULT, [user('How do I rename a branch in git?')]);
    const deltas = out.chunks.filter((c) => c.type === 'text-delta' || c.type === 'reasoning-delta');
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.every((c) => !('delayMs' in c))).toBe(true);
    expect(sleep).toHaveBeenCalledTimes(deltas.length);
    expect(sleep.mock.calls.every((call: unknown[]) => call[0] === 12)).toBe(true);
    expect(deltas.every((c) => 'text' in c && /^\s*\S+\s*$/.test(c.text))).toBe(true);
  });

  it('stops with an AbortError when the request signal aborts mid-stream', async () => {
    const controller = new AbortController();
    const model = createScriptedModel({ delayMs: 0 });
    const seen: ModelChunk[] = [];
    const run = (async () => {
      for await (const chunk of model.stream({
        sessionId: 's',
        turn: 1,
        step: 1,
        system: '',
        sections: PLAN,
        tools: [],
        messages: [user('Add a flag')],
        signal: controller.signal,
      })) {
        seen.push(chunk);
        if (seen.length === 3) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(3);
  });

  it('names itself ui-plan / scripted unless told otherwise', () => {
    expect(createScriptedModel()).toMatchObject({ provider: 'ui-plan', model: 'scripted' });
    expect(createScriptedModel({ provider: 'p', model: 'm' })).toMatchObject({ provider: 'p', model: 'm' });
  });
});

it.each([
  [EXIT_TEXTS.approved, false, 'approved'],
  ['{"approved":true}', false, 'approved'],
  [`Error: ${EXIT_TEXTS.revise}`, true, 'keep-planning'],
  [`Error: ${EXIT_TEXTS.feedback('use yargs')}`, true, 'keep-planning'],
  [`Error: ${EXIT_TEXTS.reloaded}`, true, 'keep-planning'],
  [`Error: ${EXIT_TEXTS.dismissed}`, true, 'dismissed'],
  [`Error: ${EXIT_TEXTS.notActive}`, true, 'failed'],
  [`Error: ${EXIT_TEXTS.badPlan}`, true, 'failed'],
  ['Error: aborted before the user answered', true, 'failed'],
])('classifies the exit_plan_mode result %j (isError %s) as %s', (text, isError, outcome) => {
  expect(reviewOutcomeOf({ role: 'tool', toolCallId: 'c', name: 'exit_plan_mode', text, isError })).toBe(outcome);
});

it.each([
  [`Error: ${EXIT_TEXTS.feedback('use yargs; keep -g free')}`, 'use yargs; keep -g free'],
  [`Error: ${EXIT_TEXTS.feedback('line one\nline two')}`, 'line one\nline two'],
  ['Error: keep planning; their feedback: "quoted"', 'quoted'],
  [`Error: ${EXIT_TEXTS.revise}`, ''],
])('reads the reviewer feedback out of %j', (text, feedback) => {
  expect(feedbackOf(text)).toBe(feedback);
});

it.each([
  ['Add a --greeting flag to the CLI', 'Add a --greeting flag to the CLI'],
  ['/plan Plan a small change: add a --greeting flag to a CLI. Do not read files.', 'Add a --greeting flag to a CLI'],
  ['please can you fix the login bug.', 'Fix the login bug'],
  ['Could you please plan how to speed up the build', 'Speed up the build'],
  ['what is this repo?', 'What is this repo?'],
  ['', 'Plan'],
  ['x'.repeat(100), `X${'x'.repeat(71)}…`],
])('titles the task %j as %j', (task, title) => {
  expect(titleFromTask(task)).toBe(title);
});
