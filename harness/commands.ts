/**
 * The command plane (`ctx.commands`, docs/upstream-spec.md §4.5 HEAD shape): a registry of slash commands and
 * `execute`, which logs `command/run` before the handler and `command/done` after it (a throw counts as
 * `error`). Command name, args and result stay outside model history. A synchronous handler's `command/done`
 * is logged in the same tick as its `command/run`, so what the handler logs itself (e.g. the `turn/start` of the
 * turn `/plan <task>` steers) lands between them, as on a real dsh host; deferred work a handler schedules runs
 * only after `command/done` is logged (docs/upstream-spec.md §1.12, used by the session-modes variant).
 */
import { parseCommandLine } from '../src/core/commands/grammar.ts';
import type { CommandDescriptor } from '../src/core/protocol/methods.ts';
import { LogWriteError, type SessionLog } from './log.ts';

/** The result a handler returns (`command/done` payload minus the id). */
export interface CommandResult {
  kind: 'success' | 'error';
  text?: string;
}

/** What a handler gets. */
export interface CommandContext {
  /** The agent (= session) the line was executed for. */
  agentId: string;
  /** Everything after the command name, untrimmed (docs/upstream-spec.md §1.8). */
  rawInput: string;
  /** Image attachments sent with the line (not supported beyond being counted). */
  images: readonly unknown[];
  /** Schedule work to run right after `command/done` is logged. */
  defer(task: () => void): void;
}

/** One registered command. */
export interface CommandDefinition extends CommandDescriptor {
  run(context: CommandContext): CommandResult | Promise<CommandResult>;
}

/** `commands/execute` value: the logged id and the handler's result. */
export interface CommandOutcome {
  commandId: string;
  result: CommandResult;
}

/** The registry. */
export interface CommandRegistry {
  /** Register a command. @returns an idempotent disposer. @throws when the name is taken. */
  register(definition: CommandDefinition): () => void;
  /** Descriptors sorted by name (`commands/list`). */
  list(): CommandDescriptor[];
  /**
   * Execute one line for a session. Source: docs/upstream-spec.md §4.5 (HEAD), §1.12 (order).
   * @param log - the session's log (receives `command/run` / `command/done`)
   * @param line - the raw line, e.g. `/plan off`
   * @param images - attachments sent with the line
   * @returns the outcome, or `undefined` when the line matches no registered command (nothing is logged)
   * @throws LogWriteError when the log cannot be written, by `command/run`/`command/done` or by the handler's own
   *   appends (then `command/done` records the error first, when it can): a write failure is the request's error,
   *   never a command result
   */
  execute(log: SessionLog, line: string, images: readonly unknown[]): Promise<CommandOutcome | undefined>;
}

/**
 * Create a command registry.
 * @param newId - UUID source; the first 8 hex digits form the harness's command-id prefix (`cmd-<8 hex>-<n>`)
 */
export function createCommandRegistry(newId: () => string): CommandRegistry {
  const commands = new Map<string, CommandDefinition>();
  const prefix = (
    newId()
      .replace(/[^0-9a-f]/gi, '')
      .toLowerCase() + '00000000'
  ).slice(0, 8);
  let counter = 0;

  return {
    register(definition) {
      if (commands.has(definition.name)) throw new Error(`command "/${definition.name}" is already registered`);
      commands.set(definition.name, definition);
      return () => {
        if (commands.get(definition.name) === definition) commands.delete(definition.name);
      };
    },

    list() {
      return [...commands.values()]
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map(({ run: _run, ...descriptor }) => structuredClone(descriptor));
    },

    async execute(log, line, images) {
      const parsed = parseCommandLine(line);
      if (!parsed) return undefined;
      const command = commands.get(parsed.name);
      if (!command) return undefined;
      const commandId = `cmd-${prefix}-${++counter}`;
      log.append({
        type: 'command/run',
        data: { commandId, name: command.name, args: parsed.rawInput, source: { kind: 'user' } },
      });
      const deferred: (() => void)[] = [];
      let result: CommandResult;
      let writeFailure: LogWriteError | undefined;
      try {
        const returned = command.run({
          agentId: log.sessionId,
          rawInput: parsed.rawInput,
          images,
          defer: (task) => void deferred.push(task),
        });
        // Await only a real promise: a synchronous result must not yield to work the handler started (see header).
        result = returned instanceof Promise ? await returned : returned;
      } catch (error) {
        result = { kind: 'error', text: error instanceof Error ? error.message : String(error) };
        deferred.length = 0;
        if (error instanceof LogWriteError) writeFailure = error;
      }
      const done: { commandId: string; kind: CommandResult['kind']; text?: string } = { commandId, kind: result.kind };
      if (result.text !== undefined) done.text = result.text;
      log.append({ type: 'command/done', data: done });
      if (writeFailure) throw writeFailure;
      for (const task of deferred) task();
      return { commandId, result: { ...result } };
    },
  };
}
