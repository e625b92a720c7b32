/**
 * Where the `ui-plan` command line writes and which directory relative paths resolve against: the process by
 * default, a capturing object in tests.
 */

/** Where the CLI writes; tests capture it. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Directory relative paths are resolved against. */
  cwd: string;
}

/** The process's stdout, stderr and working directory. */
export const processIo: CliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  cwd: process.cwd(),
};

/** A command-line mistake: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
