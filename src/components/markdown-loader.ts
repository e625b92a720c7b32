/**
 * Loads the markdown pipeline (`markdown-render.tsx`, its own chunk with react-markdown, remark and micromark) on
 * demand, and prefetches it at idle time after the first paint (the first screen does not wait for
 * it, the first review card need not either). One import for the whole app; a failed import (a chunk gone after a
 * redeploy, the network) leaves the component on its plain-text fallback and is retried by the next caller.
 */
import { lazyModule, whenIdleAfterPaint } from '../lib/lazy-module.ts';
import type * as Render from './markdown-render.tsx';

/** The lazily loaded module. */
export type MarkdownRenderer = typeof Render;

const markdownRenderer = lazyModule<MarkdownRenderer>(() => import('./markdown-render.tsx'));

/**
 * Start (or join) loading the markdown pipeline.
 * @returns the module once loaded, or `undefined` when the import failed (never rejects)
 */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer | undefined> {
  return markdownRenderer.load();
}

/**
 * The markdown pipeline for a component: the module once loaded (loading it on first use), else `undefined`, and
 * the component re-renders when it arrives.
 */
export function useMarkdownRenderer(): MarkdownRenderer | undefined {
  return markdownRenderer.use();
}

/** Prefetch the markdown pipeline when the browser is idle after the next paint (`whenIdleAfterPaint`). */
export function prefetchMarkdownRendererWhenIdle(): void {
  whenIdleAfterPaint(() => void markdownRenderer.load());
}
