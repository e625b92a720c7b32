/**
 * `useSlicedCount` bounds a slice by the clock: units are committed one by one until `SLICE_MS` has passed, at least
 * one per slice, one task per slice. The clock here is a fake one that each new unit advances by what it "costs" when committed.
 */
import { act, render } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLICE_MS } from '../lib/slices.ts';
import { useSlicedCount } from './markdown-slices.ts';
import { tasksOnTimers } from '../../testing/timer-tasks.ts';

// The page's `nextTask` (a `MessageChannel` message) on fake timers here, so each slice is one timer.
tasksOnTimers();

/** The fake clock (ms). */
const fake = { now: 0 };

/** A unit whose commit costs `cost` ms of the fake clock. */
const Unit = memo(function Unit({ cost }: { cost: number }) {
  return (
    <li
      ref={() => {
        fake.now += cost;
      }}
    />
  );
});

function Units({ total, first, cost }: { total: number; first: number; cost: number }) {
  const count = useSlicedCount(total, first);
  return (
    <ul>
      {Array.from({ length: count }, (_, i) => (
        <Unit key={i} cost={cost} />
      ))}
    </ul>
  );
}

beforeEach(() => {
  fake.now = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(performance, 'now').mockImplementation(() => fake.now);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Run the next pending slice; the number of units shown after it. */
function nextSlice(container: HTMLElement): number {
  act(() => void vi.runOnlyPendingTimers());
  return container.querySelectorAll('li').length;
}

describe('useSlicedCount', () => {
  it('commit units until the slice has used SLICE_MS, then leave the rest to the next task', () => {
    const cost = 3;
    const perSlice = Math.ceil(SLICE_MS / cost);
    const { container } = render(<Units total={20} first={1} cost={cost} />);
    expect(container.querySelectorAll('li')).toHaveLength(1);
    expect(nextSlice(container)).toBe(1 + perSlice);
    expect(nextSlice(container)).toBe(1 + 2 * perSlice);
  });

  it('commit at least one unit per slice, however long one takes', () => {
    const { container } = render(<Units total={3} first={0} cost={50} />);
    expect(container.querySelectorAll('li')).toHaveLength(0);
    expect(nextSlice(container)).toBe(1);
    expect(nextSlice(container)).toBe(2);
    expect(nextSlice(container)).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('show everything at once when the first commit may hold it all, and later units at once after that', () => {
    const { container, rerender } = render(<Units total={5} first={Infinity} cost={1} />);
    expect(container.querySelectorAll('li')).toHaveLength(5);
    rerender(<Units total={8} first={Infinity} cost={1} />);
    expect(container.querySelectorAll('li')).toHaveLength(8);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('show the units a total grows by at once once every earlier unit was shown (a streamed text)', () => {
    const { container, rerender } = render(<Units total={2} first={1} cost={1} />);
    expect(nextSlice(container)).toBe(2);
    rerender(<Units total={6} first={1} cost={1} />);
    expect(container.querySelectorAll('li')).toHaveLength(6);
  });
});
