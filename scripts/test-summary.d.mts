/** Types of scripts/test-summary.mjs (the counting rules of `npm test`'s closing line). */

/** Counts and notes of one Playwright JSON report; a flaky test is in `failed` and named in `flaky`: "file › [project] title (failed, then passed on retry N)". */
export declare function summarisePlaywright(report: unknown): { passed: number; failed: number; skipped: number; flaky: string[]; skippedReasons: string[] };

/** The closing line: "N passed, N failed[, N skipped]". */
export declare function closingLine(counts: { passed: number; failed: number; skipped: number }): string;

/** Failed Vitest tests (or files that failed to load): "file › full name: first line of the failure". */
export declare function failedVitest(report: unknown, root?: string): string[];

/** Failed Playwright tests (status `unexpected`): "file › [project] title: first line of the error". */
export declare function failedPlaywright(report: unknown): string[];
