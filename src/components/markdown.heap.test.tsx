/**
 * What the Markdown component keeps once a text is whole: the DOM and what a later render needs, never the parser's
 * trees (mdast) of its blocks or of a big table's row groups. Every tree the pipeline parses is tracked weakly; after
 * the last slice and a full garbage collection none may be left. Fake timers drive the slices.
 */
import { act, render } from '@testing-library/react';
import { unified } from 'unified';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { plan2000, planTable200 } from '../../scripts/make-perf-fixtures.mjs';
import { collectGarbage, Weakly } from '../../testing/heap.ts';
import { tasksOnTimers } from '../../testing/timer-tasks.ts';
import type { BlockControls } from './markdown-block-controls.ts';
import { Markdown } from './markdown.tsx';
import { loadHighlighter } from './markdown-code.tsx';
import { loadMarkdownRenderer } from './markdown-loader.ts';

tasksOnTimers();

type Tree = { children?: Tree[] };
type Parse = (this: unknown, ...args: unknown[]) => unknown;

// Every processor of the pipeline is a `unified()` processor: they share this prototype and its `parse`.
const processor = Object.getPrototypeOf(unified()) as { parse: Parse };
const parse = processor.parse;
let parsed = new Weakly<Tree>();

beforeAll(async () => {
  await loadMarkdownRenderer();
  await loadHighlighter();
  processor.parse = function (...args) {
    const tree = parse.apply(this, args) as Tree;
    const walk = (node: Tree) => {
      parsed.add(node);
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
    return tree;
  };
  return () => {
    processor.parse = parse;
  };
});

afterEach(() => {
  vi.useRealTimers();
});

const controls: BlockControls = { boxClass: 'ctl', buttonClass: 'ctl-button', label: 'Comment', title: () => 'Comment on these lines' };

it.each([
  ['the 2,000-line plan', plan2000()],
  ['the 200-row table', planTable200()],
])('keeps no parsed tree of %s once it is whole, with block controls', async (_name, text) => {
  parsed = new Weakly<Tree>();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { container, unmount } = render(<Markdown text={text} titled blockControls={controls} />);
  while (vi.getTimerCount() > 0) act(() => void vi.runOnlyPendingTimers());
  vi.useRealTimers();
  expect(container.firstElementChild).not.toHaveAttribute('aria-busy');
  expect(container.querySelectorAll('tbody tr').length).toBeGreaterThan(100);
  expect(parsed.size).toBeGreaterThan(1000);
  await collectGarbage();
  expect(parsed.alive()).toBe(0);
  unmount();
});
