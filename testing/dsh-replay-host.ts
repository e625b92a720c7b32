/**
 * Install a real DeepSeek Harness web host (`@deepseek-ai/dsh` from the npm registry) into a cache folder
 * outside the repository, and start it in keyless replay mode on a recorded session log, so ui-plan can be
 * tested against the real upstream. The install is reused while its stamp names the same versions;
 * one started host replays exactly one session, so start a fresh one per scenario. Test infrastructure only:
 * nothing here is imported by the app or by `ui-plan serve`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

/** The published dsh that installs and runs (npm `latest` 0.1.5-rc.2 names dependencies never published). */
export const DSH_VERSION = '0.1.0-rc.8';
/** The published replay model plugin (reads a complete persisted log and plays it back). */
export const DSH_REPLAY_VERSION = '0.0.1-rc.1';
/** Node for the host: dsh needs Node >= 22.19; npm package `node-linux-<arch>` ships `bin/node`. */
export const HOST_NODE_VERSION = '22.23.5';
/** pnpm resolves dsh's tree in seconds where the npm CLI takes about 16 minutes. */
export const PNPM_VERSION = '10.34.9';

/**
 * The cordis family as current at dsh 0.1.0-rc.8's release: later releases under its `^` ranges were made for
 * newer dsh (cordis-plugin-hmr 1.0.19 kills the host at boot: "user patch-layer watching requires the Cordis HMR
 * service"). Applied as pnpm overrides together with time-based resolution.
 */
export const CORDIS_PINS: Readonly<Record<string, string>> = {
  '@deepseek-ai/cordis': '4.0.1',
  '@deepseek-ai/cordis-plugin-hmr': '1.0.16',
  '@deepseek-ai/cordis-plugin-timer': '1.1.3',
  '@deepseek-ai/cordis-plugin-loader': '1.0.2',
  '@deepseek-ai/cordis-plugin-include': '1.0.6',
  '@deepseek-ai/cordis-plugin-group': '1.0.1',
  '@deepseek-ai/cosmokit': '1.8.2',
  '@deepseek-ai/schemastery': '3.18.1',
};

/** The provider and model the replay overlay registers; `host.describe` names them once the host can run a turn. */
export const REPLAY_PROVIDER = 'deepseek-official';
export const REPLAY_MODEL = 'deepseek-v4-flash';

/** Plugins of the `dsh web` profile that need a key or the network; the replay overlay disables them. */
export const DISABLED_PLUGINS = ['llm-deepseek', 'agent-instructions', 'session-title-llm', 'session-telemetry-otel'] as const;

/** The registry could not be reached and nothing is installed: callers report a skip, never a pass. */
export class RegistryUnreachableError extends Error {
  override name = 'RegistryUnreachableError';
}

/** Progress lines (install steps, timings); default: stderr. */
export type Log = (line: string) => void;
const stderrLog: Log = (line) => process.stderr.write(`dsh-host: ${line}\n`);

/**
 * Where the host is installed: `$UI_PLAN_DSH_CACHE`, else `$XDG_CACHE_HOME/ui-plan/dsh-host`, else
 * `~/.cache/ui-plan/dsh-host` — never inside the repository.
 * @param env environment to read (default: the process's)
 * @returns an absolute path
 */
export function dshCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.UI_PLAN_DSH_CACHE) return path.resolve(env.UI_PLAN_DSH_CACHE);
  const base = env.XDG_CACHE_HOME ? path.resolve(env.XDG_CACHE_HOME) : path.join(os.homedir(), '.cache');
  return path.join(base, 'ui-plan', 'dsh-host');
}

type Row = Record<string, unknown> & { type?: unknown; data?: unknown };

/**
 * Give a recorded dsh log the complete envelopes the published replay plugin reads: `seq` and `time` on every
 * event row, `seq0`/`time0` on `text-chunks`/`reasoning-chunks`/`tool-call-chunks` rows (one seq per chunk).
 * Values already present are kept; missing ones continue the running seq and use the header's `createdAt`.
 * @param text a session log: header line, then one event per line (blank lines ignored)
 * @returns the completed log text, newline-terminated
 * @throws SyntaxError when a line is not JSON; Error when the first line is not a `session` header
 */
export function completeDshLog(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const header = JSON.parse(lines[0] ?? 'null') as Row | null;
  if (header === null || header.type !== 'session') throw new Error('a dsh session log starts with a {"type":"session"} header');
  const time = Number.isSafeInteger(header.createdAt) ? (header.createdAt as number) : 0;
  const out = [JSON.stringify(header)];
  let seq = 0;
  for (const line of lines.slice(1)) {
    const row = JSON.parse(line) as Row;
    const data = (row.data ?? {}) as { texts?: unknown[]; args?: unknown[] };
    if (typeof row.type === 'string' && /^(text|reasoning|tool-call)-chunks$/.test(row.type)) {
      const first = typeof row.seq0 === 'number' ? row.seq0 : seq;
      const { type, seq0: _s, time0, ...rest } = row;
      out.push(JSON.stringify({ type, seq0: first, time0: typeof time0 === 'number' ? time0 : time, ...rest }));
      seq = first + (data.texts ?? data.args ?? []).length;
    } else {
      const { type, seq: s, time: t, ...rest } = row;
      const at = typeof s === 'number' ? s : seq;
      out.push(JSON.stringify({ type, seq: at, time: typeof t === 'number' ? t : time, ...rest }));
      seq = at + 1;
    }
  }
  return `${out.join('\n')}\n`;
}

/** Options of the replay overlay. Paths are absolute. */
export interface ReplayOverlayOptions {
  /** The replay plugin's entry file. */
  plugin: string;
  /** The completed root session log. */
  file: string;
  /** Completed child session logs (sub-agents), in order. */
  childFiles?: string[];
  /** Replay sidecar of the recording, when it has one. */
  overrideFile?: string;
  /** Delay between replayed chunks, in ms. */
  paceMs: number;
}

const yamlString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * The `--patch` overlay for `dsh web`: disables the key- and network-bound plugins ({@link DISABLED_PLUGINS}) and
 * inserts the replay plugin with the recording and one DeepSeek provider/model entry (the one the recording names).
 * @param options plugin and files
 * @returns YAML text
 */
export function replayOverlay(options: ReplayOverlayOptions): string {
  const lines = ['# generated by ui-plan testing/dsh-replay-host.ts: keyless dsh web profile replaying one recorded session'];
  for (const id of DISABLED_PLUGINS) lines.push(`- id: ${id}`, '  disabled: true');
  lines.push('- insert:', '    - id: llm-replay', `      name: ${yamlString(options.plugin)}`, '      config:');
  lines.push(`        file: ${yamlString(options.file)}`);
  if (options.overrideFile !== undefined) lines.push(`        overrideFile: ${yamlString(options.overrideFile)}`);
  if (options.childFiles !== undefined && options.childFiles.length > 0) {
    lines.push('        childFiles:', ...options.childFiles.map((file) => `          - ${yamlString(file)}`));
  }
  lines.push(
    `        paceMs: ${options.paceMs}`,
    '        providers:',
    `          - id: ${REPLAY_PROVIDER}`,
    '            name: DeepSeek',
    '            models:',
    `              - id: ${REPLAY_MODEL}`,
    '                name: DeepSeek-V4-Flash',
    '                contextWindow: 128000',
  );
  return `${lines.join('\n')}\n`;
}

/** An installed host: the Node to run it with and the entry files. */
export interface InstalledHost {
  dir: string;
  node: string;
  dshBin: string;
  replayPlugin: string;
  /** True when this call installed it; false when the cache already held it. */
  installed: boolean;
  /** Time spent installing in this call, in ms (0 when reused). */
  installMs: number;
}

const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error', '--update-notifier=false'];

function nodeArch(): string {
  return process.arch === 'x64' ? 'x64' : process.arch === 'arm64' ? 'arm64' : process.arch;
}

function nodeIsRecentEnough(node: string): boolean {
  const r = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  if (r.status !== 0) return false;
  const [major = 0, minor = 0] = r.stdout.trim().split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 19);
}

function runStep(log: Log, what: string, cmd: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void {
  log(what);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`${what} failed (exit ${r.status ?? r.signal}):\n${tail}`);
  }
}

/**
 * Whether the npm registry answers (`npm ping`, bounded).
 * @param timeoutMs give up after this many ms
 * @returns true when it answered
 */
export function registryReachable(timeoutMs = 20_000): boolean {
  const r = spawnSync('npm', ['ping', '--loglevel=error'], { stdio: 'ignore', timeout: timeoutMs });
  return r.status === 0;
}

const stampName = (): string => `.installed-dsh-${DSH_VERSION}-replay-${DSH_REPLAY_VERSION}-node-${HOST_NODE_VERSION}`;

/**
 * Install the host into `dir` unless the cache already holds these exact versions: Node {@link HOST_NODE_VERSION}
 * (npm `node-linux-<arch>`; skipped when `UI_PLAN_DSH_NODE` or this Node is >= 22.19), pnpm {@link PNPM_VERSION},
 * dsh {@link DSH_VERSION} with pnpm (`node-linker=hoisted`, time-based resolution, {@link CORDIS_PINS}), and the
 * replay plugin with npm without its peers (its imports resolve upward into the dsh install). About 520 MB.
 * @param options `dir` (default {@link dshCacheDir}), `log` for progress lines
 * @returns the installed host
 * @throws RegistryUnreachableError when an install is needed and `npm ping` fails; Error naming the failed step
 */
export function ensureDshHost(options: { dir?: string; log?: Log; env?: NodeJS.ProcessEnv } = {}): InstalledHost {
  const env = options.env ?? process.env;
  const dir = path.resolve(options.dir ?? dshCacheDir(env));
  const log = options.log ?? stderrLog;
  const appDir = path.join(dir, 'app');
  const dshBin = path.join(appDir, 'node_modules', '@deepseek-ai', 'dsh', 'lib', 'bin.js');
  const replayPlugin = path.join(appDir, 'replay-plugin', 'node_modules', '@deepseek-ai', 'dsh-llm-replay', 'lib', 'index.js');
  const ownNode = path.join(dir, 'node', 'node_modules', `node-linux-${nodeArch()}`, 'bin', 'node');
  const pickNode = (): string | undefined => {
    if (env.UI_PLAN_DSH_NODE) return env.UI_PLAN_DSH_NODE;
    if (nodeIsRecentEnough(process.execPath)) return process.execPath;
    return fs.existsSync(ownNode) ? ownNode : undefined;
  };
  const stamp = path.join(appDir, stampName());
  let node = pickNode();
  if (node !== undefined && fs.existsSync(stamp) && fs.existsSync(dshBin) && fs.existsSync(replayPlugin)) {
    return { dir, node, dshBin, replayPlugin, installed: false, installMs: 0 };
  }
  if (!registryReachable()) {
    throw new RegistryUnreachableError('the npm registry cannot be reached (npm ping failed) and no dsh host is installed in ' + dir);
  }
  const started = Date.now();
  fs.mkdirSync(dir, { recursive: true });
  if (node === undefined) {
    runStep(log, `installing Node ${HOST_NODE_VERSION} (npm node-linux-${nodeArch()})`, 'npm', [
      'install',
      '--prefix',
      path.join(dir, 'node'),
      ...NPM_FLAGS,
      `node-linux-${nodeArch()}@${HOST_NODE_VERSION}`,
    ]);
    node = ownNode;
  }
  if (!nodeIsRecentEnough(node)) throw new Error(`dsh needs Node >= 22.19; ${node} is older`);
  const pnpm = path.join(dir, 'pnpm', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  if (!fs.existsSync(pnpm)) {
    runStep(log, `installing pnpm ${PNPM_VERSION} (npm)`, 'npm', ['install', '--prefix', path.join(dir, 'pnpm'), ...NPM_FLAGS, `pnpm@${PNPM_VERSION}`]);
  }
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.mkdirSync(appDir, { recursive: true });
  fs.writeFileSync(
    path.join(appDir, 'package.json'),
    `${JSON.stringify({ name: 'ui-plan-dsh-host', private: true, dependencies: { '@deepseek-ai/dsh': DSH_VERSION }, pnpm: { overrides: CORDIS_PINS } }, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(appDir, '.npmrc'), `node-linker=hoisted\nresolution-mode=time-based\nstore-dir=${path.join(dir, 'pnpm-store')}\n`);
  // pnpm runs on the host's Node, so lifecycle scripts of the tree see the Node they were published for.
  const pathWithNode = `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}`;
  runStep(log, `installing @deepseek-ai/dsh@${DSH_VERSION} (pnpm, hoisted)`, node, [pnpm, 'install', '--no-frozen-lockfile', '--reporter=append-only'], {
    cwd: appDir,
    env: { ...env, PATH: pathWithNode },
  });
  // Its published peer ranges name an older package generation: install it alone, without peers.
  runStep(log, `installing @deepseek-ai/dsh-llm-replay@${DSH_REPLAY_VERSION} (npm, no peers)`, 'npm', [
    'install',
    '--prefix',
    path.join(appDir, 'replay-plugin'),
    ...NPM_FLAGS,
    '--legacy-peer-deps',
    `@deepseek-ai/dsh-llm-replay@${DSH_REPLAY_VERSION}`,
  ]);
  for (const file of [dshBin, replayPlugin]) {
    if (!fs.existsSync(file)) throw new Error(`install finished but ${file} is missing`);
  }
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  const installMs = Date.now() - started;
  log(`installed in ${(installMs / 1000).toFixed(1)} s in ${dir}`);
  return { dir, node, dshBin, replayPlugin, installed: true, installMs };
}

/** A running replay host. */
export interface ReplayHost {
  /** `http://127.0.0.1:<port>` — answers `host.describe` when this is returned. */
  url: string;
  pid: number;
  /** The host's own output. */
  logFile: string;
  /** Stop the host (TERM, then KILL after 5 s) and remove its run folder unless `keep` was set. Idempotent. */
  stop(): Promise<void>;
}

/** Options of {@link startReplayHost}. */
export interface StartReplayOptions {
  /** A recorded dsh `session.jsonl` (projected or complete rows); `session.<n>.jsonl` beside it are child logs. */
  fixture: string;
  host?: InstalledHost;
  /** Delay between replayed chunks, in ms (default 15). */
  paceMs?: number;
  /** Give up booting after this many ms (default 120 000). */
  bootTimeoutMs?: number;
  /** Keep the run folder (logs, scratch home) after `stop`. */
  keep?: boolean;
  log?: Log;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Options of {@link waitUntil}. Times in ms. */
export interface WaitOptions {
  /** Give up this long after the first try. */
  timeoutMs: number;
  /** Pause between tries (default 100). */
  intervalMs?: number;
  /** True once waiting is pointless (the process exited); checked before every try. */
  gone?: () => boolean;
  /** Clock (default `Date.now`). */
  now?: () => number;
}

/**
 * Try `check` until it says ready, bounded in time: a readiness check instead of a fixed wait.
 * @param what what is awaited, for the error (e.g. "dsh web at http://127.0.0.1:4000 answering host.describe")
 * @param check resolves `true` when ready, else a short reason (the last one goes into the error); it is given the
 *   ms left, to bound its own I/O; a rejection counts as not ready with its message
 * @param options bound, pause and the exit test
 * @returns the ms it took
 * @throws Error "`what`: not ready after N ms (last: reason)" at the bound, or "`what`: the process exited" when `gone`
 */
export async function waitUntil(what: string, check: (msLeft: number) => Promise<true | string>, options: WaitOptions): Promise<number> {
  const now = options.now ?? Date.now;
  const started = now();
  const deadline = started + options.timeoutMs;
  let last = 'never tried';
  for (;;) {
    if (options.gone?.()) throw new Error(`${what}: the process exited (last: ${last})`);
    const left = deadline - now();
    if (left <= 0) throw new Error(`${what}: not ready after ${options.timeoutMs} ms (last: ${last})`);
    const answer = await check(left).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (answer === true) return now() - started;
    last = answer;
    await sleep(Math.min(options.intervalMs ?? 100, Math.max(0, deadline - now())));
  }
}

/**
 * Whether a dsh web host can run a replayed turn: `host.describe` answers `ok` and names the replay overlay's
 * provider and model ({@link REPLAY_PROVIDER}, {@link REPLAY_MODEL}), i.e. the replay plugin is loaded.
 * @param url the host's base URL
 * @param msLeft bound of this one request, in ms
 * @returns `true`, or why not (HTTP status, envelope, model named, network error)
 */
export async function replayHostReady(url: string, msLeft: number): Promise<true | string> {
  const body = JSON.stringify(clientRequest('host.describe', {}, 'ready'));
  const res = await fetch(`${url}/api/host.describe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(Math.max(1, msLeft)),
  });
  if (!res.ok) return `host.describe answered HTTP ${res.status}`;
  const value = ((await res.json()) as { result?: { ok?: boolean; value?: { provider?: unknown; model?: unknown } } }).result;
  if (value?.ok !== true) return 'host.describe answered an error';
  const { provider, model } = value.value ?? {};
  if (provider !== REPLAY_PROVIDER || model !== REPLAY_MODEL) return `host.describe names ${String(provider)}/${String(model)}`;
  return true;
}

/**
 * Start `dsh web` on loopback (any free port) with the replay overlay over a completed copy of the fixture, in a
 * fresh run folder (scratch `DSH_HOME` and workspace, telemetry off). Resolves once the host is ready
 * ({@link replayHostReady}), polled until `bootTimeoutMs` — never after a fixed wait.
 * @param options fixture and knobs
 * @returns the running host
 * @throws Error when the fixture is unreadable or the host dies or stays silent past the boot timeout (with the log tail)
 */
export async function startReplayHost(options: StartReplayOptions): Promise<ReplayHost> {
  const log = options.log ?? stderrLog;
  const installed = options.host ?? ensureDshHost({ log });
  const fixture = path.resolve(options.fixture);
  const runsDir = path.join(installed.dir, 'runs');
  fs.mkdirSync(runsDir, { recursive: true });
  const run = fs.mkdtempSync(path.join(runsDir, 'run-'));
  for (const sub of ['home', 'workspace']) fs.mkdirSync(path.join(run, sub));
  const file = path.join(run, 'session.jsonl');
  fs.writeFileSync(file, completeDshLog(fs.readFileSync(fixture, 'utf8')));
  const childFiles = fs
    .readdirSync(path.dirname(fixture))
    .filter((name) => /^session\.\d+\.jsonl$/.test(name))
    .sort()
    .map((name) => {
      const out = path.join(run, name);
      fs.writeFileSync(out, completeDshLog(fs.readFileSync(path.join(path.dirname(fixture), name), 'utf8')));
      return out;
    });
  const sidecar = path.join(path.dirname(fixture), 'replay.override.json');
  const overlay = path.join(run, 'overlay.yml');
  fs.writeFileSync(
    overlay,
    replayOverlay({
      plugin: installed.replayPlugin,
      file,
      childFiles,
      ...(fs.existsSync(sidecar) ? { overrideFile: sidecar } : {}),
      paceMs: options.paceMs ?? 15,
    }),
  );
  const logFile = path.join(run, 'host.log');
  const out = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(installed.node, [installed.dshBin, 'web', '--patch', overlay, '--no-open', '--port', '0', '--host', '127.0.0.1'], {
    cwd: path.join(run, 'workspace'),
    env: {
      ...process.env,
      DSH_HOME: path.join(run, 'home'),
      DSH_TELEMETRY_DISABLED: '1',
      PATH: `${path.dirname(installed.node)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
    stdio: ['ignore', out, out],
    detached: true, // its own process group, so stop() also ends whatever the host spawned
  });
  fs.closeSync(out);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const pid = child.pid ?? -1;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      const signal = (sig: NodeJS.Signals): void => {
        try {
          process.kill(-pid, sig);
        } catch {
          /* already gone */
        }
      };
      if (!exited) {
        signal('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exit, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
        clearTimeout(timer);
        if (!exited) signal('SIGKILL');
      }
      if (!options.keep) fs.rmSync(run, { recursive: true, force: true });
    })();
    return stopping;
  };
  const tail = (): string => {
    try {
      return fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-40).join('\n');
    } catch {
      return '';
    }
  };
  const bootTimeoutMs = options.bootTimeoutMs ?? 120_000;
  const started = Date.now();
  let url = '';
  try {
    // The URL is printed mid-boot; the host is ready once it names the replay model.
    await waitUntil(
      'dsh web printing its URL',
      async () => {
        const match = /dsh web: (http:\/\/\S+)/.exec(fs.readFileSync(logFile, 'utf8'));
        if (!match?.[1]) return 'no URL in its log yet';
        url = match[1].replace(/\/+$/, '');
        return true;
      },
      { timeoutMs: bootTimeoutMs, gone: () => exited },
    );
    await waitUntil(`dsh web at ${url} answering host.describe with the replay model`, (left) => replayHostReady(url, left), {
      timeoutMs: Math.max(1, bootTimeoutMs - (Date.now() - started)),
      intervalMs: 150,
      gone: () => exited,
    });
  } catch (error) {
    options.keep = true;
    await stop();
    throw new Error(`${(error as Error).message}; log ${logFile}:\n${tail()}`);
  }
  log(`dsh web ${DSH_VERSION} replaying ${path.basename(fixture)} at ${url} in ${Date.now() - started} ms (pid ${pid}, log ${logFile})`);
  return { url, pid, logFile, stop };
}
