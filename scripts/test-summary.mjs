// The counting rules of `npm test`'s closing line (scripts/test-all.mjs), apart so they can be tested: a test counts
// as passed only when it passed at its first try; a Playwright test that passed only on a retry (flaky) counts as
// failed and is named. The closing line is "N passed, N failed[, N skipped]" — nothing hides a failure in it.

/**
 * Counts and notes of one Playwright JSON report (reporter `json`).
 * @param {any} report the parsed report; `stats.expected|flaky|unexpected|skipped`, `suites[].specs[].tests[]`
 * @returns {{ passed: number, failed: number, skipped: number, flaky: string[], skippedReasons: string[] }}
 *   `failed` includes the flaky tests; `flaky`: "file › [project] title (failed, then passed on retry N)" per test
 *   whose status is `flaky`
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
          flaky.push(`${name} (failed, then passed on retry ${retry})`);
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
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
    flaky,
    skippedReasons,
  };
}

/**
 * The failed tests of one Vitest JSON report (reporter `json`, jest-shaped), named so that the summary at the end of
 * `npm test` says which failed even when the run's log is cut to its tail.
 * @param {any} report the parsed report; `testResults[].name` (absolute file), `testResults[].assertionResults[]`
 *   with `status`, `fullName` and `failureMessages`; a file that failed to load has `status: 'failed'` and `message`
 * @param {string} [root] stripped from the front of file names (the repository root)
 * @returns {string[]} "file › full name: first line of the first failure message" per failed test or file
 */
export function failedVitest(report, root = '') {
  const out = [];
  const short = (file) => (root && file?.startsWith(root) ? file.slice(root.length).replace(/^\//, '') : (file ?? '?'));
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? '';
  for (const file of report?.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) out.push(`${short(file.name)} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed') out.push(`${short(file.name)}: ${firstLine(file.message)}`);
  }
  return out;
}

/**
 * The failed tests of one Playwright JSON report (status `unexpected`), named for the same reason.
 * @param {any} report the parsed report
 * @returns {string[]} "file › [project] title: first line of the error" per failed test
 */
export function failedPlaywright(report) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const error = (t.results ?? []).flatMap((r) => r.errors ?? (r.error ? [r.error] : []))[0];
        const first =
          String(error?.message ?? '')
            .replace(/\u001b\[[0-9;]*m/g, '')
            .split('\n')
            .find((l) => l.trim() !== '') ?? '';
        out.push(`${spec.file ?? file ?? '?'} › ${t.projectName ? `[${t.projectName}] ` : ''}${spec.title}: ${first.trim().slice(0, 300)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return out;
}

/**
 * The closing line of `npm test`.
 * @param {{ passed: number, failed: number, skipped: number }} counts tests summed over suites (flaky ones in `failed`)
 * @returns {string} e.g. "41 passed, 2 failed, 1 skipped"
 */
export function closingLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
