/**
 * The browser bench's arithmetic: keystroke figures from probe stamps, and the table's median and budget rules.
 */
import { expect, it } from 'vitest';
import { keystrokeFigures } from './figures.ts';
import { formatTable, missed, summary, type Row } from './table.ts';

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
])('checks %s', (_name, r, miss) => {
  expect(missed(r)).toBe(miss);
});

it('prints the figure beside its budget and marks a miss', () => {
  const [head, , line] = formatTable([row([11, 12, 13], 'median')]);
  expect(head).toMatch(/median\s+min\s+max\s+n\s+budget/);
  expect(line).toMatch(/^MISS\s+g: n\s+ms\s+12\.0\s+11\.0\s+13\.0\s+3\s+≤ 10 ms$/);
});
