/**
 * The `ui-plan` CLI: `fold` over every projection-random case (fixtures/) through the real binary, argument
 * errors (exit 2), config validation naming file and field, and a real `serve` shut down by SIGTERM.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { fixturePath } from '../fixtures/paths.ts';
import { PROTOTYPE_TYPES } from '../fixtures/trust/event-shapes.ts';
import { parseSessionLog } from '../src/core/log/reader.ts';
import { COMMANDS, main, parseServeArgs, SERVE_PARSE, startServe, type CliIo } from './cli.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'ui-plan.mjs');
const CASES = fixturePath('projection-random');
const RECORDINGS = fixturePath('dsh-recordings');

function captured(cwd = ROOT): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    cwd,
    out: (t: string) => {
      io.stdout += t;
    },
    err: (t: string) => {
      io.stderr += t;
    },
  };
  return io;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('folds every projection-random case to its expected plan state in one run, in order', () => {
  const names = fs
    .readdirSync(CASES)
    .filter((n) => n.endsWith('.jsonl'))
    .sort();
  expect(names.length).toBeGreaterThanOrEqual(40);
  const files = names.map((n) => path.join(CASES, n));
  const run = spawnSync(process.execPath, [BIN, 'fold', ...files], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const lines = run.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines).toHaveLength(names.length);
  names.forEach((name, i) => {
    const text = fs.readFileSync(path.join(CASES, name), 'utf8');
    const expected = JSON.parse(fs.readFileSync(path.join(CASES, name.replace('.jsonl', '.expected.json')), 'utf8')) as Record<string, unknown>;
    const line = lines[i] ?? {};
    expect({ case: name, planMode: line.planMode, plan: line.plan, mode: line.mode }).toEqual({
      case: name,
      planMode: expected.planMode,
      plan: expected.plan,
      mode: expected.mode,
    });
    // fold reports exactly what the log reader reports: the lines it skipped and the events it read.
    const parsed = parseSessionLog(text);
    expect({ case: name, skipped: line.skipped }).toEqual({ case: name, skipped: parsed.skipped.map((skip) => skip.line) });
    expect(line.events).toBe(parsed.events.length);
  });
  expect(lines.some((l) => (l.skipped as number[]).length > 0)).toBe(true);
});

it('folds the recorded plan-review log to plan mode off with nothing pending', async () => {
  const io = captured();
  expect(await main(['fold', path.join(RECORDINGS, 'plan-review', 'session.jsonl')], io)).toBe(0);
  const line = JSON.parse(io.stdout) as Record<string, unknown>;
  expect(line).toMatchObject({ skipped: [], planMode: false, plan: { active: false, pending: false }, mode: 'default' });
  expect(line.events).toBe(
    fs
      .readFileSync(path.join(RECORDINGS, 'plan-review', 'session.jsonl'), 'utf8')
      .trimEnd()
      .split('\n').length - 1,
  );
});

it('folds a log whose event types are Object.prototype keys, keeping them as unknown events, and exits 0', () => {
  const file = fixturePath('trust', 'prototype-types.jsonl');
  const run = spawnSync(process.execPath, [BIN, 'fold', file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const line = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(line).toEqual({ events: PROTOTYPE_TYPES.length + 3, skipped: [], planMode: true, plan: { active: true, pending: false }, mode: 'default' });
});

it('reports an unreadable file on stderr, folds the others, and exits 1', async () => {
  const io = captured();
  const code = await main(['fold', path.join(CASES, 'case-004.jsonl'), path.join(CASES, 'no-such.jsonl'), path.join(CASES, 'case-001.jsonl')], io);
  expect(code).toBe(1);
  expect(io.stdout.trimEnd().split('\n')).toHaveLength(2);
  expect(io.stderr).toMatch(/^ui-plan fold: cannot read .*no-such\.jsonl: /);
});

it.each<[string, string[], RegExp]>([
  ['no command', [], /missing command/],
  ['an unknown command', ['launch'], /unknown command "launch"/],
  ['fold without files', ['fold'], /fold needs at least one FILE/],
  ['fold with an option', ['fold', '--deep', 'x.jsonl'], /Unknown option '--deep'/],
  ['serve with an unknown option', ['serve', '--colour'], /Unknown option '--colour'/],
  ['serve with a positional', ['serve', 'now'], /Unexpected argument 'now'|positional/i],
  ['serve --port without a value', ['serve', '--port'], /Option '--port <value>' argument missing/],
  [
    'serve --dsh with a harness option',
    ['serve', '--dsh', 'http://127.0.0.1:9000', '--model', 'scripted'],
    /--dsh serves a real dsh host, so --model cannot be used/,
  ],
])('prints a clear error and the usage for %s, exit 2', async (_name, argv, message) => {
  const io = captured();
  expect(await main(argv, io)).toBe(2);
  expect(io.stderr).toMatch(message);
  expectUsage(io.stderr);
  expect(io.stdout).toBe('');
});

it.each<[string[], RegExp]>([
  [['--port', '70000'], /--port must be an integer from 0 to 65535, got "70000"/],
  [['--port=-1'], /--port must be an integer/],
  [['--port', '-1'], /'--port' argument is ambiguous/],
  [['--port', 'http'], /--port must be an integer/],
  [['--speed', 'fast'], /--speed must be a number >= 0, got "fast"/],
  [['--speed=-2'], /--speed must be a number >= 0/],
  [['--model', 'gpt'], /--model must be scripted or replay:FILE, got "gpt"/],
  [['--model', 'replay:'], /--model must be scripted or replay:FILE/],
  [['--trusted-host', 'http://box:80'], /--trusted-host takes a host name without port or scheme/],
  [['--host', ''], /--host must not be empty/],
  [['--host', '0.0.0.0'], /--host 0\.0\.0\.0 is not a loopback address, so it needs at least one --trusted-host NAME/],
  [['--host', '::'], /--host :: is not a loopback address, so it needs at least one --trusted-host/],
  [['--host', '192.168.1.20'], /--host 192\.168\.1\.20 is not a loopback address/],
  [['--host', 'my-box.lan'], /--host my-box\.lan is not a loopback address/],
  [['--dsh', 'http://127.0.0.1:9000', '--host', '0.0.0.0'], /--host 0\.0\.0\.0 is not a loopback address/],
  [['--dsh', '127.0.0.1:9000'], /--dsh must be an http:\/\/ URL|--dsh needs a URL/],
  [['--dsh', 'https://127.0.0.1:9000'], /--dsh must be an http:\/\/ URL/],
  [['--dsh', 'http://127.0.0.1:9000/ui'], /--dsh takes the host's base URL without a path/],
  [['--dsh', 'http://u:p@127.0.0.1:9000'], /--dsh must not carry credentials/],
  [['--dsh', 'http://127.0.0.1:9000', '--data-dir', 'd', '--config', 'c.yaml'], /--data-dir, --config cannot be used/],
])('rejects serve %j', (args, message) => {
  expect(() => parseServeArgs(args, '/work')).toThrow(message);
});

it('fills serve defaults and resolves paths against the working directory', () => {
  expect(parseServeArgs([], '/work/app')).toEqual({
    host: '127.0.0.1',
    port: 5173,
    dataDir: '/work/app/.data',
    model: 'scripted',
    speed: 1,
    durability: 'durable',
    trustedHosts: [],
  });
  expect(
    parseServeArgs(
      [
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--data-dir',
        'd',
        '--model',
        'replay:rec/session.jsonl',
        '--speed',
        '0',
        '--config',
        'c.yaml',
        '--durability',
        'relaxed',
        '--trusted-host',
        'box',
        '--trusted-host',
        'lab.local',
      ],
      '/work/app',
    ),
  ).toEqual({
    host: '0.0.0.0',
    port: 0,
    dataDir: '/work/app/d',
    model: 'replay:/work/app/rec/session.jsonl',
    speed: 0,
    config: '/work/app/c.yaml',
    durability: 'relaxed',
    trustedHosts: ['box', 'lab.local'],
  });
  expect(() => parseServeArgs(['--durability', 'fast'], '/work')).toThrow('--durability must be durable or relaxed, got "fast"');
});

it('keeps the --dsh origin (trailing slash dropped) beside the defaults', () => {
  expect(parseServeArgs(['--dsh', 'http://localhost:41234/', '--port', '0'], '/work/app')).toMatchObject({
    port: 0,
    dsh: 'http://localhost:41234',
    trustedHosts: [],
  });
});

/** The usage names every command of the table and every flag the serve parser accepts. */
function expectUsage(text: string): void {
  for (const command of COMMANDS) expect(text).toMatch(new RegExp(`^  ui-plan ${command.name}\\b`, 'm'));
  for (const flag of Object.keys(SERVE_PARSE)) expect(text).toMatch(new RegExp(`^  --${flag} (\\[?[A-Z]+\\]? )? `, 'm'));
}

it.each([['help'], ['--help'], ['-h']])('prints the names of every command and flag the parser accepts for %s and exits 0', async (arg) => {
  const io = captured();
  expect(await main([arg], io)).toBe(0);
  expectUsage(io.stdout);
  expect(io.stderr).toBe('');
});

it('accepts every flag the help names, and only those', async () => {
  const io = captured();
  await main(['help'], io);
  const named = [...io.stdout.matchAll(/^ {2}--([a-z-]+) /gm)].map((match) => match[1] as string);
  expect(named.sort()).toEqual(Object.keys(SERVE_PARSE).sort());
  const values: Record<string, string> = {
    host: '127.0.0.1',
    port: '0',
    speed: '2',
    model: 'scripted',
    dsh: 'http://127.0.0.1:9',
    durability: 'relaxed',
    'trusted-host': 'my-box.lan',
  };
  // Flags of the remote listener go with --remote (and the certificate with its key).
  const withRemote: Record<string, string[]> = {
    remote: ['--remote', '10.213.0.1'],
    'tls-cert': ['--remote', '--tls-cert', 'c.pem', '--tls-key', 'k.pem'],
    'tls-key': ['--remote', '--tls-key', 'k.pem', '--tls-cert', 'c.pem'],
    'insecure-http': ['--remote', '--insecure-http'],
  };
  for (const flag of named) {
    expect(() => parseServeArgs(withRemote[flag] ?? [`--${flag}`, values[flag] ?? 'x'], '/work'), `--${flag}`).not.toThrow();
  }
});

it.each<[string[], RegExp]>([
  [['--remote', '0.0.0.0'], /--remote 0\.0\.0\.0 would listen on every address/],
  [['--remote', '::'], /--remote :: would listen on every address/],
  [['--remote', '127.0.0.1'], /--remote 127\.0\.0\.1 is a loopback address/],
  [['--remote', 'my-box.lan'], /--remote takes one IP address of this machine, got "my-box\.lan"/],
  [
    ['--remote', '--dsh', 'http://127.0.0.1:9'],
    /--remote cannot be used with --dsh: the proxy presents every request to the dsh host as coming from this machine/,
  ],
  [['--tls-cert', 'c.pem', '--tls-key', 'k.pem'], /--tls-cert, --tls-key only apply with --remote/],
  [['--insecure-http'], /--insecure-http only apply with --remote/],
  [['--remote', '--tls-cert', 'c.pem'], /--tls-cert and --tls-key go together/],
  [['--remote', '--insecure-http', '--tls-cert', 'c', '--tls-key', 'k'], /--insecure-http cannot be used with --tls-cert/],
])('refuses serve %j', (args, message) => {
  expect(() => parseServeArgs(args, '/work')).toThrow(message);
});

it('reads --remote with and without an address', () => {
  expect(parseServeArgs(['--remote'], '/work')).toMatchObject({ remote: '', insecureHttp: false });
  expect(parseServeArgs(['--remote', '--port', '0'], '/work')).toMatchObject({ remote: '', port: 0 });
  expect(parseServeArgs(['--remote', '10.213.0.1', '--insecure-http'], '/work')).toMatchObject({ remote: '10.213.0.1', insecureHttp: true });
  expect(parseServeArgs(['--remote', '--tls-cert', 'c.pem', '--tls-key', 'k.pem'], '/work')).toMatchObject({ tlsCert: '/work/c.pem', tlsKey: '/work/k.pem' });
  expect(parseServeArgs([], '/work')).not.toHaveProperty('remote');
});

it('refuses every harness-only flag beside --dsh, naming all of them', () => {
  expect(() =>
    parseServeArgs(['--dsh', 'http://127.0.0.1:9', '--data-dir', 'd', '--model', 'scripted', '--speed', '2', '--config', 'c.yaml'], '/work'),
  ).toThrow('--dsh serves a real dsh host, so --data-dir, --model, --speed, --config cannot be used with it');
});

it('exits 2 from the real binary on a usage error', () => {
  const run = spawnSync(process.execPath, [BIN, 'serve', '--port', 'x'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(/--port must be an integer/);
});

it.each<[string, string, RegExp]>([
  ['a YAML syntax error', '- id: plan-mode\n  name: [unclosed\n', /bad\.yaml: not valid YAML/],
  ['a blank section', "- id: plan-mode\n  name: '@deepseek-ai/dsh-plan-mode'\n  config:\n    section: '   '\n", /bad\.yaml: .*section/],
  ['an unknown key', "- id: plan-mode\n  name: '@deepseek-ai/dsh-plan-mode'\n  config:\n    section: x\n    tools: []\n", /bad\.yaml: .*tools/],
])('refuses a config with %s, naming the file and field, exit 2', async (_name, yaml, message) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-cli-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'bad.yaml'), yaml);
  const io = captured(dir);
  expect(await main(['serve', '--port', '0', '--data-dir', 'data', '--config', 'bad.yaml'], io)).toBe(2);
  expect(io.stderr).toMatch(message);
});

it('serves from the real binary with the example config, answers a call, and shuts down on SIGTERM', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-cli-'));
  dirs.push(dir);
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--data-dir', path.join(dir, 'data'), '--config', path.join(ROOT, 'examples', 'plan-mode.yaml')],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        const m = /^ui-plan listening on (http:\/\/127\.0\.0\.1:\d+) \(model scripted\)$/m.exec(stdout);
        if (m?.[1]) resolve(m[1]);
      });
      void exited.then(() => reject(new Error(`exited early: ${stderr}`)));
    });
    const res = await fetch(`${url}/api/session.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(clientRequest('session.create', {}, 'r1')),
    });
    const body = (await res.json()) as { result: { ok: boolean; value: { sessionId: string } } };
    expect(body.result.ok).toBe(true);
    expect(fs.existsSync(path.join(dir, 'data', 'sessions', `${body.result.value.sessionId}.jsonl`))).toBe(true);
    expect((await fetch(`${url}/`)).headers.get('content-type')).toMatch(/^text\/html/);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(stderr).toMatch(/SIGTERM, shutting down/);
});

it.each<[string, string, boolean]>([
  ['prints an exposure warning naming the accepted Host names when binding the wildcard address', '0.0.0.0', true],
  ['prints no warning when binding loopback', '127.0.0.1', false],
])('%s (%s)', async (_name, host, warns) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-cli-'));
  dirs.push(dir);
  const io = captured(dir);
  const running = await startServe(
    { host, port: 0, dataDir: path.join(dir, 'data'), model: 'scripted', speed: 0, durability: 'durable', trustedHosts: ['lab.local'] },
    io,
  );
  try {
    expect(io.stdout).toMatch(new RegExp(`^ui-plan listening on http://${host.replace(/\./g, '\\.')}:\\d+ \\(model scripted\\)\n$`));
    expect(
      /warning: binding 0\.0\.0\.0 exposes the harness beyond this machine; only requests whose Host is lab\.local \(from anywhere\) or 127\.0\.0\.1\/localhost\/\[::1\] \(from this machine only\) are accepted/.test(
        io.stderr,
      ),
    ).toBe(warns);
  } finally {
    await running.close();
  }
});

it('runs the compiled server, and in a clone without a build says how to make one and exits 2', () => {
  const built = spawnSync(process.execPath, [BIN, 'help'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(built.status).toBe(0);
  expect(built.stdout).toContain('ui-plan serve [options]');
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-unbuilt-'));
  dirs.push(clone);
  fs.mkdirSync(path.join(clone, 'bin'));
  fs.copyFileSync(BIN, path.join(clone, 'bin', 'ui-plan.mjs'));
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(clone, 'package.json'));
  const unbuilt = spawnSync(process.execPath, [path.join(clone, 'bin', 'ui-plan.mjs'), 'serve'], { cwd: clone, encoding: 'utf8', timeout: 60_000 });
  expect(unbuilt.status).toBe(2);
  expect(unbuilt.stderr).toBe('ui-plan: the server is not built; run npm run build first\n');
  expect(unbuilt.stdout).toBe('');
});
