import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown.tsx';
import { CodeBlock, codePiecesOf, compactPieceOf, HIGHLIGHT_CHARS, HIGHLIGHT_LINES, loadHighlighter, MAX_HIGHLIGHT_PIECE_CHARS } from './markdown-code.tsx';
import { mayHoldHeading } from './markdown-blocks.ts';
import { SLICE_MS } from '../lib/slices.ts';
import { toDom } from 'hast-util-to-dom';
import { tasksOnTimers } from '../../testing/timer-tasks.ts';

// The page's `nextTask` (a `MessageChannel` message) on fake timers here, so each slice is one timer.
tasksOnTimers();

const TS = 'const answer: number = 42;\n// the answer\nexport function main(): string {\n  return "hi";\n}';
const fence = (language: string, code: string) => `Before.\n\n\`\`\`${language}\n${code}\n\`\`\`\n\nAfter.`;

/** `n` lines of TypeScript, each with a keyword and a string (`tag` makes a text no cache has seen). */
const longCode = (n: number, tag = '') => Array.from({ length: n }, (_, i) => `const line${i} = "value ${tag}${i}";`).join('\n');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('code blocks', () => {
  it('shows a code block as plain text until the highlighter loads, then as highlighted spans with classes and no style attribute', async () => {
    const { container } = render(<Markdown text={fence('ts', TS)} />);
    const code = container.querySelector('pre code')!;
    expect(code.textContent).toBe(TS);
    expect(code.querySelectorAll('span')).toHaveLength(0);
    await waitFor(() => expect(code.querySelector('.hljs-keyword')).not.toBeNull());
    expect(code.textContent).toBe(TS);
    expect(code.querySelector('.hljs-string')).toHaveTextContent('"hi"');
    expect(code.querySelector('.hljs-comment')).toHaveTextContent('// the answer');
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
    for (const span of code.querySelectorAll('span')) expect([...span.attributes].map((a) => a.name)).toEqual(['class']);
  });

  it.each([
    ['json', '{"a": [1, true, null]}', '.hljs-attr'],
    ['bash', 'if [ -n "$X" ]; then echo hi; fi', '.hljs-keyword'],
    ['py', 'def main():\n    return None', '.hljs-keyword'],
    ['diff', '--- a\n+++ b\n-old\n+new', '.hljs-addition'],
    ['yaml', 'name: ui-plan\ncount: 3', '.hljs-attr'],
    ['go', 'func main() { return }', '.hljs-keyword'],
    ['rust', 'fn main() -> u8 { 0 }', '.hljs-keyword'],
    ['JavaScript', 'let x = `t`;', '.hljs-keyword'],
    ['markdown', '# Title\n\n- item', '.hljs-section'],
  ])('highlights %s', async (language, code, selector) => {
    const { container } = render(<Markdown text={fence(language, code)} />);
    await waitFor(() => expect(container.querySelector(`pre code ${selector}`)).not.toBeNull());
    expect(container.querySelector('pre code')!.textContent).toBe(code);
  });

  it.each([
    ['an unknown language', fence('brainfuck', '++[>+<-]'), '++[>+<-]'],
    ['no language', 'Text.\n\n```\nconst x = 1;\n```', 'const x = 1;'],
    ['an indented block', 'Text.\n\n    const x = 1;', 'const x = 1;'],
    ['a hostile language name', fence('constructor', 'const x = 1;'), 'const x = 1;'],
  ])('leaves code in %s as plain text, with its Copy button', async (_name, text, code) => {
    await loadHighlighter();
    const { container } = render(<Markdown text={text} />);
    const block = container.querySelector('pre code')!;
    expect(block.textContent).toBe(code);
    expect(block.querySelectorAll('span')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('copies the code as written with its Copy button and says so', async () => {
    const user = userEvent.setup();
    render(<Markdown text={fence('ts', TS)} />);
    const button = screen.getByRole('button', { name: 'Copy code' });
    // Both labels are in the button from the start (one hidden), so its width never changes.
    expect(within(button).getByText('Copy', { exact: true })).not.toHaveClass('is-hidden');
    expect(within(button).getByText('Copied')).toHaveClass('is-hidden');
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe(TS);
    expect(within(button).getByText('Copy', { exact: true })).toHaveClass('is-hidden');
    expect(within(button).getByText('Copied')).not.toHaveClass('is-hidden');
    expect(screen.getByRole('status')).toHaveTextContent('Code copied to the clipboard');
  });

  it.each([
    ['3 ms', 3, 3],
    ['20 ms (over the slice)', 20, 1],
  ])(
    'highlights a 500-line block in slices of time: pieces while the slice lasts (%s a piece), the rest plain text meanwhile',
    async (_name, msPerPiece, piecesPerTask) => {
      await loadHighlighter();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      // Every reading of the clock is one more piece highlighted: a slice of SLICE_MS holds ⌈SLICE_MS / cost⌉ pieces.
      let clock = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (clock += msPerPiece));
      expect(Math.ceil(SLICE_MS / msPerPiece)).toBe(piecesPerTask);
      const code = longCode(500, `${msPerPiece} ms `);
      const { container } = render(<CodeBlock code={code} language="ts" />);
      const block = container.querySelector('pre code')!;
      const highlightedLines = () => new Set([...block.querySelectorAll('.hljs-string')].map((s) => s.textContent)).size;
      expect(highlightedLines()).toBe(0);
      for (let task = 1; vi.getTimerCount() > 0; task += 1) {
        act(() => void vi.advanceTimersToNextTimer());
        expect(highlightedLines()).toBe(Math.min(500, task * piecesPerTask * HIGHLIGHT_LINES));
        expect(block.textContent).toBe(code);
      }
      expect(highlightedLines()).toBe(500);
    },
  );

  it('highlights a block of very long lines in pieces of a bounded size and leaves a huge line plain', async () => {
    await loadHighlighter();
    const long = `const a = "${'x'.repeat(3_000)}";`;
    const huge = `const b = "${'y'.repeat(MAX_HIGHLIGHT_PIECE_CHARS)}";`;
    const code = [long, long, long, huge, 'const c = 1;'].join('\n');
    expect(codePiecesOf(code).map((piece) => piece.length)).toEqual([
      long.length + 1,
      long.length + 1,
      long.length + 1,
      huge.length + 1,
      'const c = 1;'.length,
    ]);
    const { container } = render(<CodeBlock code={code} language="ts" />);
    const block = container.querySelector('pre code')!;
    await waitFor(() => expect(block.querySelectorAll('.hljs-number')).toHaveLength(1));
    expect([...block.querySelectorAll('.hljs-string')].map((s) => s.textContent!.length)).toEqual([long.length - 11, long.length - 11, long.length - 11]);
    expect(block.textContent).toBe(code);
  });

  it.each([
    ['a short text', 'a\nb\nc', 2],
    ['500 lines', longCode(500), HIGHLIGHT_LINES],
    ['a text without a final newline', 'x\n'.repeat(7) + 'y', 3],
    ['an empty text', '', 3],
  ])('cuts %s into pieces of whole lines that join back into it', (_name, code, lines) => {
    const pieces = codePiecesOf(code, lines);
    expect(pieces.join('')).toBe(code);
    for (const piece of pieces) expect(piece.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(lines);
    for (const piece of pieces) expect(piece.length <= HIGHLIGHT_CHARS || !piece.replace(/\n$/, '').includes('\n')).toBe(true);
    for (const piece of pieces.slice(0, -1)) expect(piece.endsWith('\n')).toBe(true);
  });
});

describe('the title of a text', () => {
  it.each([
    ['an h1 at the top', '# Add a flag\n\n## Steps\n\n### Detail', 'Add a flag'],
    ['an h2 before a later h1', 'Some intro.\n\n## Add a flag\n\n# Appendix', 'Add a flag'],
    ['a setext heading', 'Add a flag\n==========\n\n# Other', 'Add a flag'],
    ['a heading after a fence holding a # line', '```sh\n# not a heading\n```\n\n### Add a flag\n\n# Other', 'Add a flag'],
    ['a heading far down a long text', `${'A paragraph of the plan.\n\n'.repeat(400)}## Add a flag\n\n# Other`, 'Add a flag'],
  ])('marks the first heading as the title: %s', async (_name, text, title) => {
    render(<Markdown text={text} titled />);
    await waitFor(() => expect(screen.getAllByRole('heading').length).toBeGreaterThan(1));
    const [first, ...others] = screen.getAllByRole('heading');
    expect(first).toHaveAccessibleName(title);
    expect(first).toHaveClass('markdown-title');
    for (const heading of others) expect(heading).not.toHaveClass('markdown-title');
  });

  it('marks no title unless asked', () => {
    render(<Markdown text={'# Add a flag\n\n## Steps'} />);
    expect(within(document.body).getByRole('heading', { name: 'Add a flag' })).not.toHaveClass('markdown-title');
  });

  it.each([
    ['# x', true],
    ['> ## quoted', true],
    ['- # in a list', true],
    ['Text\n---', true],
    ['```\n# code\n```', false],
    ['#hashtag', false],
    ['plain\n\ntext', false],
  ])('says whether %j may hold a heading: %s', (source, expected) => {
    expect(mayHoldHeading(source)).toBe(expected);
  });
});

describe('highlighted pieces kept compact', () => {
  it('render the same DOM as the highlighter’s tree, nested spans included', async () => {
    const code = 'const s = `a ${b + `c ${d}`} e`; // nested\nclass A extends B { x = /re+/g; }';
    const module = (await loadHighlighter())!;
    const reference = toDom(module.highlightCode(code, module.grammarOf('ts')!), { fragment: true }) as DocumentFragment;
    const holder = document.createElement('div');
    holder.append(reference);
    expect(holder.querySelector('span span')).not.toBeNull();
    const { container } = render(<CodeBlock code={code} language="ts" />);
    await waitFor(() => expect(container.querySelector('.markdown-code-piece')).not.toBeNull());
    expect(container.querySelector('.markdown-code-piece')!.innerHTML).toBe(holder.innerHTML);
  });

  it('hold no copy of the code: numbers only, whose text runs add up to the piece', async () => {
    const module = (await loadHighlighter())!;
    const piece = `${longCode(20, 'once ')}\n`;
    const compact = compactPieceOf(module.highlightCode(piece, module.grammarOf('ts')!), piece);
    expect(compact.length).toBeGreaterThan(40);
    expect(compact.every((op) => typeof op === 'number')).toBe(true);
    expect(compact.filter((op) => op >= 0).reduce((sum, n) => sum + n, 0)).toBe(piece.length);
  });

  it('show a piece whose tree has another text as that piece, plain', () => {
    const tree = { type: 'root' as const, children: [{ type: 'text' as const, value: 'other' }] };
    expect(compactPieceOf(tree, 'piece!')).toEqual([6]);
  });
});
