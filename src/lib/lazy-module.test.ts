import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.ts';

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
