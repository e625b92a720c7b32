/**
 * Fixture of the interop specs: a real dsh web host replaying one recorded session (testing/dsh-replay-host.ts)
 * with `ui-plan serve --dsh` in front of it. One host replays exactly one session, so every test gets fresh ones.
 * When the npm registry cannot be reached and no host is cached, the test is skipped with that reason.
 */
import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ensureDshHost, RegistryUnreachableError, startReplayHost, type InstalledHost } from '../../testing/dsh-replay-host.ts';

/** The recorded plan-review session the host replays (a copy of fixtures/dsh-recordings/plan-review). */
export const PLAN_REVIEW_FIXTURE = 'fixtures/dsh-recordings/plan-review/session.jsonl';

/** The `/plan` line of a recording: its `command/run` row as the user typed it. */
export function recordedPlanLine(fixture: string): string {
  for (const line of readFileSync(fixture, 'utf8').split('\n')) {
    if (!line.includes('"command/run"')) continue;
    const row = JSON.parse(line) as { type: string; data: { name: string; args?: string } };
    if (row.type === 'command/run') return `/${row.data.name} ${(row.data.args ?? '').trim()}`.trimEnd();
  }
  throw new Error(`${fixture} has no command/run row`);
}

let installed: InstalledHost | undefined;
let unreachable: string | undefined;

/** Install once per worker (or reuse the cache); remember a registry failure so every test skips with it. */
function installOnce(): InstalledHost | undefined {
  if (installed || unreachable) return installed;
  try {
    installed = ensureDshHost({ log: (line) => console.log(`dsh-host: ${line}`) });
    if (installed.installed) console.log(`dsh-host: cold install took ${(installed.installMs / 1000).toFixed(1)} s`);
  } catch (error) {
    if (!(error instanceof RegistryUnreachableError)) throw error;
    unreachable = error.message;
  }
  return installed;
}

/** Start `ui-plan serve --dsh <url>` on a free port; resolves with its URL once it listens. */
function startUiPlan(dshUrl: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/ui-plan.mjs', 'serve', '--port', '0', '--dsh', dshUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`ui-plan serve --dsh did not start: ${out}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString('utf8');
      const match = /ui-plan listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`ui-plan serve --dsh exited with ${code}: ${out}`)));
  });
}

/** `test` with `dsh`: the real host's URL, and `baseURL` pointing at ui-plan in front of it. */
export const test = base.extend<{ dsh: { url: string; logFile: string } }>({
  dsh: async ({}, use, testInfo) => {
    const host = installOnce();
    testInfo.skip(host === undefined, `real dsh host not available: ${unreachable ?? ''}`);
    if (!host) return;
    const replay = await startReplayHost({ fixture: PLAN_REVIEW_FIXTURE, host, log: (line) => console.log(`dsh-host: ${line}`) });
    try {
      await use({ url: replay.url, logFile: replay.logFile });
    } finally {
      await replay.stop();
    }
  },
  baseURL: async ({ dsh }, use) => {
    const { url, child } = await startUiPlan(dsh.url);
    try {
      await use(url);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  },
});
export { expect } from '@playwright/test';
