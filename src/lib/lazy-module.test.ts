import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_RETRY_DELAYS_MS, lazyModule, whenIdleAfterPaint } from './lazy-module.ts';

describe('lazyModule', () => {
  it('imports once for every caller and answers the same module', async () => {
    const importer = vi.fn(async () => ({ name: 'chunk' }));
    const lazy = lazyModule(importer);
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toEqual({ name: 'chunk' });
    expect(b).toBe(a);
    expect(await lazy.load()).toBe(a);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('answers undefined for a failed import and imports again on the next call', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce({ name: 'chunk' });
    const lazy = lazyModule(importer as () => Promise<{ name: string }>);
    expect(await lazy.load()).toBeUndefined();
    expect(await lazy.load()).toEqual({ name: 'chunk' });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('says a failed import through useFailed until one succeeds', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce({ name: 'chunk' });
    const lazy = lazyModule(importer as () => Promise<{ name: string }>);
    const { result } = renderHook(() => ({ module: lazy.use(false), failed: lazy.useFailed() }));
    expect(result.current).toEqual({ module: undefined, failed: false });
    await act(() => lazy.load());
    expect(result.current).toEqual({ module: undefined, failed: true });
    await act(() => lazy.load());
    expect(result.current).toEqual({ module: { name: 'chunk' }, failed: false });
  });
});

describe('lazyModule retries while a component waits', () => {
  afterEach(() => vi.useRealTimers());

  it('imports again on its own after a failure while a use(false) caller waits, and shows the module', async () => {
    vi.useFakeTimers();
    const importer = vi.fn().mockRejectedValueOnce(new Error('lost')).mockResolvedValueOnce({ name: 'chunk' });
    const lazy = lazyModule(importer as () => Promise<{ name: string }>);
    const { result } = renderHook(() => lazy.use(false));
    await act(() => lazy.load());
    expect(result.current).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(LAZY_RETRY_DELAYS_MS[0] as number));
    expect(importer).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ name: 'chunk' });
  });

  it('stops after three retries, and does not retry when nothing waits', async () => {
    vi.useFakeTimers();
    const importer = vi.fn(async () => Promise.reject(new Error('gone')));
    const lazy = lazyModule(importer as () => Promise<{ name: string }>);
    const { result, unmount } = renderHook(() => ({ module: lazy.use(false), failed: lazy.useFailed() }));
    await act(() => lazy.load());
    await act(() => vi.advanceTimersByTimeAsync(LAZY_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) * 2));
    expect(importer).toHaveBeenCalledTimes(1 + LAZY_RETRY_DELAYS_MS.length);
    expect(result.current).toEqual({ module: undefined, failed: true });
    unmount();
    const alone = lazyModule(importer as () => Promise<{ name: string }>);
    await alone.load();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(importer).toHaveBeenCalledTimes(2 + LAZY_RETRY_DELAYS_MS.length);
  });
});

describe('whenIdleAfterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs after the frame, once the page is idle (at most 2,000 ms later), and not once cancelled', () => {
    const frames: FrameRequestCallback[] = [];
    const idles: { callback: IdleRequestCallback; timeout: number | undefined }[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => idles.push({ callback, timeout: options?.timeout }));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const ran: string[] = [];
    whenIdleAfterPaint(() => ran.push('prefetch'));
    const cancel = whenIdleAfterPaint(() => ran.push('cancelled'));
    expect(idles).toEqual([]);
    frames.splice(0).forEach((frame) => frame(0));
    expect(idles.map((idle) => idle.timeout)).toEqual([2000, 2000]);
    cancel();
    idles.splice(0).forEach(({ callback }) => callback({ didTimeout: false, timeRemaining: () => 10 }));
    expect(ran).toEqual(['prefetch']);
  });

  it('runs 200 ms later where neither requestAnimationFrame nor requestIdleCallback exists', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', undefined);
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran: string[] = [];
    whenIdleAfterPaint(() => ran.push('prefetch'));
    vi.advanceTimersByTime(199);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['prefetch']);
  });
});
