/**
 * The counting rules of `npm test`'s closing line, on a real Playwright JSON report (fixtures/test-all, written by
 * Playwright 1.65 with `retries: 1`): a test that passed on its retry is counted as passed and named as flaky.
 */
import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';
import { closingLine, summarisePlaywright } from './test-summary.mjs';

const report: unknown = JSON.parse(readFixture('test-all', 'playwright-flaky.json'));

describe('npm test summary', () => {
  it('counts a test that passed on retry as passed and names it as flaky', () => {
    const summary = summarisePlaywright(report);
    expect(summary).toMatchObject({ passed: 2, failed: 1, skipped: 1 });
    expect(summary.flaky).toEqual(['flaky.spec.ts › [server] passes on its second try (passed on retry 1)']);
    expect(summary.skippedReasons).toEqual(['is skipped: no dsh host here']);
  });

  it.each([
    [{ passed: 40, failed: 1, skipped: 0, flaky: 2 }, '40 passed (2 flaky), 1 failed'],
    [{ passed: 40, failed: 0, skipped: 3, flaky: 1 }, '40 passed (1 flaky), 0 failed, 3 skipped'],
    [{ passed: 40, failed: 0, skipped: 0, flaky: 0 }, '40 passed, 0 failed'],
  ])('closes with %j as "%s"', (counts, line) => {
    expect(closingLine(counts)).toBe(line);
  });

  it('counts nothing from a report without stats or suites', () => {
    expect(summarisePlaywright({})).toEqual({ passed: 0, failed: 0, skipped: 0, flaky: [], skippedReasons: [] });
  });
});
