/**
 * Tools of the reference harness, all environment-free: the tool contract the agent loop runs, the generic
 * `ask_user_question` tool (docs/upstream-spec.md §3.1, answer returned as JSON text as in the recorded
 * question-composer log), and `list_files` / `read_file` / `write_file` over a small virtual workspace
 * whose writes are folded from the log's successful `write_file` calls (so they survive a restart).
 * Bad arguments always become `isError` results, never crashes. A tool that waits for the user (`resumable`) asks
 * under the call's stable question id and stores its result through `commit` inside the user's response
 * (harness/tool-results.ts).
 */
import { z } from 'zod';
import { toolResultOf } from '../src/core/log/content.ts';
import type { SessionEvent, ToolCallData } from '../src/core/log/types.ts';
import type { QuestionAnswer, QuestionItem } from '../src/core/questions/types.ts';
import type { AgentHandle, UserQuestionService } from './questions.ts';
import { UserQuestionError } from './questions.ts';
import { askOptionsOf } from './tool-results.ts';
import type { ToolSchema } from './types.ts';

/** What a tool's `execute` gets. */
export interface ToolContext {
  /** The calling agent, or `undefined` for a call with no agent (docs/upstream-spec.md §1.9 check 1). */
  agent: AgentHandle | undefined;
  /** The session's log so far (read-only). */
  events: readonly SessionEvent[];
  /** The tool's own execution signal (aborted by a turn cancel). */
  signal: AbortSignal;
  callId: string;
  /**
   * Store this call's result now, before the tool returns (the agent logs `tool/result` at once and does not log
   * it again when the tool returns). Returns the `publish` that streams it. Throws `LogWriteError` when the log
   * cannot be written (nothing is stored). Absent outside the agent loop (tests calling `execute` directly).
   */
  commit?: (outcome: ToolOutcome) => () => void;
}

/** A tool result: `text` goes into the tool-result block; `isError` results start with `Error: `. */
export interface ToolOutcome {
  text: string;
  isError: boolean;
}

/** One tool: the schema listed to the model and its execution. `args` is the parsed JSON arguments. */
export interface ToolDefinition {
  schema: ToolSchema;
  execute(args: unknown, context: ToolContext): ToolOutcome | Promise<ToolOutcome>;
  /**
   * The tool waits for the user (a question) and is safe to run again: after a restart, a call of it left without a
   * result in the still-open turn is executed again, asking the same question under the same id.
   */
  resumable?: boolean;
}

/**
 * Whether `tools` offers a tool of this name that may be run again after a restart (`resumable`), as
 * harness/folds/resume.ts asks it.
 * @param tools - the tools an agent offers now
 */
export function resumableIn(tools: readonly ToolDefinition[]): (name: string) => boolean {
  return (name) => tools.some((tool) => tool.resumable === true && tool.schema.name === name);
}

/**
 * `ask_user_question` error texts (model-facing; the result reads `Error: <text>`, docs/upstream-spec.md §1.9 convention).
 * The transcript presents a dismissed question by its outcome, not by this text (the client strips `Error: `).
 */
export const ASK_TEXTS = {
  dismissed: 'the user dismissed the question; wait for their next message',
  noChannel: 'no channel to ask the user is available',
} as const;

/** An error outcome with the upstream `"Error: <message>"` text (docs/upstream-spec.md §1.9). */
export function toolError(message: string): ToolOutcome {
  return { text: `Error: ${message}`, isError: true };
}

/** Zod issues as one short line (for bad-argument results). */
export function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`).join('; ');
}

const askArgs = z.object({
  questions: z
    .array(
      z.object({
        id: z.string().min(1),
        question: z.string().min(1),
        header: z.string().optional(),
        detail: z.string().optional(),
        options: z.array(z.object({ label: z.string().min(1), description: z.string().optional() })).optional(),
        multi_select: z.boolean().optional(),
      }),
    )
    .min(1),
});

/**
 * The model-facing `ask_user_question` tool (snake_case `multi_select`, docs/upstream-spec.md §3.1). The result text
 * is the answer as JSON (`{"answers":[…]}`), as in fixtures/dsh-recordings/question-composer.
 * @param questions - the question service (`undefined` → every call fails with a no-channel error)
 */
export function askUserQuestionTool(questions: UserQuestionService | undefined): ToolDefinition {
  return {
    schema: {
      name: 'ask_user_question',
      description:
        'Ask the user one or more questions and wait for the answers. Offer options when the choices are known; the user can always type a free-text answer instead.',
      parameters: {
        type: 'object',
        properties: {
          questions: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                question: { type: 'string' },
                header: { type: 'string' },
                detail: { type: 'string', description: 'markdown shown with the question' },
                options: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { label: { type: 'string' }, description: { type: 'string' } },
                    required: ['label'],
                  },
                },
                multi_select: { type: 'boolean' },
              },
              required: ['id', 'question'],
            },
          },
        },
        required: ['questions'],
      },
    },
    async execute(args, context) {
      const parsed = askArgs.safeParse(args);
      if (!parsed.success) return toolError(`invalid arguments: ${issuesText(parsed.error)}`);
      if (!questions) return toolError(ASK_TEXTS.noChannel);
      const items: QuestionItem[] = parsed.data.questions.map((q) => {
        const item: QuestionItem = { id: q.id, question: q.question };
        if (q.header !== undefined) item.header = q.header;
        if (q.detail !== undefined) item.detail = q.detail;
        if (q.options !== undefined) item.options = q.options.map((o) => ({ ...o }));
        if (q.multi_select === true) item.multiSelect = true;
        return item;
      });
      const asked = askOptionsOf(context, answerOutcome);
      try {
        const answer = await questions.ask({
          questions: items,
          ...(context.agent ? { agent: context.agent } : {}),
          signal: context.signal,
          ...(asked.id !== undefined ? { id: asked.id } : {}),
          record: asked.record,
        });
        return asked.recorded() ?? answerOutcome(answer);
      } catch (error) {
        const recorded = asked.recorded();
        if (recorded) return recorded;
        if (error instanceof UserQuestionError && error.code === 'ASK_CANCELLED') return answerOutcome('cancelled');
        return toolError(error instanceof Error ? error.message : String(error));
      }
    },
    resumable: true,
  };
}

/** The `ask_user_question` result of an answer (its JSON) or of a dismissal. */
function answerOutcome(response: QuestionAnswer | 'cancelled'): ToolOutcome {
  return response === 'cancelled' ? toolError(ASK_TEXTS.dismissed) : { text: JSON.stringify(response), isError: false };
}

/** The built-in toy CLI project every session starts with (path → content). */
export const WORKSPACE_SEED: Readonly<Record<string, string>> = Object.freeze({
  'README.md': '# greet-cli\n\nA tiny command-line tool that prints a greeting.\n\n```\nnpx greet-cli Ada\n# Hello, Ada!\n```\n',
  'package.json': '{\n  "name": "greet-cli",\n  "version": "1.0.0",\n  "type": "module",\n  "bin": { "greet-cli": "src/cli.ts" }\n}\n',
  'src/cli.ts': "import { greet } from './greet.ts';\n\nconst name = process.argv[2] ?? 'world';\nconsole.log(greet(name));\n",
  'src/greet.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
});

/**
 * The workspace as of the end of `events`: the seed plus every `write_file` call whose result is not an
 * error, in log order. Pure; pairs calls and results by `callId`.
 * @param events - a session log
 * @returns path → content
 */
export function foldWorkspace(events: readonly SessionEvent[]): Map<string, string> {
  const files = new Map(Object.entries(WORKSPACE_SEED));
  const writes = new Map<string, { path: string; content: string }>();
  for (const event of events) {
    if (event.type === 'tool/call') {
      const data = event.data as ToolCallData;
      if (data?.name !== 'write_file' || typeof data.callId !== 'string') continue;
      const args = writeArgs.safeParse(safeJson(data.arguments));
      if (args.success) writes.set(data.callId, { path: normalizePath(args.data.path), content: args.data.content });
    } else if (event.type === 'tool/result') {
      const result = toolResultOf(event);
      const write = result?.callId !== undefined ? writes.get(result.callId) : undefined;
      if (write && result && !result.isError) files.set(write.path, write.content);
    }
  }
  return files;
}

const readArgs = z.object({ path: z.string().min(1) });
const writeArgs = z.object({ path: z.string().min(1), content: z.string() });

function safeJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function normalizePath(path: string): string {
  return path.trim().replace(/^\.?\/+/, '');
}

/** `list_files {}`: every workspace path, one per line, sorted. */
export const listFilesTool: ToolDefinition = {
  schema: {
    name: 'list_files',
    description: 'List every file of the workspace, one path per line.',
    parameters: { type: 'object', properties: {} },
  },
  execute(args, context) {
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
      return toolError('invalid arguments: expected an object');
    }
    return { text: [...foldWorkspace(context.events).keys()].sort().join('\n'), isError: false };
  },
};

/** `read_file {path}`: the file's content, or an error for a missing file. */
export const readFileTool: ToolDefinition = {
  schema: {
    name: 'read_file',
    description: 'Read one workspace file and return its whole content.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  execute(args, context) {
    const parsed = readArgs.safeParse(args);
    if (!parsed.success) return toolError(`invalid arguments: ${issuesText(parsed.error)}`);
    const path = normalizePath(parsed.data.path);
    const content = foldWorkspace(context.events).get(path);
    return content === undefined ? toolError(`no such file: ${path}`) : { text: content, isError: false };
  },
};

/** `write_file {path, content}`: create or replace a file (kept in the log; see `foldWorkspace`). */
export const writeFileTool: ToolDefinition = {
  schema: {
    name: 'write_file',
    description: 'Create or replace one workspace file with the given content.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  },
  execute(args) {
    const parsed = writeArgs.safeParse(args);
    if (!parsed.success) return toolError(`invalid arguments: ${issuesText(parsed.error)}`);
    const path = normalizePath(parsed.data.path);
    if (path === '' || path.split('/').includes('..')) return toolError(`invalid path: ${parsed.data.path}`);
    return { text: `Wrote ${parsed.data.content.length} characters to ${path}.`, isError: false };
  },
};
