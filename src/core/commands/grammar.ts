/**
 * The slash-command line grammar shared by every command, and the `/plan` argument rule
 * (docs/upstream-spec.md §1.8). A line is `/` + a lowercase name `[a-z][a-z0-9_-]*`, then end of line or
 * whitespace; everything after the name is the untrimmed `rawInput`. Whether the name resolves to a
 * registered command is the registry's business, not the grammar's.
 */

const COMMAND_LINE = /^\/([a-z][a-z0-9_-]*)(?=\s|$)/;

/**
 * Split a slash-command line into its name and raw input.
 * Examples: `/plan off` → `{name:'plan', rawInput:' off'}`; `/planx` → `{name:'planx', rawInput:''}`;
 * `/PLAN`, `/ plan`, `plan`, `//plan`, ` /plan` → `undefined`.
 * Source: docs/upstream-spec.md §1.8 ("Line grammar"), §6 item 34.
 * @param line - the composer text as typed (not trimmed by the caller)
 * @returns `{name, rawInput}` where `rawInput` is the rest after the name, untrimmed (starts with the
 *   separating whitespace, or is `''`); `undefined` when the line is not a command line
 */
export function parseCommandLine(line: string): { name: string; rawInput: string } | undefined {
  const match = COMMAND_LINE.exec(line);
  const name = match?.[1];
  if (name === undefined) return undefined;
  return { name, rawInput: line.slice(1 + name.length) };
}

/**
 * Interpret the raw input of `/plan`: after trimming, exactly `off` leaves plan mode; anything else
 * (including empty, `off now`, `OFF`) enters it, and a non-empty trimmed text is the message to steer.
 * Source: docs/upstream-spec.md §1.8 (`message === 'off'`), §8 items 10–12.
 * @param rawInput - `rawInput` from `parseCommandLine`
 * @returns `{kind:'off'}`, or `{kind:'enter', message}` where `message` is the trimmed text (`''` = no steer)
 */
export function planCommandArgs(rawInput: string): { kind: 'off' } | { kind: 'enter'; message: string } {
  const message = rawInput.trim();
  return message === 'off' ? { kind: 'off' } : { kind: 'enter', message };
}
