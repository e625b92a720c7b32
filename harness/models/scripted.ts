/**
 * The scripted model: deterministic, offline, the default model of `npm start`. Each step's output is a
 * pure function of the request (plan mode iff `sections` includes `plan:policy`, or `mode:policy` while
 * `exit_plan_mode` is offered — the session-modes variant offers it only in plan; the conversation in
 * `messages`): explore → `exit_plan_mode` in plan mode, revise after keep-planning feedback, wait after a
 * dismissal, carry an approved plan out file by file, answer or ask in the default mode (docs/upstream-spec.md §1.9).
 * Text streams as word-sized deltas, reasoning first; the provider awaits its own per-delta delay.
 */
import type { TodoItem } from '../../src/core/todos/todos.ts';
import type { ModelChunk, ModelMessage, ModelProvider, ModelRequest } from '../types.ts';
import { FEEDBACK_PHRASES, sinceLatestEdit, type ClauseOutcome } from './scripted-feedback.ts';
import { appendNote, isConversational, parseListing, parsePlanSteps, primaryFile, titleFromTask, writePlanWithOutcomes } from './scripted-plan.ts';
import { defaultSleep, emitPaced, wordDeltas, type Sleep } from './stream.ts';

/** Options of `createScriptedModel`. */
export interface ScriptedModelOptions {
  /** Delay before each text/reasoning delta and tool call, in ms. Default 12; tests pass 0. */
  delayMs?: number;
  /** Provider name reported by `host.describe`. Default `'ui-plan'`. */
  provider?: string;
  /** Model name reported by `host.describe`. Default `'scripted'`. */
  model?: string;
  /** The wait used for pacing (tests inject a recorder). Default: a real abortable timer. */
  sleep?: Sleep;
}

/** One step's output before it is cut into chunks. */
export interface ScriptedOutput {
  reasoning?: string;
  text?: string;
  toolCall?: { name: string; arguments: Record<string, unknown> };
  /** A `todo_write` call with this whole list, made first in the step's batch (before `toolCall`). */
  todos?: TodoItem[];
}

type ToolMessage = Extract<ModelMessage, { role: 'tool' }>;
type AssistantMessage = Extract<ModelMessage, { role: 'assistant' }>;
type ReviewOutcome = 'approved' | 'keep-planning' | 'dismissed' | 'failed';

const PLAN_POLICY = 'plan:policy';
const MODE_POLICY = 'mode:policy';
const ASK_REQUEST =
  /\bask me\b|\bask (?:the user|a question|me a question)\b|\b(?:give|offer|show) me (?:some |a few |two |three )?(?:choices|options)\b|\blet me (?:choose|pick)\b|\bask_user_question\b/i;

/**
 * Classifies an `exit_plan_mode` result. Approval text starts with "Plan approved" (or is `{"approved":true}`);
 * a dismissal says the user dismissed the review to talk; other errors that say "keep planning" or "revise"
 * are keep-planning; anything else failed (docs/upstream-spec.md §1.9 checks 1–7).
 * @param message - a tool message named `exit_plan_mode`.
 */
export function reviewOutcomeOf(message: ToolMessage): ReviewOutcome {
  const text = message.text.trim();
  if (!message.isError && (/^plan approved/i.test(text) || /"approved"\s*:\s*true/.test(text))) return 'approved';
  if (/dismiss|wants? to (?:talk|speak)|wait for (?:their|the user'?s?) message/i.test(text)) return 'dismissed';
  if (message.isError && /keep planning|revise|feedback|present (?:the plan |it )?again/i.test(text)) return 'keep-planning';
  return 'failed';
}

/**
 * The reviewer's feedback in a keep-planning result: the text after the first "feedback:", trimmed and
 * unquoted; `''` for a generic keep-planning without comments.
 * @param text - the tool result text (e.g. `Error: keep planning; their feedback: <custom verbatim>`).
 */
export function feedbackOf(text: string): string {
  const match = /feedback\s*:\s*([\s\S]*)$/i.exec(text);
  if (!match?.[1]) return '';
  const body = match[1].trim();
  const quoted = /^(["“'])([\s\S]*)(["”'])$/.exec(body);
  return (quoted?.[2] ?? body).trim();
}

/** What the scripted model reads off a conversation. */
interface Reading {
  /** Messages without notices. */
  all: ModelMessage[];
  /** Index in `all` of the latest user message; -1 when there is none. */
  taskIndex: number;
  /** The task the current plan is for (the user message that started it). */
  origin: string;
  /** Feedback to incorporate into the next plan, oldest first (`''` = no comments). */
  feedback: string[];
  /** Calls by id, for reading the arguments behind a tool result. */
  calls: Map<string, { name: string; arguments: string }>;
}

function read(messages: readonly ModelMessage[]): Reading {
  const all = messages.filter((m) => !(m.role === 'user' && m.source === 'notice'));
  const calls = new Map<string, { name: string; arguments: string }>();
  let origin = '';
  let feedback: string[] = [];
  let lastReview: ReviewOutcome | undefined;
  let taskIndex = -1;
  all.forEach((m, i) => {
    if (m.role === 'user') {
      taskIndex = i;
      // A message right after a dismissed or rejected review is feedback on that plan (docs/upstream-spec.md §3.5: "feedback happens by dismissing and then typing a normal message").
      if (lastReview === 'dismissed' || lastReview === 'keep-planning') feedback.push(m.text);
      else {
        origin = m.text;
        feedback = [];
      }
      lastReview = undefined;
    } else if (m.role === 'assistant') {
      for (const call of m.toolCalls) calls.set(call.id, { name: call.name, arguments: call.arguments });
    } else if (m.name === 'exit_plan_mode') {
      lastReview = reviewOutcomeOf(m);
      if (lastReview === 'keep-planning') feedback.push(feedbackOf(m.text));
      if (lastReview === 'approved') feedback = [];
    }
  });
  return { all, taskIndex, origin, feedback, calls };
}

function argsOf(reading: Reading, message: ToolMessage): Record<string, unknown> {
  const call = reading.calls.get(message.toolCallId);
  if (call === undefined) return {};
  try {
    const value: unknown = JSON.parse(call.arguments);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function latestListing(reading: Reading): string[] | undefined {
  for (let i = reading.all.length - 1; i >= 0; i -= 1) {
    const m = reading.all[i];
    if (m?.role === 'tool' && m.name === 'list_files' && !m.isError) return parseListing(m.text);
  }
  return undefined;
}

function latestRead(reading: Reading, from: number): { path: string; text: string } | undefined {
  for (let i = reading.all.length - 1; i > from; i -= 1) {
    const m = reading.all[i];
    if (m?.role === 'tool' && m.name === 'read_file' && !m.isError) {
      const path = argsOf(reading, m).path;
      if (typeof path === 'string') return { path, text: m.text };
    }
  }
  return undefined;
}

function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * What the model says when it presents a revision: what the latest feedback changed, or that it was not
 * understood and the plan is the same (the phrases it follows are listed by `FEEDBACK_PHRASES`).
 */
function revisionReply(latest: string, outcomes: readonly ClauseOutcome[]): Pick<ScriptedOutput, 'reasoning' | 'text'> {
  if (latest === '') {
    return {
      reasoning: 'The review asked me to keep planning without comments. Nothing specific to change, so I present the plan again.',
      text: 'Here is the plan again; the review had no comments, so the steps are unchanged.',
    };
  }
  const understood = outcomes.filter((o) => o.kind !== 'not-understood').length;
  const phrases = FEEDBACK_PHRASES.map((p) => `“${p}”`).join(', ');
  const missed = outcomes.filter((o) => o.kind === 'not-understood').map((o) => `“${oneLine(o.clause, 60)}”`);
  const reasoning = `The review asked: “${oneLine(latest)}”. I follow only ${phrases}, matched against the step text.`;
  if (understood === 0) {
    return { reasoning, text: `I did not understand the feedback, so the plan is the same. I follow ${phrases}, e.g. “skip the README change”.` };
  }
  return {
    reasoning,
    text:
      missed.length === 0
        ? 'Here is the revised plan, with the review feedback worked in.'
        : `Here is the revised plan. I did not understand ${missed.join(', ')}; I follow ${phrases}.`,
  };
}

/**
 * Presenting the reviewer's edited plan as the next revision, verbatim; only a plan without the `# ` title the
 * exit tool requires (docs/upstream-spec.md §1.9) gets the task's title on top, and the reply says so.
 */
function adoptEdit(edited: string, title: string): ScriptedOutput {
  const titled = /^#\s+\S/.test(edited.trim());
  const plan = titled ? edited : `# ${title}\n\n${edited}`;
  return {
    reasoning: 'The review sent an edited plan and asked me to adopt it, so I present it as my next revision.',
    text: titled ? 'Here is your edited plan, adopted verbatim.' : 'Here is your edited plan, adopted with a title on top (a plan must start with one).',
    toolCall: { name: 'exit_plan_mode', arguments: { plan } },
  };
}

/**
 * A task that asks for planning notes in a file ("… and save notes to NOTES.md"): the path, else undefined. Plan mode
 * is guidance, not enforcement (docs/upstream-spec.md §1.9), so the model writes the file while planning — the
 * scripted case of acting while planning.
 */
export function notesPathOf(task: string): string | undefined {
  const path = /\b(?:save|write|keep) (?:my |the |planning )?notes (?:to|in|into) [`"']?([\w./-]*\w)/i.exec(task)?.[1];
  return path === undefined || path.includes('..') ? undefined : path;
}

/** Exploring, then presenting (or re-presenting) the plan, in plan mode. */
function planStep(reading: Reading): ScriptedOutput {
  const after = reading.all.slice(reading.taskIndex + 1);
  const task = reading.origin || (reading.taskIndex >= 0 ? (reading.all[reading.taskIndex] as { text: string }).text : '');
  const listing = latestListing(reading);
  const listedNow = after.some((m) => m.role === 'tool' && m.name === 'list_files');
  const revising = reading.feedback.length > 0;
  const conversational = isConversational(task);

  if (!listedNow && !(revising && listing !== undefined)) {
    return {
      reasoning: conversational
        ? `The user wrote: “${oneLine(task)}”. It reads like a question, but plan mode is on, so I will answer it as a plan: look at the workspace first, then propose what to write.`
        : `The user wants: “${oneLine(task)}”. Plan mode is on, so I explore and design first and change nothing until the plan is approved.`,
      text: 'Let me look at the workspace first.',
      toolCall: { name: 'list_files', arguments: {} },
    };
  }

  const files = listing ?? [];
  const notes = notesPathOf(task);
  if (notes !== undefined && !revising && !after.some((m) => m.role === 'tool' && m.name === 'write_file')) {
    return {
      reasoning: `The user asked for planning notes in \`${notes}\`. Plan mode asks me to change nothing yet, but it does not block writes, so I save the notes now.`,
      text: `Saving planning notes to \`${notes}\`.`,
      toolCall: {
        name: 'write_file',
        arguments: { path: notes, content: `# Planning notes\n\n- Task: ${oneLine(task)}\n- Files looked at: ${files.length}\n` },
      },
    };
  }
  const readNow = after.some((m) => m.role === 'tool' && m.name === 'read_file');
  const primary = primaryFile(task, files);
  if (!revising && !readNow && primary !== undefined) {
    return {
      reasoning: `The listing has ${files.length} file${files.length === 1 ? '' : 's'}. \`${primary}\` looks most relevant to the task, so I will read it before writing the plan.`,
      text: `\`${primary}\` looks like the place to start; reading it.`,
      toolCall: { name: 'read_file', arguments: { path: primary } },
    };
  }

  const { edited, later } = sinceLatestEdit(reading.feedback);
  if (edited !== undefined && later.length === 0) return adoptEdit(edited, titleFromTask(task));
  const base = edited === undefined ? undefined : parsePlanSteps(edited);
  const { plan, outcomes } = writePlanWithOutcomes({ task, listing: files, read: latestRead(reading, -1), feedback: later, base });
  const latest = reading.feedback[reading.feedback.length - 1]?.trim() ?? '';
  return revising
    ? { ...revisionReply(latest, latest === '' ? [] : (outcomes[outcomes.length - 1] ?? [])), toolCall: { name: 'exit_plan_mode', arguments: { plan } } }
    : {
        reasoning: `I have enough to propose a plan for “${oneLine(titleFromTask(task))}”. Presenting it for review.`,
        text: 'Here is my plan. Approve it to start, or keep planning with feedback.',
        toolCall: { name: 'exit_plan_mode', arguments: { plan } },
      };
}

/**
 * The to-do list of an approved plan's steps while it is carried out: one to-do per step (its text, made unique), the
 * steps whose write succeeded `completed`, a step whose write failed `pending` (not done), the step being worked on
 * `in_progress` (one at a time), the rest `pending`.
 * @param steps - the plan's steps
 * @param results - whether each step's write succeeded, in step order (as many as steps attempted)
 */
export function progressTodos(steps: readonly { text: string }[], results: readonly boolean[]): TodoItem[] {
  const seen = new Set<string>();
  return steps.map((step, i) => {
    const base = step.text.trim() || `Step ${i + 1}`;
    let content = base;
    for (let n = 2; seen.has(content); n += 1) content = `${base} (${n})`;
    seen.add(content);
    const status = i < results.length ? (results[i] ? 'completed' : 'pending') : i === results.length ? 'in_progress' : 'pending';
    return { content, status };
  });
}

/** The list of the latest successful `todo_write` call after `from`, or `undefined` before any. */
function latestTodos(reading: Reading, from: number): unknown {
  for (let i = reading.all.length - 1; i > from; i -= 1) {
    const m = reading.all[i];
    if (m?.role === 'tool' && m.name === 'todo_write' && !m.isError) return argsOf(reading, m).todos;
  }
  return undefined;
}

/**
 * Carrying out an approved plan: one step per plan step (read first when the file exists), then a summary. With
 * `todo_write` offered, the step's batch starts with a `todo_write` whenever the steps' progress changed since the last
 * list (the first list when execution starts; a step ticked the moment its write came back).
 */
function executeStep(reading: Reading, approvalIndex: number, trackTodos: boolean): ScriptedOutput {
  const withTodos = (output: ScriptedOutput): ScriptedOutput => {
    if (!trackTodos || steps.length === 0) return output;
    const todos = progressTodos(steps, results);
    return JSON.stringify(latestTodos(reading, approvalIndex)) === JSON.stringify(todos) ? output : { ...output, todos };
  };
  const approval = reading.all[approvalIndex] as ToolMessage;
  const planText = argsOf(reading, approval).plan;
  const plan = typeof planText === 'string' ? planText : '';
  const title = /^#\s+(.+?)\s*$/m.exec(plan)?.[1]?.replace(/\s*\(revised\)$/, '') ?? 'the plan';
  const steps = parsePlanSteps(plan);
  const listing = new Set(latestListing(reading) ?? []);
  const after = reading.all.slice(approvalIndex + 1);

  const written = new Map<string, string>();
  const writeIds: string[] = [];
  const failedIds = new Set<string>();
  let done = 0;
  for (const m of after) {
    if (m.role === 'tool' && m.name === 'write_file' && m.isError) failedIds.add(m.toolCallId);
    if (m.role !== 'assistant') continue;
    for (const call of m.toolCalls) {
      if (call.name !== 'write_file') continue;
      done += 1;
      writeIds.push(call.id);
      try {
        const args = JSON.parse(call.arguments) as { path?: unknown; content?: unknown };
        if (typeof args.path === 'string' && typeof args.content === 'string') written.set(args.path, args.content);
      } catch {
        // A malformed call of ours still counts as the step's attempt.
      }
    }
  }

  const results = writeIds.slice(0, steps.length).map((id) => !failedIds.has(id));
  const step = steps[done];
  if (step === undefined) {
    const final = withTodos({});
    if (final.todos !== undefined) {
      return { reasoning: 'The last step is done; I mark it on the to-do list before summarising.', text: 'Updating the plan’s progress.', todos: final.todos };
    }
    const failed = after.filter((m) => m.role === 'tool' && m.name === 'write_file' && m.isError).length;
    const list = steps.map((s, i) => `${i + 1}. ${s.text}`).join('\n');
    return {
      reasoning: 'Every step of the approved plan has been carried out. Time to summarise and stop.',
      text:
        steps.length === 0
          ? `The approved plan “${title}” had no list of steps to carry out, so I changed nothing.`
          : `Done: all ${steps.length} steps of “${title}” are carried out.\n\n${list}${failed > 0 ? `\n\n${failed} write${failed === 1 ? '' : 's'} failed; see the tool results above.` : ''}`,
    };
  }

  const position = `Step ${done + 1} of ${steps.length}`;
  const last = after[after.length - 1];
  const justRead = last?.role === 'tool' && last.name === 'read_file' && argsOf(reading, last).path === step.file;
  const known = written.get(step.file);
  if (known === undefined && !justRead && listing.has(step.file)) {
    return withTodos({
      reasoning: `${position}: ${step.text} I read \`${step.file}\` first so the edit keeps what is there.`,
      text: `${position}: reading \`${step.file}\`.`,
      toolCall: { name: 'read_file', arguments: { path: step.file } },
    });
  }
  const base = known ?? (justRead && !last.isError ? last.text : '');
  return withTodos({
    reasoning:
      base === ''
        ? `\`${step.file}\` is new, so I create it with this step's change.`
        : `I have the current text of \`${step.file}\`; I keep it and add this step's change.`,
    text: `${position}: ${step.text}`,
    toolCall: { name: 'write_file', arguments: { path: step.file, content: appendNote(step.file, base, step.text.replace(/`/g, ''), title) } },
  });
}

/** Answering, asking, or acknowledging an answer outside plan mode. */
function defaultStep(reading: Reading): ScriptedOutput {
  const after = reading.all.slice(reading.taskIndex + 1);
  const last = after[after.length - 1];
  const task = reading.taskIndex >= 0 ? (reading.all[reading.taskIndex] as { text: string }).text : '';

  if (last?.role === 'tool' && last.name === 'ask_user_question') {
    if (last.isError) {
      return {
        reasoning: 'The question was not answered. I will not guess; the user can tell me in a message.',
        text: 'No answer came back, so I will leave it there. Tell me how you would like to go on.',
      };
    }
    let picked: string[] = [];
    let custom: string | undefined;
    try {
      const parsed = JSON.parse(last.text) as { answers?: { selected?: unknown; custom?: unknown }[] };
      const first = parsed.answers?.[0];
      if (Array.isArray(first?.selected)) picked = first.selected.filter((s): s is string => typeof s === 'string');
      if (typeof first?.custom === 'string') custom = first.custom;
    } catch {
      custom = last.text;
    }
    const choice = picked.map((label) => `**${label.replace(/\s*[(（](Recommended|推荐)[)）]$/, '')}**`).join(', ');
    const parts = [
      choice !== '' ? `Thanks: you picked ${choice}.` : 'Thanks for the answer.',
      custom !== undefined && custom.trim() !== '' ? `You added: “${custom.trim()}”.` : '',
      'I will go with that.',
    ];
    return { reasoning: 'The user answered my question; I acknowledge it and stop.', text: parts.filter((p) => p !== '').join(' ') };
  }

  if (last !== undefined) {
    return { reasoning: 'The tool work is finished.', text: 'Done.' };
  }

  if (ASK_REQUEST.test(task)) {
    const topic = oneLine(titleFromTask(task).replace(/[?]$/, ''), 60);
    return {
      reasoning: 'The user wants me to ask them something before going on, so I offer a few choices.',
      text: 'Before I start, one quick question.',
      toolCall: {
        name: 'ask_user_question',
        arguments: {
          questions: [
            {
              id: 'approach',
              header: 'Approach',
              question: `How should I approach “${topic}”?`,
              options: [
                { label: 'Keep it minimal', description: 'The smallest change that does the job; quick to review.' },
                { label: 'Balanced (Recommended)', description: 'The change plus tests and a short note in the docs.' },
                { label: 'Go thorough', description: 'Also refactor nearby code and cover edge cases in depth.' },
              ],
            },
          ],
        },
      },
    };
  }

  const word = /\breply with (?:only |just )?(?:the )?(?:single )?word\s+["“'`]?([^\s"”'`.,!]+)/i.exec(task)?.[1];
  if (word !== undefined) {
    return { reasoning: 'The user wants a single word back.', text: word };
  }
  if (task.trim() === '') {
    return { reasoning: 'There is no message to answer.', text: 'I am here. What would you like to do?' };
  }
  return {
    reasoning: `The user wrote: “${oneLine(task)}”. Plan mode is off, so I answer directly and briefly.`,
    text:
      `You asked: “${oneLine(titleFromTask(task), 100)}”. I am the offline scripted model of ui-plan, so I answer briefly: ` +
      'break it into one concrete change, look at the files it touches, and make it in small steps. ' +
      'To see a reviewed plan before anything changes, switch plan mode on with `/plan` and send the task again.',
  };
}

/**
 * Decides one step's output from the request alone (pure; no clock, no randomness).
 * @param request - the loop's request; only `sections`, `messages` and (when given) the tool names are read.
 * @returns the reasoning, text and at most one tool call of the step.
 */
export function scriptStep(request: Pick<ModelRequest, 'sections' | 'messages'> & { tools?: readonly { name: string }[] }): ScriptedOutput {
  const reading = read(request.messages);
  const after = reading.all.slice(reading.taskIndex + 1);
  const planMode =
    request.sections.includes(PLAN_POLICY) || (request.sections.includes(MODE_POLICY) && (request.tools ?? []).some((tool) => tool.name === 'exit_plan_mode'));

  let review: { index: number; outcome: ReviewOutcome } | undefined;
  for (let i = reading.all.length - 1; i > reading.taskIndex && review === undefined; i -= 1) {
    const m = reading.all[i];
    if (m?.role === 'tool' && m.name === 'exit_plan_mode') review = { index: i, outcome: reviewOutcomeOf(m) };
  }

  if (review?.outcome === 'approved')
    return executeStep(
      reading,
      review.index,
      (request.tools ?? []).some((tool) => tool.name === 'todo_write'),
    );
  const last = after[after.length - 1];
  if (last?.role === 'tool' && last.name === 'exit_plan_mode') {
    if (review?.outcome === 'dismissed') {
      return {
        reasoning: 'The user dismissed the review to talk. I stay in plan mode and wait for their message.',
        text: 'Understood. I will wait for your message before changing the plan.',
      };
    }
    if (review?.outcome === 'failed') {
      return {
        reasoning: 'The plan could not be presented for review.',
        text: `The review did not happen: ${oneLine(last.text.replace(/^Error:\s*/i, ''), 160)} I will stop here.`,
      };
    }
    return planStep(reading);
  }
  if (last?.role === 'assistant' && (last as AssistantMessage).toolCalls.length === 0) {
    return planMode
      ? { reasoning: 'Plan mode is on and no task is open.', text: 'Plan mode is on. Tell me what to plan and I will explore before proposing anything.' }
      : { reasoning: 'No task is open.', text: 'Ready when you are.' };
  }
  if (planMode) return planStep(reading);
  return defaultStep(reading);
}

/**
 * Cuts a step's output into chunks: a reasoning block, a text block (word-sized deltas), a `todo_write` tool-call
 * block (id `<callId>-todos`) and the step's tool-call block, indexed from 0 in that order, then `finish`
 * (`tool-calls` when a call was made, else `stop`).
 * @param output - the step's output.
 * @param callId - the id given to the step's tool call, if any.
 * @param delayMs - delay in ms put on every delta and on the tool call.
 */
export function chunksOf(output: ScriptedOutput, callId: string, delayMs: number): ModelChunk[] {
  const chunks: ModelChunk[] = [];
  let index = 0;
  if (output.reasoning !== undefined && output.reasoning !== '') {
    chunks.push({ type: 'block-start', index, blockType: 'reasoning' });
    for (const text of wordDeltas(output.reasoning)) chunks.push({ type: 'reasoning-delta', index, text, delayMs });
    index += 1;
  }
  if (output.text !== undefined && output.text !== '') {
    chunks.push({ type: 'block-start', index, blockType: 'text' });
    for (const text of wordDeltas(output.text)) chunks.push({ type: 'text-delta', index, text, delayMs });
    index += 1;
  }
  if (output.todos !== undefined) {
    chunks.push({ type: 'block-start', index, blockType: 'tool-call' });
    chunks.push({ type: 'tool-call', index, id: `${callId}-todos`, name: 'todo_write', arguments: JSON.stringify({ todos: output.todos }), delayMs });
    index += 1;
  }
  if (output.toolCall !== undefined) {
    chunks.push({ type: 'block-start', index, blockType: 'tool-call' });
    chunks.push({
      type: 'tool-call',
      index,
      id: callId,
      name: output.toolCall.name,
      arguments: JSON.stringify(output.toolCall.arguments),
      delayMs,
    });
  }
  chunks.push({ type: 'finish', reason: { kind: output.toolCall === undefined && output.todos === undefined ? 'stop' : 'tool-calls' } });
  return chunks;
}

/**
 * Creates the scripted model (provider `'ui-plan'`, model `'scripted'` unless overridden).
 * Each `stream()` call decides its step with `scriptStep` and streams it with `chunksOf`, awaiting the
 * per-chunk delay itself; tool-call ids are `scripted-<turn>-<step>` (unique within a session).
 * @param options - pacing, names and the injectable sleep.
 * @returns a stateless provider, safe to share between sessions.
 * @throws nothing at creation; `stream()` throws an `AbortError`-named error once `request.signal` aborts.
 */
export function createScriptedModel(options: ScriptedModelOptions = {}): ModelProvider {
  const delayMs = options.delayMs ?? 12;
  const sleep = options.sleep ?? defaultSleep;
  return {
    provider: options.provider ?? 'ui-plan',
    model: options.model ?? 'scripted',
    async *stream(request: ModelRequest): AsyncGenerator<ModelChunk> {
      const output = scriptStep(request);
      yield* emitPaced(chunksOf(output, `scripted-${request.turn}-${request.step}`, delayMs), request.signal, sleep);
    },
  };
}
