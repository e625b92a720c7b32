/**
 * Shared pieces of the plugin config schemas (zod): the section string every plugin takes, an object that refuses
 * unknown keys by name, and {@link parseConfig}, which turns a failed parse into a {@link ConfigError} whose message
 * names the field as a path (`modes.review.section: expected a string`). harness/config.ts prefixes the path with
 * the entry (`plugins[1].config.…`). Error texts are the loader's own, one rule each (seed 000, seed 002 "Config").
 */
import { z } from 'zod';

/** One problem of a config, at a path of keys and list indices under the config's root. */
export interface ConfigIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A config that does not fit its plugin's schema; the message names the first field (and how many more failed). */
export class ConfigError extends Error {
  override name = 'ConfigError';
  /**
   * @param issues - every problem found, in schema order (at least one)
   * @param prefix - the path the issues hang under, e.g. `plugins[0].config` (default: none)
   */
  constructor(
    readonly issues: readonly ConfigIssue[],
    readonly prefix = '',
  ) {
    super(configIssuesText(issues, prefix));
  }
}

/**
 * A config path as the YAML reader writes it: keys joined by `.`, list indices in brackets (`plugins[0].config.modes`).
 * @param prefix - a path already formatted (may be `''`)
 * @param path - keys and indices below it
 */
export function formatConfigPath(prefix: string, path: readonly PropertyKey[]): string {
  let text = prefix;
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  return text;
}

/**
 * One line for a config error: `<path>: <message>` for the first issue, `(and N more)` when there are others.
 * @param issues - the problems (the first one is named)
 * @param prefix - the path the issues hang under
 */
export function configIssuesText(issues: readonly ConfigIssue[], prefix = ''): string {
  const [first] = issues;
  if (first === undefined) return `${prefix || 'config'}: invalid`;
  const at = formatConfigPath(prefix, first.path) || 'config';
  return `${at}: ${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;
}

/**
 * Parse a config against its schema.
 * @param schema - the plugin's schema
 * @param value - the untrusted `config` value
 * @returns the parsed (detached) value
 * @throws ConfigError naming the failing field
 */
export function parseConfig<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })));
}

/**
 * A plugin's prompt section: a string that is not blank (docs/upstream-spec.md §1.3; seed 002 "Config").
 */
export const sectionSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'missing' : 'expected a string') })
  .refine((text) => text.trim() !== '', { message: 'must not be blank' });

/**
 * An object of exactly `shape`'s keys: a non-object answers `expected <what>`, an extra key `unknown key(s): a, b`
 * (a missing key is its own schema's issue, e.g. {@link sectionSchema}'s `missing`).
 * @param shape - the zod shape
 * @param what - how a person would write the object, e.g. `an object {section}`
 */
export function strictConfigObject<T extends z.core.$ZodLooseShape>(shape: T, what: string) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown key(s): ${issue.keys.join(', ')}`;
      return `expected ${what}`;
    },
  });
}
