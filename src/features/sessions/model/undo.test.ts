import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUndoWindow, UNDO_MS } from './undo.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the Undo window', () => {
  it('offers a deleted session for UNDO_MS, then ends the offer', () => {
    const changes: (string | undefined)[] = [];
    const undo = createUndoWindow<string>((offered) => changes.push(offered));
    undo.offer('s1');
    expect(undo.offered()).toBe('s1');
    vi.advanceTimersByTime(UNDO_MS - 1);
    expect(undo.offered()).toBe('s1');
    vi.advanceTimersByTime(1);
    expect(undo.offered()).toBeUndefined();
    expect(changes).toEqual(['s1', undefined]);
  });

  it('replaces an offer with a newer delete and restarts its time', () => {
    const undo = createUndoWindow<string>(() => undefined);
    undo.offer('s1');
    vi.advanceTimersByTime(UNDO_MS - 100);
    undo.offer('s2');
    vi.advanceTimersByTime(UNDO_MS - 1);
    expect(undo.offered()).toBe('s2');
    vi.advanceTimersByTime(1);
    expect(undo.offered()).toBeUndefined();
  });

  it('hands the offer over once on Undo and never expires it afterwards', () => {
    const changes: (string | undefined)[] = [];
    const undo = createUndoWindow<string>((offered) => changes.push(offered));
    undo.offer('s1');
    expect(undo.take()).toBe('s1');
    expect(undo.take()).toBeUndefined();
    vi.advanceTimersByTime(UNDO_MS * 2);
    expect(changes).toEqual(['s1', undefined]);
  });

  it('stops without a change when nothing is offered', () => {
    const onChange = vi.fn();
    createUndoWindow<string>(onChange).stop();
    expect(onChange).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
