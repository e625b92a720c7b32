/**
 * The browser bench's arithmetic: keystroke figures from probe stamps, the table's aggregation (median or worst of
 * n), its budget rules, statuses and the run's exit code.
 */
import { expect, it } from 'vitest';
import { keystrokeFigures } from './figures.ts';
import { atMost, checkedFigure, exitCodeOfRows, formatTable, missed, record, statusOf, summary, type Row } from './table.ts';

it("takes a keystroke's delay from its latest Event Timing processingEnd and its paint from the keydown", () => {
  const figures = keystrokeFigures(
    [
      { t: 100, handled: 104, paint: 130 },
      { t: 200, handled: 203, paint: 215 },
    ],
    [
      { name: 'keydown', startTime: 100, processingEnd: 120 },
      { name: 'input', startTime: 101, processingEnd: 125 },
      { name: 'click', startTime: 100, processingEnd: 900 },
      { name: 'keydown', startTime: 400, processingEnd: 420 },
    ],
  );
  // Key 1: the input entry ends last (25 ms); key 2 has no entry (under 16 ms), so its input dispatch end stands in.
  expect(figures).toEqual({ delay: [25, 3], paint: [30, 15] });
});

it('leaves out a key that was never painted', () => {
  expect(keystrokeFigures([{ t: 10, handled: 0, paint: 0 }], [])).toEqual({ delay: [], paint: [] });
});

it.each<[number[], number]>([
  [[3, 1, 2], 2],
  [[4, 1, 3, 2], 2.5],
  [[7], 7],
])('takes the median of %j as %d', (samples, median) => {
  expect(summary(samples).median).toBe(median);
});

const row = (samples: number[], on: 'median' | 'max', failures: string[] = []): Row => ({
  group: 'g',
  name: 'n',
  unit: 'ms',
  samples,
  failures,
  budget: { max: 10, on, text: '≤ 10 ms' },
});

it.each<[string, Row, boolean]>([
  ['a median within budget', row([5, 9, 30], 'median'), false],
  ['a median over budget', row([11, 12, 1], 'median'), true],
  ['one run over a budget on every run', row([1, 2, 11], 'max'), true],
  ['a timed-out run', row([1], 'median', ['timed out']), true],
  ['no sample at all', row([], 'median'), true],
  ['a sample that is not a number', row([1, Number.NaN, 2], 'median'), true],
  ['a worst of n exactly at the budget', row([3, 10, 4], 'max'), false],
])('checks %s', (_name, r, miss) => {
  expect(missed(r)).toBe(miss);
});

it('prints the figure beside its budget and marks a miss', () => {
  const [head, , line] = formatTable([row([11, 12, 13], 'median')]);
  expect(head).toMatch(/median\s+min\s+max\s+n\s+budget/);
  expect(line).toMatch(/^MISS\s+g: n\s+ms\s+12\.0\s+11\.0\s+13\.0\s+3\s+≤ 10 ms$/);
});

it('checks a median budget on the median and a worst-of-n budget on the worst run', () => {
  // The first card of a page pays once: [12, 14, 300] passes a median ≤ 20 and misses a worst of n ≤ 20.
  const firstCards = [12, 300, 14];
  const median: Row = { group: 'g', name: 'n', unit: 'ms', samples: firstCards, failures: [], budget: atMost(20, 'ms') };
  const worst: Row = { ...median, budget: atMost(20, 'ms', 'max') };
  expect(checkedFigure(median)).toBe(14);
  expect(checkedFigure(worst)).toBe(300);
  expect(missed(median)).toBe(false);
  expect(missed(worst)).toBe(true);
  expect(median.budget?.text).toBe('median ≤ 20 ms');
  expect(worst.budget?.text).toBe('worst of n ≤ 20 ms');
});

it('records a figure that is not a finite number as a failure, never as a sample', () => {
  const r = row([], 'median');
  record(r, 5, 'why');
  record(r, Number.NaN, 'no frame seen');
  record(r, Number.POSITIVE_INFINITY, 'no clock');
  expect(r.samples).toEqual([5]);
  expect(r.failures).toEqual(['no frame seen', 'no clock']);
  expect(missed(r)).toBe(true);
});

it('marks a row of a scenario the load rule could not measure as n/m, never ok or MISS', () => {
  const over: Row = { ...row([50], 'median'), notMeasured: true };
  const under: Row = { ...row([1], 'median'), notMeasured: true };
  expect([statusOf(over), statusOf(under)]).toEqual(['n/m', 'n/m']);
  expect(missed(over)).toBe(false);
  expect(formatTable([over])[2]).toMatch(/^n\/m /);
  expect(statusOf({ ...row([1], 'median'), budget: undefined } as Row)).toBe('');
});

it.each<[string, Row[], 0 | 1 | 3]>([
  ['every budget met', [row([1], 'median'), { ...row([], 'median'), budget: undefined } as Row], 0],
  ['a measured miss', [row([1], 'median'), row([11], 'median')], 1],
  ['a scenario not measured', [row([1], 'median'), { ...row([], 'median'), notMeasured: true }], 3],
  ['a measured miss beside a scenario not measured', [row([11], 'median'), { ...row([], 'median'), notMeasured: true }], 1],
])('exits for %s with %i', (_name, rows, code) => {
  expect(exitCodeOfRows(rows)).toBe(code);
});
