/**
 * The `ui-plan` command line as a table of commands: `serve` (server/commands/serve.ts: the reference harness
 * behind the Node carrier, or with `--dsh <url>` the SPA in front of a real dsh web host), `fold FILE...`
 * (server/commands/fold.ts) and `help`. Arguments are parsed strictly (server/cli/args.ts, node:util `parseArgs`);
 * a usage error prints the message and the usage and exits 2. The usage is written from the same tables the parser
 * reads, so it names every command and flag there is. No business rule lives here.
 */
import { parseFoldArgs, parseServeArgs, serveFlagsHelp } from './cli/args.ts';
import { processIo, UsageError, type CliIo } from './cli/io.ts';
import { runFold } from './commands/fold.ts';
import { startServe } from './commands/serve.ts';
import { installProcessGuard } from './process-guard.ts';

export { checkPublicBind, parseServeArgs, SERVE_FLAGS, SERVE_PARSE, type ServeOptions } from './cli/args.ts';
export { UsageError, type CliIo } from './cli/io.ts';
export { foldLogText, type FoldLine } from './commands/fold.ts';
export { loadConfig, PACKAGE_ROOT, startDshServe, startServe, type RunningServe } from './commands/serve.ts';

/** One command of the table: its name (and aliases), its synopsis lines for the usage, and what it runs. */
interface Command {
  name: string;
  aliases?: readonly string[];
  /** `[arguments, summary]` pairs, one usage line each. */
  synopsis: readonly (readonly [string, string])[];
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  run(args: string[], io: CliIo): Promise<number> | number;
}

/** Every command `ui-plan` accepts, in usage order. */
export const COMMANDS: readonly Command[] = [
  {
    name: 'serve',
    synopsis: [
      ['serve [options]', 'serve the web app and the reference harness'],
      ['serve --dsh URL', 'serve the web app in front of a running dsh web host'],
    ],
    run: runServe,
  },
  {
    name: 'fold',
    synopsis: [['fold FILE...', 'print the plan state of session logs, one JSON line per file']],
    run: (args, io) => runFold(parseFoldArgs(args), io),
  },
  {
    name: 'help',
    aliases: ['--help', '-h'],
    synopsis: [['help', 'show this help']],
    run: (_args, io) => {
      io.out(USAGE);
      return 0;
    },
  },
];

/** Usage text printed by `ui-plan help` and after a usage error, written from {@link COMMANDS} and the serve flags. */
export const USAGE = `Usage:
${COMMANDS.flatMap((command) => command.synopsis.map(([args, summary]) => `  ui-plan ${args.padEnd(20)}${summary}`)).join('\n')}

serve options:
${serveFlagsHelp()}

fold prints {"events":N,"skipped":[line numbers],"planMode":bool,"plan":{"active":bool,"pending":bool},"mode":string}.
`;

async function runServe(args: string[], io: CliIo): Promise<number> {
  const options = parseServeArgs(args, io.cwd);
  const removeGuard = io === processIo ? installProcessGuard((m) => io.err(m)) : () => {};
  // Listening for the signals before the listening line is printed: a signal that arrives right after it still shuts
  // down cleanly (the log as a crash leaves it, the lock removed).
  const stopped = waitForSignal();
  const running = await startServe(options, io).catch((error: unknown) => {
    stopped.cancel();
    removeGuard();
    throw error;
  });
  const signal = await stopped.signal;
  io.err(`ui-plan: ${signal}, shutting down\n`);
  const forced = setTimeout(() => process.exit(1), 5000);
  forced.unref();
  await running.close();
  removeGuard();
  return 0;
}

/** The first SIGINT or SIGTERM from now on; `cancel` stops listening (a start that failed). */
function waitForSignal(): { signal: Promise<NodeJS.Signals>; cancel(): void } {
  let on: (signal: NodeJS.Signals) => void = () => {};
  const off = (): void => {
    process.off('SIGINT', on);
    process.off('SIGTERM', on);
  };
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    on = (received) => {
      off();
      resolve(received);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
  return { signal, cancel: off };
}

/**
 * Run the CLI.
 * @param argv arguments after the program name
 * @param io output and working directory (default: the process)
 * @returns the exit code: 0 ok, 1 a fold file was unreadable or serve failed, 2 usage error.
 *   For `serve`, resolves only after SIGINT/SIGTERM and a clean shutdown.
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) throw new UsageError('missing command');
    const command = COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
    if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`ui-plan: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`ui-plan: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
