/**
 * `ui-plan serve`: the reference harness (FileStorage under the data directory, the chosen model and plugins)
 * behind the Node carrier, or with `--dsh <url>` the SPA in front of a real dsh web host (server/dsh-proxy.ts); both
 * serve `<package>/dist` and listen through server/listen.ts. The engine is loaded only here, so `fold` and `help`
 * start fast. A started serve holds the data directory's lock until `close()` or the process exits.
 */
import fs from 'node:fs';
import os from 'node:os';
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
import { authorityOf, createUiPlanServer, type UiPlanServer } from '../http.ts';
import { listenAndAnnounce } from '../listen.ts';
import { createPairing, type Pairing } from '../pairing.ts';
import { createRemoteAccess, type RemoteInfo } from '../remote-access.ts';
import { loadTlsIdentity } from '../tls.ts';
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
  const pairing = createPairing({ dir: path.join(options.dataDir, 'remote') });
  let remoteInfo: RemoteInfo | undefined;
  const carrier = createUiPlanServer({
    harness,
    staticDir: path.join(PACKAGE_ROOT, 'dist'),
    trustedHosts: options.trustedHosts,
    bindIsLoopback: isLoopbackAddress(options.host),
    logger: serverLogger(io),
    access: createRemoteAccess({ pairing, secure: false, info: () => remoteInfo }),
  });
  let url: string;
  let remote: UiPlanServer | undefined;
  try {
    url = await listenAndAnnounce(carrier.server, options, io, 'the harness', () => `model ${options.model}`);
    if (!isLoopbackAddress(options.host) && options.trustedHosts[0] !== undefined) {
      // A `--trusted-host` bind pairs devices too (plain HTTP, its first trusted name).
      remoteInfo = { url: `http://${options.trustedHosts[0]}:${new URL(url).port}`, fingerprint: null, insecureHttp: true };
    }
    if (options.remote !== undefined) {
      ({ server: remote, info: remoteInfo } = await startRemote(options, { harness, pairing, info: () => remoteInfo, io }));
    }
  } catch (error) {
    await carrier.close();
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
          await remote?.close();
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
 * The first non-internal IPv4 address of this machine (`os.networkInterfaces()` order), the default of `--remote`.
 * @returns the address, or `undefined` when there is none
 */
export function firstLanAddress(): string | undefined {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

/**
 * Start the `--remote` listener: the same harness on one LAN address and the `--port` port (any free port for 0),
 * HTTPS unless `--insecure-http`, paired devices only (server/remote-access.ts). Prints its URL and, over TLS, the
 * certificate's SHA-256 fingerprint; over plain HTTP a warning of what that exposes.
 * @returns the listening server and what the pairing screen shows of it
 * @throws UsageError when there is no LAN address or the certificate cannot be loaded; listen errors
 */
async function startRemote(
  options: ServeOptions,
  shared: { harness: Parameters<typeof createUiPlanServer>[0]['harness']; pairing: Pairing; info: () => RemoteInfo | undefined; io: CliIo },
): Promise<{ server: UiPlanServer; info: RemoteInfo }> {
  const address = options.remote || firstLanAddress();
  if (address === undefined) throw new UsageError('--remote: this machine has no non-internal IPv4 address; give one with --remote ADDR');
  let tls;
  if (options.insecureHttp !== true) {
    try {
      tls = await loadTlsIdentity({
        ...(options.tlsCert !== undefined && options.tlsKey !== undefined ? { certFile: options.tlsCert, keyFile: options.tlsKey } : {}),
        dir: path.join(options.dataDir, 'remote'),
        address,
      });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  }
  const carrier = createUiPlanServer({
    harness: shared.harness,
    staticDir: path.join(PACKAGE_ROOT, 'dist'),
    trustedHosts: options.trustedHosts,
    bindIsLoopback: false,
    remoteAddress: address,
    logger: serverLogger(shared.io),
    access: createRemoteAccess({ pairing: shared.pairing, secure: tls !== undefined, info: shared.info }),
    ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      carrier.server.once('error', reject);
      carrier.server.listen(options.port, address, () => {
        carrier.server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await carrier.close();
    throw error;
  }
  const url = `${tls ? 'https' : 'http'}://${authorityOf(address, carrier.server.address())}`;
  if (tls) {
    shared.io.out(`ui-plan: paired devices reach it at ${url} (TLS certificate SHA-256 ${tls.fingerprint256}); pair one with "Pair a phone" in the app\n`);
  } else {
    shared.io.err(
      `ui-plan: warning: --insecure-http serves ${url} without TLS: anyone on this network can read the plans and answers ` +
        `sent to a paired device and copy its cookie to act as it\n`,
    );
    shared.io.out(`ui-plan: paired devices reach it at ${url}; pair one with "Pair a phone" in the app\n`);
  }
  return { server: carrier, info: { url, fingerprint: tls?.fingerprint256 ?? null, insecureHttp: tls === undefined } };
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
