/**
 * `ui-plan serve`: the reference harness (FileStorage under the data directory, the chosen model and plugins)
 * behind the Node carrier, or with `--dsh <url>` the SPA in front of a real dsh web host (server/dsh-proxy.ts); both
 * serve `<package>/dist` and listen through server/listen.ts. The engine is loaded only here, so `fold` and `help`
 * start fast. A started serve holds the data directory's lock until `close()` or the process exits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { PluginEntry } from '../../harness/types.ts';
import { clientRequest } from '../../src/core/protocol/envelopes.ts';
import { checkPublicBind, type ServeOptions } from '../cli/args.ts';
import { processIo, UsageError, type CliIo } from '../cli/io.ts';
import { acquireDataDirLock } from '../data-lock.ts';
import { createDshProxyServer } from '../dsh-proxy.ts';
import { FileStorage } from '../file-storage.ts';
import { createUiPlanServer } from '../http.ts';
import { listenAndAnnounce } from '../listen.ts';
import { isLoopbackAddress } from '../trust-fence.ts';

// The engine is loaded only by `serve`, so `fold` and `help` start fast and need no harness.
const loadEngine = async () => ({
  ...(await import('../../harness/harness.ts')),
  ...(await import('../../harness/config.ts')),
  ...(await import('../../harness/models/index.ts')),
});

/**
 * The package root (holds `dist/` and `package.json`): the nearest folder at or above this module with a
 * `package.json`, so the same code finds it run from server/commands/ (tests) and from the build in dist-server/.
 */
export const PACKAGE_ROOT = packageRootAbove(path.dirname(fileURLToPath(import.meta.url)));

/** The nearest folder at or above `dir` holding a `package.json`. @throws Error when there is none up to the file-system root */
function packageRootAbove(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, 'package.json'))) return at;
    if (path.dirname(at) === at) throw new Error(`no package.json above ${dir}`);
  }
}

/** The carrier's logger over the CLI's stderr. */
function serverLogger(io: CliIo) {
  return {
    warn: (m: string) => io.err(`${m}\n`),
    error: (m: string, e?: unknown) => io.err(`${m} ${e instanceof Error ? (e.stack ?? e.message) : String(e ?? '')}\n`),
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
 * Start `serve`: FileStorage under `dataDir`, the harness with the chosen model and plugins, the carrier
 * serving `<package>/dist`. Prints the listening line (and a warning for a non-loopback bind).
 * @param options validated serve options
 * @param io output
 * @returns the URL and `close()` (closes sockets, the harness, then the storage)
 * @throws UsageError for a bad config or model file or a non-loopback bind without a trusted host;
 *   DataDirInUseError while another `ui-plan serve` holds the data directory (server/data-lock.ts); listen errors
 *   (e.g. EADDRINUSE)
 */
export async function startServe(options: ServeOptions, io: CliIo = processIo): Promise<RunningServe> {
  checkPublicBind(options.host, options.trustedHosts);
  if (options.dsh !== undefined) return startDshServe(options as ServeOptions & { dsh: string }, io);
  const plugins = options.config !== undefined ? await loadConfig(options.config) : undefined;
  const { createHarness, modelFromSpec } = await loadEngine();
  const readText = (file: string): string => fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  let model;
  try {
    model = modelFromSpec(options.model, readText, { speed: options.speed });
  } catch (error) {
    throw new UsageError(`--model ${options.model}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let storage: FileStorage | undefined;
  const lock = acquireDataDirLock(options.dataDir, {
    warn: (m) => io.err(`${m}\n`),
    // Another server took the directory: this one stops writing to it at once (it keeps serving what it has).
    onLost: (reason) => {
      io.err(`ui-plan: ${reason}\n`);
      storage?.stopAll(reason);
    },
  });
  // Any exit (a forced one after a stuck shutdown, a fatal error) still removes the lock; a kill -9 leaves it for the
  // next start on this machine to take over (its pid is gone), or for 30 s after its last heartbeat elsewhere.
  const releaseOnExit = (): void => lock.release();
  process.once('exit', releaseOnExit);
  try {
    storage = new FileStorage({ dataDir: options.dataDir, durability: options.durability, logger: { warn: (m) => io.err(`${m}\n`) } });
  } catch (error) {
    lock.release();
    process.off('exit', releaseOnExit);
    throw error;
  }
  const version = (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const harness = createHarness({ storage, model, cwd: io.cwd, version, ...(plugins ? { plugins } : {}) });
  const carrier = createUiPlanServer({
    harness,
    staticDir: path.join(PACKAGE_ROOT, 'dist'),
    trustedHosts: options.trustedHosts,
    bindIsLoopback: isLoopbackAddress(options.host),
    logger: serverLogger(io),
  });
  let url: string;
  try {
    url = await listenAndAnnounce(carrier.server, options, io, 'the harness', () => `model ${options.model}`);
  } catch (error) {
    await harness.close();
    storage.close();
    lock.release();
    process.off('exit', releaseOnExit);
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    close: () => {
      closing ??= (async () => {
        try {
          await carrier.close();
          await harness.close();
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
    logger: serverLogger(io),
  });
  const url = await listenAndAnnounce(proxy.server, options, io, 'the dsh host', async () => {
    const version = await describeUpstream(proxy.upstream);
    if (version === undefined) io.err(`ui-plan: warning: the dsh host at ${proxy.upstream} does not answer yet; start it with \`dsh web\`\n`);
    return `dsh host ${proxy.upstream}${version !== undefined ? `, version ${version}` : ''}`;
  });
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
