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

/** The plans of plan-2000.jsonl, plan-table-200.jsonl, plan-nested-500.jsonl and plan-line-1mb.jsonl (markdown). */
export declare function plan2000(): string;
export declare function planTable200(): string;
export declare function planNested500(): string;
export declare function planLine1mb(): string;

/** The text the last line of a plan shows once rendered (see the .mjs); the browser bench waits for it. */
export declare function lastLineTextOf(plan: string): string;

/** The question of question-1.jsonl; its flow is the region named by it. */
export declare const QUESTION: string;

/** The last text of todos-2000.jsonl, said once every to-do list is written. */
export declare const TODOS_END: string;

/** A replay log of one approved plan of `steps` steps carried out with `writes` `todo_write` calls (see the .mjs). */
export declare function todosLog(name: string, writes: number, steps?: number, perStep?: number): string;
