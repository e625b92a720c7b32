/** Types of scripts/test-summary.mjs (the counting rules of `npm test`'s closing line). */

/** Counts and notes of one Playwright JSON report. `flaky`: "file › [project] title (passed on retry N)". */
export declare function summarisePlaywright(report: unknown): { passed: number; failed: number; skipped: number; flaky: string[]; skippedReasons: string[] };

/** The closing line: "N passed (K flaky), N failed[, N skipped]" when K > 0, else "N passed, N failed[, N skipped]". */
export declare function closingLine(counts: { passed: number; failed: number; skipped: number; flaky: number }): string;
