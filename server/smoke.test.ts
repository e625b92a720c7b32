/**
 * Runs scripts/smoke-protocol.mjs against a real `ui-plan serve`: the scripted walk, the replay walk over
 * the recorded plan-review log, a replay expectation that must fail, and a usage error.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { fixturePath } from '../fixtures/paths.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RECORDING = fixturePath('dsh-recordings', 'plan-review', 'session.jsonl');
const SMOKE = path.join(ROOT, 'scripts', 'smoke-protocol.mjs');

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Start `ui-plan serve` on a free port with extra arguments; resolves with its URL once it listens. */
async function serve(extra: string[]): Promise<{ url: string; child: ChildProcess }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-smoke-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'ui-plan.mjs'), 'serve', '--port', '0', '--data-dir', dir, ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  cleanup.push(async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    void exited.then(() => reject(new Error(`serve exited: ${err}`)));
  });
  return { url, child };
}

function smoke(args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SMOKE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.on('exit', (status) => resolve({ status, stdout }));
  });
}

it('passes the smoke walk against the scripted model: review, keep planning, revised plan, approve, execution', async () => {
  const { url } = await serve(['--speed', '0']);
  const run = await smoke([url]);
  expect(run.stdout).toMatch(/revised plan review: .*contains the feedback/);
  expect(run.stdout).toMatch(/turn executed .* and completed/);
  expect(run.stdout).toMatch(/^PASS smoke-protocol/m);
  expect(run.status).toBe(0);
});

it('passes the replay walk against the recorded plan-review log: recorded title and DONE', async () => {
  const { url } = await serve(['--model', `replay:${RECORDING}`, '--speed', '0']);
  const run = await smoke([url, '--expect-replay']);
  expect(run.stdout).toContain('plan title matches the recording');
  expect(run.stdout).toContain('final text is DONE');
  expect(run.status).toBe(0);
});

it('fails the replay expectations against the scripted model', async () => {
  const { url } = await serve(['--speed', '0']);
  const run = await smoke([url, '--expect-replay']);
  expect(run.stdout).toMatch(/^FAIL smoke-protocol .*plan title/m);
  expect(run.status).toBe(1);
});

it('exits 2 on a usage error', () => {
  const run = spawnSync(process.execPath, [SMOKE, '--bogus'], { encoding: 'utf8' });
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(/usage: node scripts\/smoke-protocol\.mjs/);
});
