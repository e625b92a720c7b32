/**
 * Checks a large answer against its protocol schema in slices bounded by time, yielding the main thread between them,
 * with the result of a one-pass check: the same accepted value, or the same issues in the same order, each naming its
 * field. Only the items of one array field are sliced; the rest of the value is checked in one pass.
 */
import type { z } from '../core/zod.ts';
import { runInSlices, type SliceClock } from './slices.ts';

/** One issue of a failed check, as zod reports it (`path` names the field, e.g. `['events', 3, 'event', 'seq']`). */
export type CheckIssue = z.core.$ZodIssue;

/** The outcome of a check: the parsed value, or every issue found (never thrown). */
export type CheckResult<T> = { success: true; data: T } | { success: false; issues: CheckIssue[] };

/** A schema as the check uses it: zod's `safeParse` and, for an object, its definition's `shape`. */
interface CheckedSchema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: CheckIssue[] } };
  _zod: { def: { type: string; shape?: Record<string, CheckedSchema>; element?: CheckedSchema; checks?: readonly unknown[] } };
}

/**
 * Check `value` against an object schema whose field `key` is an array, the array's items in slices of about
 * `clock.sliceMs` each with a yield between slices (none before the first: a small value costs no extra task).
 * Equal to `schema.safeParse(value)`: the same `data` (every field in the same order), or the same `issues` in the
 * same order; a value that is not an object, whose `key` is not an array, or whose array schema has checks of its
 * own is checked in one pass.
 * @param schema a zod object schema (`z.object`/`z.looseObject`) with an array field `key` (e.g. the
 *   `session.history` value, `events`)
 * @param key the array field whose items are checked in slices
 * @param value the value to check (any JSON)
 * @param clock the slice length, the clock and the yield
 * @param each optional work on each raw item before it is checked, counted in its slice (e.g. `shareTexts`)
 * @returns the parsed value or every issue; never rejects for a malformed value
 * @throws Error when `schema` is not an object schema with an array field `key` (a programming error)
 */
export async function checkInSlices<T>(
  schema: CheckedSchema,
  key: string,
  value: unknown,
  clock: SliceClock,
  each?: (item: unknown) => unknown,
): Promise<CheckResult<T>> {
  const shape = schema._zod.def.shape;
  const list = shape?.[key];
  if (!shape || list?._zod.def.type !== 'array' || !list._zod.def.element) throw new Error(`checkInSlices: ${key} is not an array field of the schema`);
  const items = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(items) || (list._zod.def.checks?.length ?? 0) > 0) return resultOf<T>(schema.safeParse(value));
  const element = list._zod.def.element;
  const parsed: unknown[] = new Array<unknown>(items.length);
  const itemIssues: CheckIssue[] = [];
  // One item of a history page can be a 140 KB assistant message: the clock is read after each.
  await runInSlices(
    items.length,
    (i) => {
      if (each) items[i] = each(items[i]);
      const item = element.safeParse(items[i]);
      if (item.success) parsed[i] = item.data;
      else for (const issue of item.error.issues) itemIssues.push({ ...issue, path: [key, i, ...issue.path] });
    },
    clock,
  );
  // The other fields, checked in one pass with the array left empty (an empty array is always valid here).
  const rest = schema.safeParse({ ...(value as Record<string, unknown>), [key]: [] });
  if (itemIssues.length === 0 && rest.success) {
    const data = { ...(rest.data as Record<string, unknown>) };
    data[key] = parsed;
    return { success: true, data: data as T };
  }
  // A one-pass check reports the fields in the order of the schema's shape: those before `key`, `key`'s items, the rest.
  const keys = Object.keys(shape);
  const at = keys.indexOf(key);
  const before: CheckIssue[] = [];
  const after: CheckIssue[] = [];
  for (const issue of rest.success ? [] : rest.error.issues) {
    const index = typeof issue.path[0] === 'string' ? keys.indexOf(issue.path[0]) : -1;
    (index >= 0 && index < at ? before : after).push(issue);
  }
  return { success: false, issues: [...before, ...itemIssues, ...after] };
}

function resultOf<T>(result: ReturnType<CheckedSchema['safeParse']>): CheckResult<T> {
  return result.success ? { success: true, data: result.data as T } : { success: false, issues: result.error.issues };
}
