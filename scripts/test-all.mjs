#!/usr/bin/env node
// `npm test`: every check the project has, in order — typecheck, lint, unit + component tests (Vitest, whose global
// setup builds the server its spawned CLIs run), production build (`npm run build`: the app and the server), end-to-end
// tests (Playwright in Debian Chromium), interop against a real dsh host. Runs all of them even after a failure,
// then prints one closing line "N passed, N failed" (tests summed over suites; a failed gate counts as one failure).
// Nothing is retried (Playwright `retries: 0`, Vitest none); a test that passed only on a retry counts as failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { closingLine, failedPlaywright, failedVitest, summarisePlaywright } from './test-summary.mjs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  lines.push(`${label}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

function gate(label, cmd, args) {
  if (run(label, cmd, args)) return true;
  failed += 1;
  return false;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

if (want('e2e')) gate('chromium', 'node', ['scripts/ensure-chromium.mjs']);
if (want('typecheck')) gate('typecheck', 'npm', ['run', '--silent', 'typecheck']);
if (want('lint')) gate('lint', 'npm', ['run', '--silent', 'lint']);

if (want('unit')) {
  const out = `${results}/vitest.json`;
  rmSync(out, { force: true });
  const ok = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
  const report = readJson(out);
  if (report) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (!ok && (report.numFailedTests ?? 0) === 0) failed += 1; // a suite failed to load or an unhandled error
    for (const name of failedVitest(report, process.cwd())) lines.push(`vitest: FAILED ${name}`);
  } else if (!ok) failed += 1;
}

let built;
const buildOnce = () => (built ??= gate('build', 'npm', ['run', '--silent', 'build']));

/** Run one Playwright config and add its counts; skipped tests print their reasons. */
function playwright(label, out, args) {
  rmSync(out, { force: true });
  const ok = run(label, 'npx', ['playwright', 'test', ...args, '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out });
  const report = readJson(out);
  if (report?.stats) {
    const summary = summarisePlaywright(report);
    passed += summary.passed;
    failed += summary.failed;
    skipped += summary.skipped;
    if (!ok && summary.failed === 0) failed += 1;
    for (const name of failedPlaywright(report)) lines.push(`${label}: FAILED ${name}`);
    for (const name of summary.flaky) lines.push(`${label}: FAILED (flaky) ${name}`);
    for (const reason of summary.skippedReasons) lines.push(`${label}: SKIPPED ${reason}`);
  } else if (!ok) failed += 1;
}

if (want('e2e')) {
  buildOnce();
  if (built) playwright('playwright', `${results}/playwright.json`, []);
}

// ui-plan in front of a real DeepSeek Harness host: installs the host into a cache outside the repo.
if (want('interop')) {
  if (!want('e2e')) gate('chromium', 'node', ['scripts/ensure-chromium.mjs']);
  if (buildOnce()) playwright('interop', `${results}/playwright-interop.json`, ['-c', 'playwright.interop.config.ts']);
}

console.log('\n=== summary');
for (const line of lines) console.log(line);
if (!existsSync(results)) mkdirSync(results);
console.log(closingLine({ passed, failed, skipped }));
process.exit(failed > 0 ? 1 : 0);
