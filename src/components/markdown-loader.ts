/**
 * Loads the markdown pipeline (`markdown-render.tsx`, its own chunk with react-markdown, remark and micromark) on
 * demand, and prefetches it at idle time after the first paint (issue 9 point 3: the first screen does not wait for
 * it, the first review card need not either). One import for the whole app; a failed import (a chunk gone after a
 * redeploy, the network) leaves the component on its plain-text fallback and is retried by the next caller.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type * as Render from './markdown-render.tsx';

/** The lazily loaded module. */
export type MarkdownRenderer = typeof Render;

let renderer: MarkdownRenderer | undefined;
let loading: Promise<MarkdownRenderer | undefined> | undefined;
const listeners = new Set<() => void>();

/**
 * Start (or join) loading the markdown pipeline.
 * @returns the module once loaded, or `undefined` when the import failed (never rejects)
 */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer | undefined> {
  loading ??= import('./markdown-render.tsx').then(
    (module) => {
      renderer = module;
      for (const listener of listeners) listener();
      return module;
    },
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The markdown pipeline for a component: the module once loaded (loading it on first use), else `undefined`, and
 * the component re-renders when it arrives.
 */
export function useMarkdownRenderer(): MarkdownRenderer | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => renderer,
    () => renderer,
  );
  useEffect(() => {
    if (current === undefined) void loadMarkdownRenderer();
  }, [current]);
  return current;
}

/**
 * Prefetch the markdown pipeline when the browser is idle after the next paint (a frame, then `requestIdleCallback`
 * with a 2,000 ms timeout; `setTimeout` where it is missing), so it is not on the first screen's critical path.
 */
export function prefetchMarkdownRendererWhenIdle(): void {
  const idle = (callback: () => void) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
    else setTimeout(callback, 200);
  };
  requestAnimationFrame(() => setTimeout(() => idle(() => void loadMarkdownRenderer()), 0));
}
