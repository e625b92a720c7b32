/**
 * One lazily imported module shared by the whole app (the markdown pipeline, the code highlighter): loaded on first
 * use or when prefetched, read synchronously once it is there, and a re-render for every component that waited. A
 * failed import (a chunk gone after a redeploy, the network) leaves callers on their fallback and is retried by the
 * next caller, and on its own while a component waits for it ({@link LAZY_RETRY_DELAYS_MS}): a slot that only shows
 * what the idle prefetch loaded (`use(false)`) must not stay empty for the page's life after one lost request.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { idleAfterNextPaint } from './after-paint.ts';

/**
 * Waits before each retry of a failed import while a component waits for the module (ms): three retries, then the
 * failure stands (`useFailed`) until a caller asks again.
 */
export const LAZY_RETRY_DELAYS_MS: readonly number[] = [1000, 4000, 15000];

/** A lazily imported module `M`. */
export interface LazyModule<M> {
  /** Start (or join) the import. @returns the module, or `undefined` when the import failed (never rejects) */
  load(): Promise<M | undefined>;
  /**
   * React hook: the module once loaded, else `undefined`; loads it on first use when `wanted` (default true) and
   * re-renders the component when it arrives.
   */
  use(wanted?: boolean): M | undefined;
  /** React hook: whether the last import failed (and none has succeeded since); re-renders when that changes. */
  useFailed(): boolean;
}

/**
 * Wrap a dynamic import.
 * @param importer e.g. `() => import('./markdown-render.tsx')`
 */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let value: M | undefined;
  let failed = false;
  let loading: Promise<M | undefined> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const snapshot = () => value;
  const failedSnapshot = () => failed;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** After a failure: try again later, at most `LAZY_RETRY_DELAYS_MS.length` times, if a component still waits then. */
  const retryLater = (): void => {
    const delay = LAZY_RETRY_DELAYS_MS[retries];
    if (delay === undefined || retryTimer !== undefined) return;
    retries += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (value === undefined && listeners.size > 0) void load();
    }, delay);
  };
  const load = (): Promise<M | undefined> =>
    (loading ??= importer().then(
      (module) => {
        value = module;
        failed = false;
        notify();
        return module;
      },
      () => {
        loading = undefined;
        failed = true;
        notify();
        if (listeners.size > 0) retryLater();
        return undefined;
      },
    ));
  return {
    load,
    use(wanted = true) {
      const current = useSyncExternalStore(subscribe, snapshot, snapshot);
      useEffect(() => {
        if (wanted && current === undefined) void load();
      }, [wanted, current]);
      return current;
    },
    useFailed() {
      return useSyncExternalStore(subscribe, failedSnapshot, failedSnapshot);
    },
  };
}

/** Longest wait for an idle moment before a prefetch (or an idle step, `src/lib/idle-steps.ts`) runs anyway (ms). */
export const IDLE_TIMEOUT_MS = 2000;
/** What stands in for the idle moment where `requestIdleCallback` is missing (ms). */
export const IDLE_FALLBACK_MS = 200;

/**
 * Run `callback` when the browser is next idle (`requestIdleCallback` with a 2,000 ms timeout; `setTimeout` 200 ms
 * where it is missing).
 */
export function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(callback, IDLE_FALLBACK_MS);
}

/**
 * Run `callback` when the browser is idle after the next paint, so a prefetch never sits on the first screen's critical
 * path: `idleAfterNextPaint` (src/lib/after-paint.ts, the one after-paint mechanism) with {@link whenIdle}'s bounds (an
 * idle moment at most 2,000 ms after the frame; 200 ms where `requestIdleCallback` is missing).
 * @returns cancel: the callback is not called once cancel ran (idempotent)
 */
export function whenIdleAfterPaint(callback: () => void): () => void {
  return idleAfterNextPaint(callback, IDLE_TIMEOUT_MS, IDLE_FALLBACK_MS);
}
