/**
 * A folded very long line of plain words renders without the parser and exactly as the parser renders it (the same
 * paragraph and block control); a line that may hold markup still goes through the parser.
 */
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { planLine1mb } from '../../scripts/make-perf-fixtures.mjs';
import type { BlockControls } from './markdown-block-controls.ts';
import { MAX_LINE_CHARS, plainParagraphOf } from './markdown-blocks.ts';
import { loadMarkdownRenderer } from './markdown-loader.ts';
import { MarkdownBlock, markdownParseStats } from './markdown-render.tsx';
import { Markdown } from './markdown.tsx';

beforeAll(async () => {
  await loadMarkdownRenderer();
});

const control: BlockControls = {
  boxClass: 'ctl',
  buttonClass: 'ctl-button',
  label: 'Comment',
  title: (block) => `${block.kind}:${block.start}-${block.end}`,
};

/** The 1 MB fixture's line and lines of plain words with the punctuation prose uses. */
const PLAIN_LINES: readonly string[] = [
  planLine1mb().split('\n').at(-1)!,
  `${'Words, more words; (and some) more? Yes! 42 % of "it" is #1 - or + or = or | or {x} or $y or ^z. '.repeat(300)}   `,
  `Ünïcode wörds 漢字 ${'déjà vu '.repeat(3000)}`,
];

/** What the parser makes of `line` as a folded long line's head, with or without block controls after `offset` lines. */
function parsed(line: string, controls?: BlockControls, offset = 0): string {
  return render(<MarkdownBlock text={line.slice(0, MAX_LINE_CHARS)} controls={controls} offset={controls && offset} />).container.innerHTML;
}

/** The long-line chunk's first children (its paragraph and control, not the note) as rendered by `Markdown`. */
function folded(text: string, controls?: BlockControls): string {
  const chunk = render(<Markdown text={text} blockControls={controls} progressive={false} />).container.querySelector('.markdown-capped')!.parentElement!;
  return Array.from(chunk.children)
    .filter((child) => !child.classList.contains('markdown-capped'))
    .map((child) => child.outerHTML)
    .join('');
}

describe('a folded long line of plain words', () => {
  it.each(PLAIN_LINES.map((line) => [line.slice(0, 40), line]))('renders as the parser does: %s…', (_name, line) => {
    expect(plainParagraphOf(line.slice(0, MAX_LINE_CHARS))).toBeDefined();
    expect(folded(line)).toBe(parsed(line));
    expect(folded(line, control)).toBe(parsed(line, control));
    // After a heading and a blank line: the control names the line's own line.
    expect(folded(`# Plan\n\n${line}`, control)).toBe(parsed(line, control, 2));
  });

  it('is not parsed', () => {
    const before = markdownParseStats.parses;
    render(<Markdown text={PLAIN_LINES[0]!} blockControls={control} progressive={false} />);
    expect(markdownParseStats.parses).toBe(before);
  });

  it.each([
    '**bold** words',
    'a `code` span',
    'see www.example.com now',
    'see https://example.com now',
    'mail someone@example.com now',
    'a &amp; b',
    'a <b>tag</b>',
    'a [link](https://example.com)',
    'a ~struck~ word',
    'snake_case word',
    'escaped \\* star',
    'a\ttab',
    '# heading',
    '- item',
    '1. item',
    '    indented code',
    ' leading space',
    '> quote',
    '[id]: https://example.com',
  ])('leaves a line that may hold markup to the parser: %s', (line) => {
    expect(plainParagraphOf(line)).toBeUndefined();
  });
});
