/**
 * Rendering in slices bounded by time keeps the text identical to a one-pass render: on every text of the recorded
 * logs, the hostile log, autolink and raw-HTML edge cases and the big perf fixtures, the final DOM after every slice
 * equals `progressive={false}`. Fake timers drive the slices; nothing here depends on how fast the machine is.
 */
import { act, render } from '@testing-library/react';
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixturePath, readFixture } from '../../fixtures/paths.ts';
import { planLine1mb, planNested500, plan2000, planTable200 } from '../../scripts/make-perf-fixtures.mjs';
import { Markdown } from './markdown.tsx';
import { loadHighlighter } from './markdown-code.tsx';
import type { BlockControls } from './markdown-block-controls.ts';
import { loadMarkdownRenderer } from './markdown-loader.ts';
import { tasksOnTimers } from '../../testing/timer-tasks.ts';

// The page's `nextTask` (a `MessageChannel` message) on fake timers here, so each slice is one timer.
tasksOnTimers();

/** Every markdown text of a recorded log: plans (exit_plan_mode arguments) and message texts, longest first. */
function textsOfLog(file: string): string[] {
  const texts = new Set<string>();
  const walk = (value: unknown, key?: string): void => {
    if (typeof value === 'string') {
      if (key === 'text' || key === 'plan') texts.add(value);
      if (key === 'arguments' && value.startsWith('{')) {
        try {
          walk(JSON.parse(value));
        } catch {
          // A tool call's arguments may be partial: not a text.
        }
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k);
    }
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      walk(JSON.parse(line));
    } catch {
      // Not a JSON line: not a text either.
    }
  }
  return [...texts].filter((t) => t.trim() !== '').sort((a, b) => b.length - a.length);
}

const recordings = readdirSync(fixturePath('dsh-recordings'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => textsOfLog(fixturePath('dsh-recordings', entry.name, 'session.jsonl')).map((text, i) => [`${entry.name} text ${i + 1}`, text] as const));
const hostile = textsOfLog(fixturePath('trust', 'markdown', 'hostile-session.jsonl')).map((text, i) => [`hostile text ${i + 1}`, text] as const);

/** Texts written to hit the autolink and raw-HTML handling. */
const EDGES: readonly (readonly [string, string])[] = [
  ['literal autolinks', 'see www.example.com, https://a.example/x?y=1 and a@b.example; WWW.UPPER.example; xmpp:me@chat.example/r; mailto:x@y.example'],
  ['links without literal autolinks', '[the docs](https://example.com/docs) and ![img](https://img.example/a.png) and `https://in.code`'],
  ['an address inside raw HTML', '<a href="https://x.example">www.inside.example</a> and <!-- a@b.example -->'],
  ['an address in a table and a list', '| a | b |\n|---|---|\n| www.t.example | c@d.example |\n\n- https://l.example\n  - nested www.n.example'],
  ['html-block.md', readFixture('trust', 'markdown', 'html-block.md')],
];

const perf: readonly (readonly [string, string])[] = [
  ['the 2,000-line plan', plan2000()],
  ['the 200-row table', planTable200()],
  ['the 500-level nested list', planNested500()],
  ['the 1 MB single line', planLine1mb()],
];

beforeAll(async () => {
  // Both lazy chunks loaded, so a render uses them synchronously and only timers remain.
  await loadMarkdownRenderer();
  await loadHighlighter();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Render `text`, then run every pending slice (timers) until none is left: the final DOM. */
function settled(text: string, progressive: boolean): { html: string; tasks: number } {
  const { container, unmount } = render(<Markdown text={text} titled progressive={progressive} />);
  let tasks = 0;
  while (vi.getTimerCount() > 0) {
    if (tasks > 10_000) throw new Error('the rendering never settled');
    act(() => void vi.runOnlyPendingTimers());
    tasks += 1;
  }
  const html = container.innerHTML;
  unmount();
  return { html, tasks };
}

describe('slices', () => {
  it.each([...recordings, ...hostile, ...EDGES, ...perf])('render %s exactly as one pass does', (_name, text) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sliced = settled(text, true);
    const whole = settled(text, false);
    expect(sliced.html).toBe(whole.html);
    expect(sliced.html).not.toContain('aria-busy');
  });

  it('render the 2,000-line plan in more than one slice, the first commit holding its start only', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const text = plan2000();
    const { container } = render(<Markdown text={text} titled />);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(container.textContent!.length).toBeLessThan(text.length / 4);
    expect(settled(text, true).tasks).toBeGreaterThan(1);
  });
});

describe('a big table', () => {
  const rows = Array.from({ length: 200 }, (_, i) => `| ${i + 1} | step ${i + 1} of the rollout | owner ${i % 7} |`).join('\n');
  const table = `| # | step | owner |\n|---|---|---|\n${rows}`;

  it.each([
    ['an ATX heading', '# After the table', 'h1'],
    ['a quote', '> After the table', 'blockquote'],
    ['a list item', '- After the table', 'li'],
    ['an ordered list item', '1. After the table', 'li'],
    ['a fence', '```\nAfter the table\n```', 'pre'],
    ['indented code', '    After the table', 'pre'],
    ['raw HTML (the table is then parsed whole)', '<div>After the table</div>', 'p'],
  ])('end before a line that starts %s right after it: that line follows the table, outside it', (_name, after, tag) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const text = `# Plan\n\n${table}\n${after}\n\nend`;
    const { container, unmount } = render(<Markdown text={text} titled />);
    while (vi.getTimerCount() > 0) act(() => void vi.runOnlyPendingTimers());
    const tables = container.querySelectorAll('table');
    expect(tables).toHaveLength(1);
    expect(tables[0]!.querySelectorAll('tbody tr')).toHaveLength(200);
    expect(tables[0]!.textContent).not.toContain('After the table');
    const follower = [...container.querySelectorAll(tag)].find((el) => el.textContent?.includes('After the table'));
    expect(follower).toBeDefined();
    expect(tables[0]!.compareDocumentPosition(follower!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.textContent).toContain('end');
    unmount();
  });

  it('render each of its rows once, however many slices it takes (a new group never renders the earlier ones again)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rendered: number[] = [];
    const controls: BlockControls = {
      boxClass: 'ctl',
      buttonClass: 'ctl-button',
      label: 'Comment',
      title: (block) => {
        if (block.kind === 'table-row') rendered.push(block.start);
        return '';
      },
    };
    const { container } = render(<Markdown text={`# Plan\n\n${table}`} blockControls={controls} />);
    let tasks = 0;
    for (; vi.getTimerCount() > 0; tasks += 1) act(() => void vi.runOnlyPendingTimers());
    expect(tasks).toBeGreaterThan(1);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(200);
    // The header row and the 200 body rows, each once (lines 3 and 5 to 204).
    expect(rendered).toHaveLength(201);
    expect(new Set(rendered).size).toBe(201);
  });

  it('keep a plain line right after it as its last row, as GFM reads it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = render(<Markdown text={`${table}\nlazy row\n\nafter`} />);
    while (vi.getTimerCount() > 0) act(() => void vi.runOnlyPendingTimers());
    const body = container.querySelectorAll('tbody tr');
    expect(body).toHaveLength(201);
    expect(body[200]!.textContent).toContain('lazy row');
    expect(container.querySelector('table')!.textContent).not.toContain('after');
    expect(container.textContent).toContain('after');
  });
});
