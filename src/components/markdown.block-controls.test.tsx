/**
 * Block controls get each block's source lines in the whole text from the parser's positions: after every slice has
 * rendered they are exactly the blocks a whole-text parse finds (`planBlocksOf`), whatever the segments were, and a
 * Markdown without controls renders nothing extra.
 */
import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { plan2000, planTable200 } from '../../scripts/make-perf-fixtures.mjs';
import { planBlocksOf } from '../core/review/plan-blocks.ts';
import type { BlockControls } from './markdown-block-controls.ts';
import { Markdown } from './markdown.tsx';
import { loadHighlighter } from './markdown-code.tsx';
import { loadMarkdownRenderer } from './markdown-loader.ts';
import { tasksOnTimers } from '../../testing/timer-tasks.ts';

// The page's `nextTask` (a `MessageChannel` message) on fake timers here, so each slice is one timer.
tasksOnTimers();

beforeAll(async () => {
  await loadMarkdownRenderer();
  await loadHighlighter();
});

afterEach(() => vi.useRealTimers());

const control: BlockControls = {
  boxClass: 'ctl',
  buttonClass: 'ctl-button',
  label: 'Comment',
  title: (block) => `${block.kind}:${block.start}-${block.end}`,
};

/** Render with controls and run every slice: the blocks the controls were rendered for, in DOM order. */
function blocksRendered(text: string): string[] {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { container, unmount } = render(<Markdown text={text} titled blockControls={control} />);
  for (let tasks = 0; vi.getTimerCount() > 0 && tasks < 10_000; tasks += 1) act(() => void vi.runOnlyPendingTimers());
  const boxes = [...container.querySelectorAll('.ctl')];
  // Each box carries the block's lines and holds one button named by the caller's label.
  for (const box of boxes) {
    expect(box.querySelectorAll('button')).toHaveLength(1);
    expect(box.querySelector('button.ctl-button')).toHaveTextContent('Comment');
    expect(box.getAttribute('data-lines')).toBe(/:(\d+-\d+)$/.exec(box.querySelector('button')!.title)![1]);
  }
  const found = boxes.map((el) => el.querySelector('button')!.title);
  unmount();
  return found;
}

const parsed = (text: string) => planBlocksOf(text).map((b) => `${b.kind}:${b.start}-${b.end}`);

const SMALL = [
  '# Title',
  '',
  'Para one',
  'still one.',
  '',
  '- a',
  '  - nested',
  '',
  '  more of nested',
  '- b',
  '',
  '> quoted',
  '',
  '| h | i |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '<details>raw</details>',
  '',
  '```',
  'code',
  '```',
].join('\n');

describe('block controls', () => {
  it.each([
    ['a small plan', SMALL],
    ['the 2,000-line plan (many segments)', plan2000()],
    ['the 200-row table (row groups)', planTable200()],
    ['a big code block after text', `# T\n\nintro\n\n\`\`\`ts\n${'const x = 1;\n'.repeat(400)}\`\`\`\n\nafter`],
  ])('anchor %s on the same lines as a whole-text parse', (_name, text) => {
    expect(blocksRendered(text)).toEqual(parsed(text));
  });

  it('render nothing extra without controls', () => {
    const { container } = render(<Markdown text={SMALL} />);
    expect(container.querySelector('.markdown-block-cell')).toBeNull();
  });
});
