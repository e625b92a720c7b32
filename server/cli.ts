/**
 * The `ui-plan` command line: `serve` (the reference harness over FileStorage behind the Node carrier, or with
 * `--dsh <url>` the SPA in front of a real dsh web host),
 * `fold FILE...` (plan state of recorded logs, one JSON line each) and `help`. Arguments are parsed
 * strictly; a usage error prints the message and the usage and exits 2. No business rule lives here.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import type { PluginEntry } from '../harness/types.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import { foldMode } from '../src/core/modes/fold.ts';
import { foldPlanMode, foldPlanProjection } from '../src/core/plan/fold.ts';
import { acquireDataDirLock } from './data-lock.ts';
import { FileStorage } from './file-storage.ts';
import { createDshProxyServer, parseDshUrl } from './dsh-proxy.ts';
import { createUiPlanServer } from './http.ts';
import { installProcessGuard } from './process-guard.ts';
import { isLoopbackAddress } from './trust-fence.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

// The engine is loaded only by `serve`, so `fold` and `help` start fast and need no harness.
const loadEngine = async () => ({
  ...(await import('../harness/host.ts')),
  ...(await import('../harness/config.ts')),
  ...(await import('../harness/models/index.ts')),
});

/** Package root (holds `dist/`, `package.json`). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Usage text printed by `ui-plan help` and after a usage error. */
export const USAGE = `Usage:
  ui-plan serve [options]     serve the web app and the reference harness
  ui-plan serve --dsh URL     serve the web app in front of a running dsh web host
  ui-plan fold FILE...        print the plan state of session logs, one JSON line per file
  ui-plan help                show this help

serve options:
  --host ADDR           address to bind (default 127.0.0.1)
  --port N              port to listen on, 0 for any free port (default 5173)
  --data-dir DIR        where session logs are stored (default ./.data)
  --model SPEC          scripted | replay:FILE (default scripted)
  --speed N             replay pacing factor, e.g. 2 = twice as fast, 0 = no delays (default 1)
  --config FILE         YAML list of plugin entries (examples/plan-mode.yaml; examples/modes.yaml for session modes)
  --trusted-host NAME   also accept this Host name (repeatable); required when --host is not loopback,
                        and then only these names are accepted (plus 127.0.0.1/localhost from this machine)
  --dsh URL             proxy /api and both WebSocket downlinks to a dsh web host at URL
                        (e.g. http://127.0.0.1:<port>); no reference harness is started, so
                        --data-dir, --model, --speed and --config do not apply

fold prints {"events":N,"skipped":[line numbers],"planMode":bool,"plan":{"active":bool,"pending":bool},"mode":string}.
`;

/** Where the CLI writes; tests capture it. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Directory relative paths are resolved against. */
  cwd: string;
}

const processIo: CliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  cwd: process.cwd(),
};

/** A command-line mistake: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Refuse a non-loopback bind without a trusted Host name (issue 8 item 4): such a server would accept only
 * requests whose Host is loopback, which a remote peer may not send, i.e. nothing useful, or worse if the rule slips.
 * @param host the `--host` value
 * @param trustedHosts the `--trusted-host` values
 * @throws UsageError naming the bind and how to fix it
 */
export function checkPublicBind(host: string, trustedHosts: readonly string[]): void {
  if (isLoopbackAddress(host) || trustedHosts.length > 0) return;
  throw new UsageError(
    `--host ${host} is not a loopback address, so it needs at least one --trusted-host NAME: the Host name ` +
      `browsers on other machines use to reach this one (e.g. --trusted-host my-box.lan); only those names are accepted`,
  );
}

/** Options of `ui-plan serve` after validation. Paths are absolute. */
export interface ServeOptions {
  host: string;
  port: number;
  dataDir: string;
  model: string;
  speed: number;
  config?: string;
  trustedHosts: string[];
  /** Base URL of a real dsh web host to proxy to (`--dsh`); then no reference harness runs. */
  dsh?: string;
}

/**
 * Parse and validate `serve` arguments (strict: unknown options and stray positionals are errors).
 * @param args arguments after `serve`
 * @param cwd base of relative paths
 * @returns the validated options
 * @throws UsageError naming the option and the bad value
 */
export function parseServeArgs(args: string[], cwd: string): ServeOptions {
  let values;
  let tokens;
  try {
    ({ values, tokens } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      tokens: true,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '5173' },
        'data-dir': { type: 'string', default: './.data' },
        model: { type: 'string', default: 'scripted' },
        speed: { type: 'string', default: '1' },
        config: { type: 'string' },
        'trusted-host': { type: 'string', multiple: true, default: [] },
        dsh: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.dsh !== undefined) {
    const harnessOnly = ['data-dir', 'model', 'speed', 'config'].filter((name) => tokens.some((t) => t.kind === 'option' && t.name === name));
    if (harnessOnly.length > 0) {
      throw new UsageError(`--dsh serves a real dsh host, so ${harnessOnly.map((n) => `--${n}`).join(', ')} cannot be used with it`);
    }
    try {
      parseDshUrl(values.dsh);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  }
  if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${JSON.stringify(values.port)}`);
  }
  const speed = Number(values.speed);
  if (values.speed.trim() === '' || !Number.isFinite(speed) || speed < 0) {
    throw new UsageError(`--speed must be a number >= 0, got ${JSON.stringify(values.speed)}`);
  }
  if (values.host.trim() === '') throw new UsageError('--host must not be empty');
  const model = values.model;
  if (model !== 'scripted' && !(model.startsWith('replay:') && model.length > 'replay:'.length)) {
    throw new UsageError(`--model must be scripted or replay:FILE, got ${JSON.stringify(model)}`);
  }
  const trustedHosts = values['trusted-host'];
  for (const name of trustedHosts) {
    if (!/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(name)) {
      throw new UsageError(`--trusted-host takes a host name without port or scheme, got ${JSON.stringify(name)}`);
    }
  }
  checkPublicBind(values.host, trustedHosts);
  return {
    host: values.host,
    port: Number(values.port),
    dataDir: path.resolve(cwd, values['data-dir']),
    model: model.startsWith('replay:') ? `replay:${path.resolve(cwd, model.slice('replay:'.length))}` : model,
    speed,
    ...(values.config !== undefined ? { config: path.resolve(cwd, values.config) } : {}),
    trustedHosts,
    ...(values.dsh !== undefined ? { dsh: parseDshUrl(values.dsh).origin } : {}),
  };
}

/**
 * Read and validate a YAML plugin config (a list of `{id, name, config?}` entries, seed 000 §Configuration).
 * @param file absolute path
 * @returns the validated entries
 * @throws UsageError (rejects) naming the file (and the field, from `resolvePlugins`)
 */
export async function loadConfig(file: string): Promise<PluginEntry[]> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read config ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let entries: unknown;
  try {
    entries = parseYaml(text);
  } catch (error) {
    throw new UsageError(`${file}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { resolvePlugins } = await loadEngine();
  try {
    return resolvePlugins(entries);
  } catch (error) {
    throw new UsageError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A running `serve`: its URL and an idempotent shutdown. */
export interface RunningServe {
  url: string;
  close(): Promise<void>;
}

/**
 * Start `serve`: FileStorage under `dataDir`, the host with the chosen model and plugins, the carrier
 * serving `<package>/dist`. Prints the listening line (and a warning for a non-loopback bind).
 * @param options validated serve options
 * @param io output
 * @returns the URL and `close()` (closes sockets, the host, then the storage)
 * @throws UsageError for a bad config or model file or a non-loopback bind without a trusted host;
 *   DataDirInUseError when another live `ui-plan serve` holds the data directory; listen errors (e.g. EADDRINUSE)
 */
export async function startServe(options: ServeOptions, io: CliIo = processIo): Promise<RunningServe> {
  checkPublicBind(options.host, options.trustedHosts);
  if (options.dsh !== undefined) return startDshServe(options as ServeOptions & { dsh: string }, io);
  const plugins = options.config !== undefined ? await loadConfig(options.config) : undefined;
  const { createHost, modelFromSpec } = await loadEngine();
  const readText = (file: string): string => fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  let model;
  try {
    model = modelFromSpec(options.model, readText, { speed: options.speed });
  } catch (error) {
    throw new UsageError(`--model ${options.model}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lock = acquireDataDirLock(options.dataDir, (m) => io.err(`${m}\n`));
  // Any exit (a forced one after a stuck shutdown, a fatal error) still removes the lock; a kill -9 leaves a stale one.
  const releaseOnExit = (): void => lock.release();
  process.once('exit', releaseOnExit);
  let storage: FileStorage;
  try {
    storage = new FileStorage({ dataDir: options.dataDir, logger: { warn: (m) => io.err(`${m}\n`) } });
  } catch (error) {
    lock.release();
    process.off('exit', releaseOnExit);
    throw error;
  }
  const version = (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const host = createHost({ storage, model, cwd: io.cwd, version, ...(plugins ? { plugins } : {}) });
  const carrier = createUiPlanServer({
    host,
    staticDir: path.join(PACKAGE_ROOT, 'dist'),
    trustedHosts: options.trustedHosts,
    bindIsLoopback: isLoopbackAddress(options.host),
    logger: { warn: (m) => io.err(`${m}\n`), error: (m, e) => io.err(`${m} ${e instanceof Error ? (e.stack ?? e.message) : String(e ?? '')}\n`) },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      carrier.server.once('error', reject);
      carrier.server.listen(options.port, options.host, () => {
        carrier.server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await host.close();
    storage.close();
    lock.release();
    process.off('exit', releaseOnExit);
    throw error;
  }
  const address = carrier.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  const url = `http://${shownHost}:${port}`;
  if (!isLoopbackAddress(options.host)) io.err(publicBindWarning(options, 'the harness'));
  io.out(`ui-plan listening on ${url} (model ${options.model})\n`);
  let closing: Promise<void> | undefined;
  return {
    url,
    close: () => {
      closing ??= (async () => {
        try {
          await carrier.close();
          await host.close();
          storage.close();
        } finally {
          lock.release();
          process.off('exit', releaseOnExit);
        }
      })();
      return closing;
    },
  };
}

async function listen(server: http.Server, options: ServeOptions): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  return `http://${shownHost}:${port}`;
}

/** The startup line of a non-loopback bind: what is exposed and which Host names are accepted from where. */
function publicBindWarning(options: ServeOptions, what: string): string {
  return (
    `ui-plan: warning: binding ${options.host} exposes ${what} beyond this machine; only requests whose Host is ` +
    `${options.trustedHosts.join(', ')} (from anywhere) or 127.0.0.1/localhost/[::1] (from this machine only) are accepted\n`
  );
}

/**
 * Start `serve --dsh`: the SPA from `<package>/dist` with `/api` and both downlinks proxied to the dsh host
 * (server/dsh-proxy.ts); no harness or storage. Warns (does not fail) when the host does not answer
 * `host.describe` yet, so ui-plan may be started before `dsh web`.
 * @param options validated serve options with `dsh`
 * @param io output
 * @returns the URL and `close()`
 * @throws listen errors (e.g. EADDRINUSE) as thrown by Node
 */
export async function startDshServe(options: ServeOptions & { dsh: string }, io: CliIo = processIo): Promise<RunningServe> {
  const proxy = createDshProxyServer({
    upstream: options.dsh,
    staticDir: path.join(PACKAGE_ROOT, 'dist'),
    trustedHosts: options.trustedHosts,
    bindIsLoopback: isLoopbackAddress(options.host),
    logger: { warn: (m) => io.err(`${m}\n`), error: (m, e) => io.err(`${m} ${e instanceof Error ? (e.stack ?? e.message) : String(e ?? '')}\n`) },
  });
  const url = await listen(proxy.server, options);
  if (!isLoopbackAddress(options.host)) io.err(publicBindWarning(options, 'the dsh host'));
  const version = await describeUpstream(proxy.upstream);
  if (version === undefined) io.err(`ui-plan: warning: the dsh host at ${proxy.upstream} does not answer yet; start it with \`dsh web\`\n`);
  io.out(`ui-plan listening on ${url} (dsh host ${proxy.upstream}${version !== undefined ? `, version ${version}` : ''})\n`);
  return { url, close: () => proxy.close() };
}

/** `host.describe` of the upstream, bounded to 3 s: its version, or `undefined` when it does not answer. */
async function describeUpstream(origin: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${origin}/api/host.describe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(clientRequest('host.describe', {}, 'ui-plan-startup')),
      signal: AbortSignal.timeout(3000),
    });
    const body = (await res.json()) as { result?: { ok?: boolean; value?: { version?: unknown } } };
    return body.result?.ok === true ? String(body.result.value?.version ?? '?') : undefined;
  } catch {
    return undefined;
  }
}

/** One line of `ui-plan fold` (PROTOCOL.md "Session log on disk"). */
export interface FoldLine {
  events: number;
  skipped: number[];
  planMode: boolean;
  plan: { active: boolean; pending: boolean };
  mode: string;
}

/**
 * Fold one session log's text: event count, skipped 1-based line numbers, `foldPlanMode` (upstream spec
 * §1.2), the `plan` projection (§1.11) and `foldMode` (§2).
 * @param text the whole JSONL file
 * @returns the fold line
 */
export function foldLogText(text: string): FoldLine {
  const parsed = parseSessionLog(text);
  const projection = foldPlanProjection(parsed.events);
  return {
    events: parsed.events.length,
    skipped: parsed.skipped.map((s) => s.line),
    planMode: foldPlanMode(parsed.events),
    plan: { active: projection.active, pending: projection.pending },
    mode: foldMode(parsed.events),
  };
}

function runFold(files: string[], io: CliIo): number {
  if (files.length === 0) throw new UsageError('fold needs at least one FILE');
  let status = 0;
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
    } catch (error) {
      io.err(`ui-plan fold: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      status = 1;
      continue;
    }
    io.out(`${JSON.stringify(foldLogText(text))}\n`);
  }
  return status;
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

/**
 * Run the CLI.
 * @param argv arguments after the program name
 * @param io output and working directory (default: the process)
 * @returns the exit code: 0 ok, 1 a fold file was unreadable or serve failed, 2 usage error.
 *   For `serve`, resolves only after SIGINT/SIGTERM and a clean shutdown.
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      case 'fold': {
        const { positionals } = (() => {
          try {
            return parseArgs({ args: rest, strict: true, allowPositionals: true, options: {} });
          } catch (error) {
            throw new UsageError(error instanceof Error ? error.message : String(error));
          }
        })();
        return runFold(positionals, io);
      }
      case 'serve': {
        const options = parseServeArgs(rest, io.cwd);
        const removeGuard = io === processIo ? installProcessGuard((m) => io.err(m)) : () => {};
        const running = await startServe(options, io).catch((error: unknown) => {
          removeGuard();
          throw error;
        });

        const signal = await waitForSignal();
        io.err(`ui-plan: ${signal}, shutting down\n`);
        const forced = setTimeout(() => process.exit(1), 5000);
        forced.unref();
        await running.close();
        removeGuard();
        return 0;
      }
      case undefined:
        throw new UsageError('missing command');
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`ui-plan: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`ui-plan: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
