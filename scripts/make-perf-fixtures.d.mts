/** Types of scripts/make-perf-fixtures.mjs (the generator of fixtures/perf). */

/** Absolute path of fixtures/perf in this clone. */
export declare const PERF_DIR: string;

/** Every fixture: file name → its text (deterministic). */
export declare const FIXTURES: Readonly<Record<string, () => string>>;

/**
 * Write the missing fixtures (all of them with `force`).
 * @param options - `force`: rewrite existing files; `log`: told one line per written file
 * @returns the absolute paths of every fixture
 */
export declare function makePerfFixtures(options?: { force?: boolean; log?: (line: string) => void }): string[];

/** A recorded-shape log of `events` events whose user messages carry `marker`, titled `title` (see the .mjs). */
export declare function bigLog(name: string, title: string, marker: string, events: number, seed: number): string;
