import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHUNK_TARGET_CHARS, markdownCapsOf, MAX_LINE_CHARS, MAX_NESTING, splitMarkdown, TABLE_SPLIT_CHARS, type MarkdownSegment } from './markdown-blocks.ts';
import { CodeBlock, MarkdownBlock } from './markdown-render.tsx';

/** A long plan in the shape models write: headings, nested lists, prose with links, a table, a fenced code block. */
function longPlan(sections: number): string {
  const out = ['# Migrate the store', ''];
  for (let s = 1; s <= sections; s += 1) {
    out.push(`## ${s}. Section with \`code\``, '', `Some prose for section ${s} with a [link](https://example.com/${s}) and *emphasis*.`, '');
    for (let i = 1; i <= 4; i += 1) out.push(`- item ${i} of ${s}`, `  - nested ${i}`, `    1. deeper ${i}`);
    out.push('', '- loose item after a blank line', '', '- and another one of the same list', '');
    if (s % 5 === 0) out.push('| a | b |', '|---|:-:|', ...Array.from({ length: 20 }, (_, r) => `| ${r} | **${s}** |`), '');
    if (s % 7 === 0) out.push('```ts', 'const a = 1;', '', '# not a heading', '', '- not a list', '```', '');
    out.push('1. ordered', '2. list', '', '3. same list continues', '', '> a quote', '');
  }
  return out.join('\n');
}

const sources = (segments: MarkdownSegment[]) => segments.map((s) => s.source);

describe('splitMarkdown', () => {
  it('keeps a short text whole', () => {
    expect(splitMarkdown('# Plan\n\n- one\n- two')).toEqual([{ kind: 'markdown', source: '# Plan\n\n- one\n- two', start: 0 }]);
  });

  it('returns no segment for an empty text', () => {
    expect(splitMarkdown('')).toEqual([]);
  });

  it('cuts a long text into chunks that join back to it, each starting at its offset', () => {
    const text = longPlan(60);
    const segments = splitMarkdown(text);
    expect(segments.length).toBeGreaterThan(5);
    expect(sources(segments).join('')).toBe(text);
    for (const segment of segments) expect(text.slice(segment.start, segment.start + segment.source.length)).toBe(segment.source);
    for (const segment of segments.slice(0, -1)) expect(segment.source.length).toBeGreaterThanOrEqual(CHUNK_TARGET_CHARS);
  });

  it('renders the chunks exactly as the whole text renders', () => {
    const text = longPlan(40);
    const whole = renderToStaticMarkup(<MarkdownBlock text={text} />);
    const chunked = splitMarkdown(text)
      .map((segment) => renderToStaticMarkup(<MarkdownBlock text={segment.source} />))
      .join('');
    expect(chunked.replace(/\n/g, '')).toBe(whole.replace(/\n/g, ''));
  });

  const body = (n: number) =>
    Array.from({ length: n }, (_, i) => (i % 9 === 4 ? '' : `  const step${i} = run(${i}, "# not a heading"); // *not* emphasis`)).join('\n');
  it.each([
    ['a ts fence', '```ts\n' + body(60) + '\n```\n', 'ts'],
    ['a tilde fence with meta', '~~~py title="x.py"\n' + body(60) + '\n~~~~\n', 'py'],
    ['a fence with no language and a shorter fence inside', '````\n```\n' + body(60) + '\n```\n````\n', undefined],
    ['a fence closed by an indented fence, its last line blank', '```sh\n' + body(60) + '\n\n   ```\n', 'sh'],
  ])('makes a big top-level code fence a code segment that renders as the parser renders it: %s', (_name, fence, language) => {
    const text = `# Plan\n\nIntro.\n\n${fence}\nAfter.\n`;
    const segments = splitMarkdown(text);
    expect(sources(segments).join('')).toBe(text);
    const code = segments.find((segment) => segment.kind === 'code');
    expect(code?.source).toBe(fence);
    if (code?.kind !== 'code') throw new Error('no code segment');
    expect(code.language).toBe(language);
    expect(renderToStaticMarkup(<CodeBlock code={code.code} language={code.language} />)).toBe(renderToStaticMarkup(<MarkdownBlock text={fence} />));
  });

  it.each([
    ['an escaped info string', '```t\\s\n' + body(60) + '\n```\n'],
    ['an entity in the info string', '```t&amp;s\n' + body(60) + '\n```\n'],
    ['an unclosed fence', '```ts\n' + body(60) + '\n'],
    ['a carriage return', '```ts\n' + body(60).replace('\n', '\r\n') + '\n```\n'],
    ['an indented fence', ' ```ts\n' + body(60) + '\n ```\n'],
    ['a small fence', '```ts\nconst a = 1;\n```\n'],
  ])('leaves %s to the parser', (_name, fence) => {
    expect(splitMarkdown(`Intro.\n\n${fence}`).some((segment) => segment.kind === 'code')).toBe(false);
  });

  it('never cuts inside a fenced code block, a raw HTML comment, or between items of one list', () => {
    const filler = `${'word '.repeat(CHUNK_TARGET_CHARS / 5)}\n\n`;
    const fence = '```\ncode\n\n# not a heading\n\nmore\n```\n\n';
    const comment = '<!--\n\n# inside a comment\n\n-->\n\n';
    const list = '- one\n\n- two\n\n- three\n';
    const cuts = splitMarkdown(filler + fence + filler + comment + filler + list).map((s) => s.source);
    expect(cuts.some((c) => c.includes('```\ncode') && c.includes('more\n```'))).toBe(true);
    expect(cuts.some((c) => c.includes('<!--') && c.includes('-->'))).toBe(true);
    expect(cuts.some((c) => c.includes('- one') && c.includes('- three'))).toBe(true);
  });

  it('keeps every earlier chunk of a growing (streamed) text byte-identical', () => {
    const text = longPlan(30);
    const final = splitMarkdown(text);
    for (let end = 0; end <= text.length; end += 97) {
      const partial = splitMarkdown(text.slice(0, end));
      expect(partial.slice(0, -1)).toEqual(final.slice(0, Math.max(0, partial.length - 1)));
    }
  });

  it('folds a line over the limit into its own segment, keeping the code fence around it', () => {
    const long = 'x'.repeat(MAX_LINE_CHARS + 1);
    const segments = splitMarkdown(`# Plan\n\n\`\`\`txt\nbefore\n${long}\nafter\n\`\`\`\n\ntail`);
    expect(segments.map((s) => s.kind)).toEqual(['markdown', 'long-line', 'markdown']);
    expect(segments[1]).toMatchObject({ source: long });
    expect(segments[2]?.source).toBe('```txt\nafter\n```\n\ntail');
  });

  it('makes a big top-level table its own segment with its rows in groups, and keeps a small one in its chunk', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `| ${i} | \`step ${i}\` | <b>${i}</b> |`);
    const table = ['| # | step | note |', '|---|:--|--:|', ...rows].join('\n');
    const segments = splitMarkdown(`# Plan\n\n${table}\n\n## After\n`);
    expect(segments.map((s) => s.kind)).toEqual(['markdown', 'table', 'markdown']);
    const big = segments[1] as Extract<MarkdownSegment, { kind: 'table' }>;
    expect(big.head).toBe('| # | step | note |\n|---|:--|--:|');
    expect(big.rows.length).toBeGreaterThan(2);
    expect(big.rows.join('\n')).toBe(rows.join('\n'));
    expect(sources(segments).join('')).toBe(`# Plan\n\n${table}\n\n## After\n`);
    const small = ['| a |', '|---|', '| 1 |'].join('\n');
    expect(small.length).toBeLessThan(TABLE_SPLIT_CHARS);
    expect(splitMarkdown(`# Plan\n\n${small}\n`).map((s) => s.kind)).toEqual(['markdown']);
  });

  it('keeps a line of exactly the limit as markdown', () => {
    expect(splitMarkdown('y'.repeat(MAX_LINE_CHARS)).map((s) => s.kind)).toEqual(['markdown']);
  });

  it.each([
    ['a list', (i: number) => `${'  '.repeat(i)}- level ${i + 1}`],
    ['quotes', (i: number) => `${'> '.repeat(i + 1)}level ${i + 1}`],
  ])('shows %s nested deeper than the limit as a deep block, and keeps a shallower one', (_name, lineAt) => {
    const nested = (levels: number) => Array.from({ length: levels }, (_, i) => lineAt(i)).join('\n');
    const deep = splitMarkdown(`# Plan\n\n${nested(MAX_NESTING + 5)}\n\nafter\n`);
    expect(deep.map((s) => s.kind)).toEqual(['markdown', 'deep', 'markdown']);
    expect(deep[1]?.source).toContain('level 1');
    expect(deep[2]?.source).toBe('after\n');
    expect(splitMarkdown(`# Plan\n\n${nested(MAX_NESTING - 2)}`).map((s) => s.kind)).toEqual(['markdown']);
  });
});

describe('nesting depth of a line', () => {
  it('counts two columns of tabs and spaces (a tab is four) or one quote or bullet mark a level, over a long prefix', () => {
    // Ten tabs and ten spaces: 50 columns, 25 levels; then quote marks and a bullet, one level each.
    const at = (marks: number) => `intro\n\n${'\t '.repeat(10)}${'> '.repeat(marks - 1)}- x`;
    expect(splitMarkdown(at(MAX_NESTING - 25)).map((s) => s.kind)).toEqual(['markdown']);
    expect(splitMarkdown(at(MAX_NESTING - 24)).map((s) => s.kind)).toEqual(['deep']);
    // A 500-level list: 1,000 spaces before its last bullet.
    const list = Array.from({ length: 500 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    expect(splitMarkdown(`# Plan\n\n${list}\n`).map((s) => [s.kind, s.kind === 'deep' ? s.depth : undefined])).toEqual([
      ['markdown', undefined],
      ['deep', 500],
    ]);
  });
});

describe('markdownCapsOf', () => {
  it('counts what is capped, and says nothing for an ordinary text', () => {
    expect(markdownCapsOf(longPlan(10))).toBeUndefined();
    const deep = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
    expect(markdownCapsOf(`${'z'.repeat(MAX_LINE_CHARS + 1)}\n\n${deep}`)).toEqual({ longLines: 1, deepBlocks: 1 });
  });
});
