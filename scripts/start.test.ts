/**
 * `npm start` (scripts/start.mjs): it builds only when the sources changed since its last build, and a start over a
 * current build prints the listening URL and nothing else (no build report, no timings).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'ui-plan-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `node scripts/start.mjs` until it listens, stops it with SIGTERM, and returns what it printed. */
function startOnce(): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => void (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (/ui-plan listening on http:\/\/127\.0\.0\.1:\d+ /.test(stdout)) child.kill('SIGTERM');
    });
    child.once('exit', () => (/listening on/.test(stdout) ? resolve({ stdout, stderr }) : reject(new Error(`start exited early: ${stderr}`))));
  });
}

it('skips the build over current sources and prints only the URL', { timeout: 240_000 }, async () => {
  const first = await startOnce();
  expect(first.stdout).toMatch(/^(Building the app \(first start or changed sources; about 15–60 s\)… done in \d+ s\.\n)?ui-plan listening on /);
  const second = await startOnce();
  expect(second.stdout).toMatch(/^ui-plan listening on http:\/\/127\.0\.0\.1:\d+ \(model scripted\)\n$/);
  expect(second.stderr).toBe('ui-plan: SIGTERM, shutting down\n');
});
