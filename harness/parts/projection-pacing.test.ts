import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProjectionPacer, PROJECTION_PACE_MS } from './projection-pacing.ts';

describe('createProjectionPacer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first change at once and a burst of 2,000 as one frame per window, the newest seq last', () => {
    const sent: [string, number][] = [];
    const pacer = createProjectionPacer((key, seq) => sent.push([key, seq]));
    pacer.changed('todos', 1);
    expect(sent).toEqual([['todos', 1]]);
    for (let seq = 2; seq <= 2001; seq += 1) {
      pacer.changed('todos', seq);
      pacer.changed('progress', seq);
    }
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(PROJECTION_PACE_MS);
    expect(sent).toEqual([
      ['todos', 1],
      ['todos', 2001],
      ['progress', 2001],
    ]);
    // The window stays open after a held frame left: the next change waits for its end.
    pacer.changed('todos', 2002);
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(PROJECTION_PACE_MS);
    expect(sent.at(-1)).toEqual(['todos', 2002]);
    // A quiet window closes it: the change after it leaves at once.
    vi.advanceTimersByTime(PROJECTION_PACE_MS);
    pacer.changed('progress', 2003);
    expect(sent.at(-1)).toEqual(['progress', 2003]);
  });

  it('flush sends what is held now; dispose drops it', () => {
    const sent: [string, number][] = [];
    const pacer = createProjectionPacer((key, seq) => sent.push([key, seq]));
    pacer.changed('todos', 1);
    pacer.changed('todos', 2);
    pacer.flush();
    expect(sent).toEqual([
      ['todos', 1],
      ['todos', 2],
    ]);
    pacer.changed('todos', 3);
    pacer.changed('todos', 4);
    pacer.dispose();
    vi.advanceTimersByTime(PROJECTION_PACE_MS * 3);
    expect(sent.map(([, seq]) => seq)).toEqual([1, 2, 3]);
  });
});
