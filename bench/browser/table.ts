/**
 * The result table of `npm run bench:browser`: one row per figure with median/min/max over its samples, the number of
 * samples, and its budget side by side. A budget is checked on the median or on the max (a
 * "no task over N ms" budget holds for every run); a row whose run timed out fails its budget.
 */

/** A budget: the figure must be ≤ `max` (on the median or on every sample). */
export interface Budget {
  max: number;
  on: 'median' | 'max';
  text: string;
}

/** One figure. */
export interface Row {
  group: string;
  name: string;
  unit: 'ms' | 'KB' | 'MB' | 'count' | '×';
  samples: number[];
  /** Runs that produced no number (timeouts), with why. */
  failures: string[];
  budget?: Budget;
}

/** median, min, max of numbers (NaN for none). */
export function summary(samples: readonly number[]): { median: number; min: number; max: number } {
  if (samples.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** Whether a row misses its budget (a row without a budget never does). */
export function missed(row: Row): boolean {
  if (!row.budget) return false;
  if (row.failures.length > 0 || row.samples.length === 0) return true;
  const s = summary(row.samples);
  return (row.budget.on === 'median' ? s.median : s.max) > row.budget.max;
}

function fmt(value: number, unit: Row['unit']): string {
  if (Number.isNaN(value)) return '—';
  if (unit === 'count') return Math.round(value).toLocaleString('en');
  if (unit === '×') return value.toFixed(2);
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** The table as text lines (fixed-width columns). */
export function formatTable(rows: readonly Row[]): string[] {
  const head = ['', 'figure', 'unit', 'median', 'min', 'max', 'n', 'budget'];
  const body = rows.map((row) => {
    const s = summary(row.samples);
    const status = row.budget ? (missed(row) ? 'MISS' : 'ok') : '';
    const n = `${row.samples.length}${row.failures.length > 0 ? ` (+${row.failures.length} timed out)` : ''}`;
    return [status, `${row.group}: ${row.name}`, row.unit, fmt(s.median, row.unit), fmt(s.min, row.unit), fmt(s.max, row.unit), n, row.budget?.text ?? '—'];
  });
  const widths = head.map((_, i) => Math.max(head[i]!.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 3 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}
