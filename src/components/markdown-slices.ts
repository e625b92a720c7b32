/**
 * Time-bounded slices of rendering for the Markdown component and its big tables: a long text is rendered in tasks
 * of about `SLICE_MS` each (`src/lib/slices.ts`, whose slice loop and task this uses), with the browser free for input
 * and paint between them. Invariant: a slice always makes progress (at least one unit), so a text always ends whole.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { nextTask, runSlice } from '../lib/slices.ts';

/**
 * How many of `total` units (segments of a text, row groups of a table) a component shows now: `first` in its first
 * commit (`Infinity`: all), then one slice per task: units are committed one at a time (`flushSync`), as many as
 * fit in `SLICE_MS` of main-thread time (the clock is read after each commit; at least one unit per slice), until
 * all are shown. Once all were shown, a total that grows (a streamed text) shows its new units at once.
 * @param total the number of units now
 * @param first units of the first commit (≥ 0; 0 lets the card around a big first unit show at once)
 * @returns the number of units to render (≤ `total`)
 */
export function useSlicedCount(total: number, first: number): number {
  const [shown, setShown] = useState(first);
  const count = Math.min(shown, total);
  const all = count >= total;
  // Adjusted while rendering: once everything was shown, later units show at once.
  if (all && shown !== Infinity) setShown(Infinity);
  useEffect(() => {
    if (all) return;
    // A task of its own per slice, so input and paint are never queued behind more than one slice.
    return nextTask(() => void runSlice(count, total, (i) => flushSync(() => setShown(i + 1))));
  }, [all, count, total]);
  return count;
}
