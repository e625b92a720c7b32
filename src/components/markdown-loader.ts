/**
 * Loads the markdown pipeline (`markdown-render.tsx`, its own chunk with unified, remark, micromark and hast-util-to-jsx-runtime) on
 * demand, and prefetches it at idle time after the first paint (the first screen does not wait for
 * it, the first review card need not either). One import for the whole app; a failed import (a chunk gone after a
 * redeploy, the network) leaves the component on its plain-text fallback and is retried by the next caller.
 */
import { runStepsAtIdle } from '../lib/idle-steps.ts';
import { lazyModule } from '../lib/lazy-module.ts';
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

/**
 * Load the markdown pipeline and, at idle times, run it once on a small sample (`warmMarkdownSteps`, in steps at idle
 * times, `runStepsAtIdle`, so a question that arrives meanwhile waits for one short step at most), so the first card of a page does
 * not pay the parser's first run.
 * @returns resolves once loaded (the warm-up runs later); never rejects
 */
export async function prefetchMarkdownRenderer(): Promise<void> {
  const module = await markdownRenderer.load();
  if (module) runStepsAtIdle(module.warmMarkdownSteps());
}
