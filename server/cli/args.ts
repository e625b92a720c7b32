/**
 * Argument parsing of `ui-plan serve` and `ui-plan fold` through node:util `parseArgs` (strict: unknown options and
 * stray positionals are usage errors), from one table of serve flags ({@link SERVE_FLAGS}) that also writes the
 * flags' help. Validation names the option and the bad value; relative paths resolve against the working directory.
 */
import net from 'node:net';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseDshUrl } from '../dsh-proxy.ts';
import { isLoopbackAddress } from '../trust-fence.ts';
import { UsageError } from './io.ts';

/** The help of one serve flag: the placeholder of its value and its help lines (the first beside the flag). */
export interface FlagHelp {
  /** The value's placeholder in the help, e.g. `ADDR`. */
  value: string;
  help: readonly string[];
}

/** How `parseArgs` reads every flag `ui-plan serve` accepts, in help order. */
export const SERVE_PARSE = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '5173' },
  'data-dir': { type: 'string', default: './.data' },
  model: { type: 'string', default: 'scripted' },
  speed: { type: 'string', default: '1' },
  config: { type: 'string' },
  durability: { type: 'string', default: 'durable' },
  'trusted-host': { type: 'string', multiple: true, default: [] as string[] },
  dsh: { type: 'string' },
  remote: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'insecure-http': { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

/** Serve flags that need the reference harness, refused with `--dsh` (no harness runs there). */
export const HARNESS_ONLY_FLAGS = ['data-dir', 'model', 'speed', 'config', 'durability'] as const;

/** The help of every flag of {@link SERVE_PARSE}. */
export const SERVE_FLAGS: { readonly [K in keyof typeof SERVE_PARSE]: FlagHelp } = {
  host: { value: 'ADDR', help: ['address to bind (default 127.0.0.1)'] },
  port: { value: 'N', help: ['port to listen on, 0 for any free port (default 5173)'] },
  'data-dir': { value: 'DIR', help: ['where session logs are stored (default ./.data)'] },
  model: { value: 'SPEC', help: ['scripted | replay:FILE (default scripted)'] },
  speed: {
    value: 'N',
    help: ["pacing of the model's output, scripted and replay alike: 2 = twice as fast, 0 = no delays (default 1)"],
  },
  config: {
    value: 'FILE',
    help: ['YAML list of plugin entries (examples/plan-mode.yaml; examples/modes.yaml for session modes)'],
  },
  durability: {
    value: 'MODE',
    help: [
      'durable (default): every event is on disk (fdatasync, one per batch of events) before',
      'anything acknowledges it; relaxed: no sync, faster on a slow disk, but a power loss may',
      'drop acknowledged events (a crash of ui-plan alone never does)',
    ],
  },
  'trusted-host': {
    value: 'NAME',
    help: [
      'also accept this Host name (repeatable); required when --host is not loopback,',
      'and then only these names are accepted (plus 127.0.0.1/localhost from this machine)',
    ],
  },
  dsh: {
    value: 'URL',
    help: [
      'proxy /api and both WebSocket downlinks to a dsh web host at URL',
      '(e.g. http://127.0.0.1:<port>); no reference harness is started, so',
      `${HARNESS_ONLY_FLAGS.map((name) => `--${name}`).join(', ')} are refused with it (usage error, exit 2)`,
    ],
  },
  remote: {
    value: '[ADDR]',
    help: [
      'also listen on one LAN address (ADDR, default the first non-internal IPv4 address; never 0.0.0.0)',
      'for paired devices: HTTPS, "Pair a phone" in the app pairs one with a QR code; any other',
      'device on the network gets nothing (401)',
    ],
  },
  'tls-cert': { value: 'FILE', help: ['certificate (PEM) of --remote; default a self-signed one kept in the data directory'] },
  'tls-key': { value: 'FILE', help: ['private key (PEM) of --tls-cert'] },
  'insecure-http': {
    value: '',
    help: ['serve --remote over plain HTTP: anyone on the network can read the plans and steal a device cookie'],
  },
};

/** The help lines of the serve flags, aligned. */
export function serveFlagsHelp(): string {
  const specs = Object.keys(SERVE_PARSE).map((name) => [name, SERVE_FLAGS[name as keyof typeof SERVE_PARSE]] as const);
  const heads = specs.map(([name, spec]) => `--${name} ${spec.value}`.trimEnd());
  const width = Math.max(...heads.map((head) => head.length)) + 3;
  return specs
    .map(([, spec], i) => {
      const [first, ...rest] = spec.help;
      return [`  ${(heads[i] as string).padEnd(width)}${first}`, ...rest.map((line) => `  ${' '.repeat(width)}${line}`)].join('\n');
    })
    .join('\n');
}

/** Options of `ui-plan serve` after validation. Paths are absolute. */
export interface ServeOptions {
  host: string;
  port: number;
  dataDir: string;
  model: string;
  speed: number;
  config?: string;
  /** Whether acknowledged events are synced to disk first (`--durability`, default `durable`). */
  durability: 'durable' | 'relaxed';
  trustedHosts: string[];
  /** Base URL of a real dsh web host to proxy to (`--dsh`); then no reference harness runs. */
  dsh?: string;
  /** `--remote`: the LAN address to listen on as well (`''` = the first non-internal IPv4 address, picked at start). */
  remote?: string;
  /** `--tls-cert`/`--tls-key`, absolute; both or neither. */
  tlsCert?: string;
  tlsKey?: string;
  /** `--insecure-http`: the `--remote` listener serves plain HTTP. */
  insecureHttp?: boolean;
}

/**
 * Give a bare `--remote` (last, or followed by another option) an empty value, so `parseArgs` reads it as a string
 * option whose value is optional.
 * @param args the arguments after `serve`
 */
export function withOptionalRemote(args: readonly string[]): string[] {
  return args.map((arg, i) => (arg === '--remote' && (i === args.length - 1 || (args[i + 1] ?? '').startsWith('-')) ? '--remote=' : arg));
}

/**
 * Check a `--remote ADDR`: one IP literal of this kind of listener, not loopback and not a wildcard.
 * @param address the value (`''` for the default)
 * @throws UsageError naming the value
 */
export function checkRemoteAddress(address: string): void {
  if (address === '') return;
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (!net.isIP(bare)) throw new UsageError(`--remote takes one IP address of this machine, got ${JSON.stringify(address)}`);
  if (bare === '0.0.0.0' || bare === '::' || /^0*:(0*:)*0*$/.test(bare)) {
    throw new UsageError(`--remote ${address} would listen on every address; give one LAN address of this machine`);
  }
  if (isLoopbackAddress(bare)) throw new UsageError(`--remote ${address} is a loopback address; the app already listens on loopback`);
}

/**
 * Refuse a non-loopback bind without a trusted Host name: such a server would accept only
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

/** `parseArgs` with its errors as usage errors. */
function parse<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Parse and validate `serve` arguments (strict: unknown options and stray positionals are errors).
 * @param args arguments after `serve`
 * @param cwd base of relative paths
 * @returns the validated options
 * @throws UsageError naming the option and the bad value; with `--dsh`, naming every harness-only flag given
 */
export function parseServeArgs(args: string[], cwd: string): ServeOptions {
  const { values, tokens } = parse({ args: withOptionalRemote(args), strict: true, allowPositionals: false, tokens: true, options: SERVE_PARSE });
  if (values.dsh !== undefined && values.remote !== undefined) {
    throw new UsageError(
      '--remote cannot be used with --dsh: the proxy presents every request to the dsh host as coming from this machine, ' +
        "so a paired device would get the host's loopback-only methods",
    );
  }
  if (values.remote === undefined) {
    const remoteOnly = ['tls-cert', 'tls-key', 'insecure-http'].filter((name) => tokens.some((t) => t.kind === 'option' && t.name === name));
    if (remoteOnly.length > 0) throw new UsageError(`${remoteOnly.map((n) => `--${n}`).join(', ')} only apply with --remote`);
  } else {
    checkRemoteAddress(values.remote);
    if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) throw new UsageError('--tls-cert and --tls-key go together');
    if (values['insecure-http'] && values['tls-cert'] !== undefined) throw new UsageError('--insecure-http cannot be used with --tls-cert');
  }
  if (values.dsh !== undefined) {
    const harnessOnly = HARNESS_ONLY_FLAGS.filter((name) => tokens.some((t) => t.kind === 'option' && t.name === name));
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
  const durability = values.durability;
  if (durability !== 'durable' && durability !== 'relaxed') {
    throw new UsageError(`--durability must be durable or relaxed, got ${JSON.stringify(durability)}`);
  }
  const model = values.model;
  if (model !== 'scripted' && !(model.startsWith('replay:') && model.length > 'replay:'.length)) {
    throw new UsageError(`--model must be scripted or replay:FILE, got ${JSON.stringify(model)}`);
  }
  const trustedHosts = [...values['trusted-host']];
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
    durability,
    trustedHosts,
    ...(values.dsh !== undefined ? { dsh: parseDshUrl(values.dsh).origin } : {}),
    ...(values.remote !== undefined ? { remote: values.remote.replace(/^\[(.*)\]$/, '$1'), insecureHttp: values['insecure-http'] } : {}),
    ...(values['tls-cert'] !== undefined ? { tlsCert: path.resolve(cwd, values['tls-cert']) } : {}),
    ...(values['tls-key'] !== undefined ? { tlsKey: path.resolve(cwd, values['tls-key']) } : {}),
  };
}

/**
 * Parse `fold` arguments: files only, no options.
 * @param args arguments after `fold`
 * @returns the file arguments as given
 * @throws UsageError for an option or no file
 */
export function parseFoldArgs(args: string[]): string[] {
  const { positionals } = parse({ args, strict: true, allowPositionals: true, options: {} });
  if (positionals.length === 0) throw new UsageError('fold needs at least one FILE');
  return positionals;
}
