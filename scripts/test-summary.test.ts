/**
 * The counting rules of `npm test`'s closing line, on a real Playwright JSON report (fixtures/test-all, written by
 * Playwright 1.65 with `retries: 1`): a test that passed only on its retry counts as failed and is named; the
 * Playwright configs retry nothing, so a test that fails fails the run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';
import { closingLine, failedPlaywright, failedVitest, summarisePlaywright } from './test-summary.mjs';

const report: unknown = JSON.parse(readFixture('test-all', 'playwright-flaky.json'));

describe('npm test summary', () => {
  it('counts a test that passed only on its retry as failed and names it', () => {
    const summary = summarisePlaywright(report);
    expect(summary).toMatchObject({ passed: 1, failed: 2, skipped: 1 });
    expect(summary.flaky).toEqual(['flaky.spec.ts › [server] passes on its second try (failed, then passed on retry 1)']);
    expect(summary.skippedReasons).toEqual(['is skipped: no dsh host here']);
  });

  it.each([
    [{ passed: 40, failed: 3, skipped: 0 }, '40 passed, 3 failed'],
    [{ passed: 40, failed: 1, skipped: 3 }, '40 passed, 1 failed, 3 skipped'],
    [{ passed: 40, failed: 0, skipped: 0 }, '40 passed, 0 failed'],
  ])('closes with %j as "%s"', (counts, line) => {
    expect(closingLine(counts)).toBe(line);
  });

  it('names the failed Playwright test with the first line of its error, and not the flaky one', () => {
    const names = failedPlaywright(report);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^flaky\.spec\.ts › \[server\] .+: \S/);
  });

  it('names a failed Vitest test and a file that failed to load, with the first line of each failure', () => {
    const vitest: unknown = JSON.parse(readFixture('test-all', 'vitest-failed.json'));
    expect(failedVitest(vitest, '/repo')).toEqual([
      "broken.test.mjs: Cannot find module './missing-module.mjs' imported from /repo/broken.test.mjs",
      'pass-fail.test.mjs › group fails: AssertionError: expected 2 to be 3 // Object.is equality',
    ]);
    expect(failedVitest({})).toEqual([]);
  });

  it('counts nothing from a report without stats or suites', () => {
    expect(summarisePlaywright({})).toEqual({ passed: 0, failed: 0, skipped: 0, flaky: [], skippedReasons: [] });
  });

  // Read as text: importing @playwright/test costs seconds, and these two settings are literals.
  it.each(['playwright.config.ts', 'playwright.interop.config.ts'])('runs %s without retries, failing on a flaky test', (file) => {
    const config = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
    expect(config).toMatch(/^ {2}retries: 0,$/m);
    expect(config).toMatch(/^ {2}failOnFlakyTests: true,$/m);
    expect(config).not.toMatch(/retries: [^0]/);
  });
});
