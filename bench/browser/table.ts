/**
 * The result table of `npm run bench:browser`: one row per figure with median/min/max over its samples, the number of
 * samples, and its budget side by side. A budget is checked on the median or on the worst of n (a "first card of a
 * page" or "no task over N ms" budget holds for every run). A row misses when a run timed out or produced no number;
 * a row of a scenario the load rule could not measure is "not measured", never a pass.
 */
import { exitCodeOf, type ExitCode } from '../load.ts';

/** A budget: the figure (the median, or the worst of n) must be ≤ `max`. */
export interface Budget {
  max: number;
  on: 'median' | 'max';
  text: string;
}

/** One figure. */
export interface Row {
  group: string;
  name: string;
  unit: 'ms' | 'KB' | 'MB' | 'count' | '×' | 'load';
  /** Finite numbers only (see `record`). */
  samples: number[];
  /** Runs that produced no number (timeouts, a figure that could not be read), with why. */
  failures: string[];
  budget?: Budget;
  /** Set when the load rule found the machine loaded through every attempt of the row's scenario. */
  notMeasured?: boolean;
}

/**
 * A budget checked on the median or on the worst of n.
 * @param max - the highest allowed figure
 * @param unit - the unit as printed
 */
export function atMost(max: number, unit: string, on: Budget['on'] = 'median'): Budget {
  return { max, on, text: `${on === 'max' ? 'worst of n' : 'median'} ≤ ${max} ${unit}` };
}

/**
 * Add one run's figure to a row; a number that is not finite (a stamp that was never taken, a clock that was not
 * synchronised) becomes a failure, so it can never pass a budget.
 * @param why - what went wrong when `value` is not finite
 */
export function record(row: Row, value: number, why: string): void {
  if (Number.isFinite(value)) row.samples.push(value);
  else row.failures.push(why);
}

/** median, min, max of numbers (NaN for none). */
export function summary(samples: readonly number[]): { median: number; min: number; max: number } {
  if (samples.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** The number a row's budget is checked on: its median, or its worst sample for a worst-of-n budget (NaN for none). */
export function checkedFigure(row: Row): number {
  const s = summary(row.samples);
  return row.budget?.on === 'max' ? s.max : s.median;
}

/** Whether a measured row misses its budget (a row without a budget never does; a not-measured row is not judged). */
export function missed(row: Row): boolean {
  if (!row.budget || row.notMeasured) return false;
  if (row.failures.length > 0 || row.samples.length === 0 || row.samples.some((s) => !Number.isFinite(s))) return true;
  return !(checkedFigure(row) <= row.budget.max);
}

/** A row's status column: `ok`, `MISS`, `n/m` (not measured) or blank (no budget). */
export function statusOf(row: Row): 'ok' | 'MISS' | 'n/m' | '' {
  if (row.notMeasured) return 'n/m';
  if (!row.budget) return '';
  return missed(row) ? 'MISS' : 'ok';
}

/** The run's exit code from its rows (0 all met, 1 a measured miss, 3 not measured; see bench/load.ts). */
export function exitCodeOfRows(rows: readonly Row[]): ExitCode {
  return exitCodeOf(rows.filter(missed).length, rows.filter((r) => r.notMeasured).length);
}

function fmt(value: number, unit: Row['unit']): string {
  if (Number.isNaN(value)) return '—';
  if (unit === 'count') return Math.round(value).toLocaleString('en');
  if (unit === '×' || unit === 'load') return value.toFixed(2);
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** The table as text lines (fixed-width columns). */
export function formatTable(rows: readonly Row[]): string[] {
  const head = ['', 'figure', 'unit', 'median', 'min', 'max', 'n', 'budget'];
  const body = rows.map((row) => {
    const s = summary(row.samples);
    const n = `${row.samples.length}${row.failures.length > 0 ? ` (+${row.failures.length} failed)` : ''}`;
    return [
      statusOf(row),
      `${row.group}: ${row.name}`,
      row.unit,
      fmt(s.median, row.unit),
      fmt(s.min, row.unit),
      fmt(s.max, row.unit),
      n,
      row.budget?.text ?? '—',
    ];
  });
  const widths = head.map((_, i) => Math.max(head[i]!.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 3 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}
