// The counting rules of `npm test`'s closing line (scripts/test-all.mjs), apart so they can be tested: a Playwright
// test that passed only on a retry counts as passed AND is reported as flaky by name; the closing line says
// "N passed (K flaky), N failed[, N skipped]" when K > 0, else the plain "N passed, N failed[, N skipped]".

/**
 * Counts and notes of one Playwright JSON report (reporter `json`).
 * @param {any} report the parsed report; `stats.expected|flaky|unexpected|skipped`, `suites[].specs[].tests[]`
 * @returns {{ passed: number, failed: number, skipped: number, flaky: string[], skippedReasons: string[] }}
 *   `flaky`: "file › title (passed on retry N)" per test whose status is `flaky`
 */
export function summarisePlaywright(report) {
  const stats = report?.stats ?? {};
  const flaky = [];
  const skippedReasons = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const where = spec.file ?? file;
      for (const t of spec.tests ?? []) {
        const name = `${where ? `${where} › ` : ''}${t.projectName ? `[${t.projectName}] ` : ''}${spec.title}`;
        if (t.status === 'flaky') {
          const retry = Math.max(0, ...(t.results ?? []).filter((r) => r.status === 'passed').map((r) => r.retry ?? 0));
          flaky.push(`${name} (passed on retry ${retry})`);
        }
        if (t.status === 'skipped') {
          const reason =
            (t.annotations ?? [])
              .map((a) => a.description)
              .filter(Boolean)
              .join('; ') || 'skipped';
          skippedReasons.push(`${spec.title}: ${reason}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    flaky,
    skippedReasons,
  };
}

/**
 * The closing line of `npm test`.
 * @param {{ passed: number, failed: number, skipped: number, flaky: number }} counts tests summed over suites
 * @returns {string} e.g. "41 passed (2 flaky), 0 failed, 1 skipped"
 */
export function closingLine({ passed, failed, skipped, flaky }) {
  return `${passed} passed${flaky > 0 ? ` (${flaky} flaky)` : ''}, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
