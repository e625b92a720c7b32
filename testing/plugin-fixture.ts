/**
 * Test builder for the collaboration-state plugins (plan-mode, session modes): one session `s1` over
 * `MemoryStorage`, a questions service whose reply the test scripts, and a `PluginEnv` that records steers and
 * warnings. Each plugin test mounts its own plugin on `env`.
 */
import type { QuestionAnswer } from '../src/core/questions/types.ts';
import { createCommandRegistry, type CommandRegistry } from '../harness/commands.ts';
import { SessionLog } from '../harness/log.ts';
import type { PluginEnv } from '../harness/plugins/plugin-env.ts';
import type { AskRequest, UserQuestionService } from '../harness/questions.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';

/** What the scripted questions service answers: an answer, a rejection, or a function for a held/late answer. */
export type ScriptedReply = QuestionAnswer | Error | (() => Promise<QuestionAnswer>);

/** The built fixture. */
export interface PluginFixture {
  storage: MemoryStorage;
  log: SessionLog;
  /** Every ask the plugin made, in order. */
  asks: AskRequest[];
  /** Content of every `steer` call. */
  steers: unknown[];
  /** Every contained warning. */
  warnings: string[];
  /** The command registry, unless built with `commands: false`. */
  commands: CommandRegistry | undefined;
  /** The engine seams to mount a plugin with. */
  env: PluginEnv;
  /** Script the next answers of the questions service (default: Approve). */
  setReply(next: ScriptedReply): void;
  /** The calling agent handle of `s1` (a live root). */
  handle: { id: string; sessionId: string; root: boolean };
}

/**
 * Build the fixture.
 * @param options - `questions: 'none'` mounts no questions service; `commands: false` no command registry
 */
export function createPluginFixture(options: { questions?: 'none'; commands?: false } = {}): PluginFixture {
  const storage = new MemoryStorage();
  const header = { type: 'session' as const, version: 0, id: 's1', createdAt: 0, cwd: '/' };
  storage.create({ header, lines: [] });
  const log = new SessionLog(header, storage, () => 0);
  const asks: AskRequest[] = [];
  let reply: ScriptedReply = { answers: [{ id: 'plan-review', selected: ['Approve'] }] };
  const questions: UserQuestionService = {
    ask(request) {
      asks.push(request);
      if (reply instanceof Error) return Promise.reject(reply);
      if (typeof reply === 'function') return reply();
      return Promise.resolve(reply);
    },
    registerProvider: () => () => {},
  };
  const steers: unknown[] = [];
  const warnings: string[] = [];
  const commands = options.commands === false ? undefined : createCommandRegistry(() => 'abcdef12-0000-4000-8000-000000000000');
  const env: PluginEnv = {
    logOf: (id) => (id === 's1' ? log : undefined),
    questions: options.questions === 'none' ? undefined : questions,
    commands,
    steer: (_id, content) => void steers.push(content),
    logger: { warn: (message) => void warnings.push(message) },
    newId: () => 'notice-id',
  };
  return {
    storage,
    log,
    asks,
    steers,
    warnings,
    commands,
    env,
    setReply: (next) => void (reply = next),
    handle: { id: 's1', sessionId: 's1', root: true },
  };
}
