/**
 * `ui-plan serve --config examples/modes.yaml` selects the session-modes variant (seed 002): the shipped example
 * loads, the harness advertises modes, and new sessions list Default, Plan and Review and switch through setMode.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { loadConfig, parseServeArgs, startServe, type CliIo, type RunningServe } from './cli.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const running: RunningServe[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const serve of running.splice(0)) await serve.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function call(url: string, method: string, payload: unknown): Promise<{ ok: boolean; value?: Record<string, unknown> }> {
  const res = await fetch(`${url}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(clientRequest(method, payload, `r-${method}`)),
  });
  return ((await res.json()) as { result: { ok: boolean; value?: Record<string, unknown> } }).result;
}

it('loads examples/modes.yaml as the mode plugin with plan and review', async () => {
  const [entry, ...rest] = await loadConfig(path.join(ROOT, 'examples', 'modes.yaml'));
  expect(rest).toEqual([]);
  expect(entry).toMatchObject({ id: 'mode', name: '@deepseek-ai/dsh-mode' });
  expect(Object.keys((entry?.config as { modes: Record<string, unknown> }).modes)).toEqual(['plan', 'review']);
});

it('serves the session-modes variant for new sessions with --config examples/modes.yaml', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-modes-'));
  dirs.push(dir);
  const io: CliIo = { cwd: ROOT, out: () => {}, err: () => {} };
  const options = parseServeArgs(['--port', '0', '--data-dir', path.join(dir, 'data'), '--speed', '0', '--config', 'examples/modes.yaml'], ROOT);
  const serve = await startServe(options, io);
  running.push(serve);
  expect((await call(serve.url, 'host.describe', {})).value?.capabilities).toEqual({
    setPlanMode: false,
    import: true,
    modes: true,
    sessions: true,
    sessionLog: true,
    importStream: true,
  });
  const sessionId = (await call(serve.url, 'session.create', {})).value?.sessionId;
  expect(await call(serve.url, 'session.modes', { sessionId })).toEqual({ ok: true, value: { modes: ['default', 'plan', 'review'], current: 'default' } });
  expect(await call(serve.url, 'session.setMode', { sessionId, mode: 'review' })).toEqual({
    ok: true,
    value: { state: { current: 'default', pending: 'review' } },
  });
  expect((await call(serve.url, 'session.setPlanMode', { sessionId, active: true })).ok).toBe(false);
});
