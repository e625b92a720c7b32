import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../fixtures/paths.ts';
import { Markdown } from './markdown.tsx';
import { MAX_LINE_CHARS, MAX_NESTING, TABLE_SPLIT_CHARS } from './markdown-blocks.ts';
import { loadMarkdownRenderer } from './markdown-loader.ts';
import { MarkdownBlock } from './markdown-render.tsx';
import { safeImageUrl, safeLinkUrl } from './safe-url.ts';
import { componentsZhCN } from './locales.zh-CN.ts';
import { useLanguageStore, type LanguagePack } from '../lib/language.ts';

const fixture = (name: string) => readFixture('trust', 'markdown', name);

function renderMarkdown(text: string) {
  return render(<Markdown text={text} />).container;
}

/** Nothing that executes, fetches or styles: no such element or attribute anywhere, every link safe and in a new tab. */
function expectInert(container: HTMLElement) {
  expect(container.querySelectorAll('script, img, iframe, style, details, object, embed, svg, video, audio, source')).toHaveLength(0);
  expect(container.querySelectorAll('[style], [onerror], [onload], [onclick], [srcset], [src]')).toHaveLength(0);
  for (const a of container.querySelectorAll('a')) {
    expect(a.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
    expect(a).toHaveAttribute('target', '_blank');
    expect(a).toHaveAttribute('rel', 'noopener noreferrer');
  }
}

/** A link that opens `href` in a new tab, without an opener or a referrer. */
function expectNewTabLink(link: HTMLElement, href: string): void {
  expect(link).toHaveAttribute('href', href);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

describe('raw HTML', () => {
  it.each([
    ['Use Vec<u8> and the <channel> tag.', 'Use Vec<u8> and the <channel> tag.'],
    ['a <b>bold</b> word', 'a <b>bold</b> word'],
    ['inline <img src=x onerror=alert(1)> image', 'inline <img src=x onerror=alert(1)> image'],
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['<details><summary>More</summary>hidden</details>', '<details><summary>More</summary>hidden</details>'],
    ['<img src="https://elsewhere/?q=secret" onerror="alert(1)">', '<img src="https://elsewhere/?q=secret" onerror="alert(1)">'],
    ['<iframe src="https://evil.example/"></iframe>', '<iframe src="https://evil.example/"></iframe>'],
    ['<style>body { display: none }</style>', '<style>body { display: none }</style>'],
    ['<a href="javascript:alert(1)">click</a>', '<a href="javascript:alert(1)">click</a>'],
    ['<svg onload=alert(1)>', '<svg onload=alert(1)>'],
    ['<!-- a comment -->', '<!-- a comment -->'],
    ['<p style="color:red">red</p>', '<p style="color:red">red</p>'],
    ['x <span style="color:red">y</span> z', 'x <span style="color:red">y</span> z'],
  ])('shows %j as literal text', (source, shown) => {
    const container = renderMarkdown(source);
    expect(container.textContent?.trim()).toBe(shown);
    expectInert(container);
  });

  it('keeps every tag of a multi-line HTML block, in a plan with markdown around it', () => {
    const container = renderMarkdown(fixture('html-block.md'));
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(container.textContent).toContain('<details>');
    expect(container.textContent).toContain('<summary>Why</summary>');
    expect(container.textContent).toContain('</details>');
    expect(container.textContent).toContain('Keep the <channel> tag and Vec<u8>.');
    expectInert(container);
  });
});

describe('links', () => {
  it.each([
    ['[x](javascript:alert(1))'],
    ['[x](JaVaScRiPt:alert(1))'],
    ['[x](java&#x09;script:alert(1))'],
    ['[x](java&#x0A;script:alert(1))'],
    ['[x](&#106;avascript:alert(1))'],
    ['[x](%20javascript:alert(1))'],
    ['[x](<javascript:alert(1)>)'],
    ['[x](<\tjavascript:alert(1)>)'],
    ['[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['[x](DATA:text/html,hi)'],
    ['[x](vbscript:msgbox(1))'],
    ['[x](file:///etc/passwd)'],
    ['[x](ftp://example.com/x)'],
    ['[x](blob:https://example.com/uuid)'],
    ['[x](chrome://settings)'],
    ['[x](/api/session.list)'],
    ['[x](foo.md)'],
    ['[x](../x)'],
    ['[x](#x)'],
    ['[x](#/s/session-other)'],
    ['[x](?q=1)'],
    ['[x](//evil.example/x)'],
    ['[x][ref]\n\n[ref]: javascript:alert(1)'],
    ['[x][ref]\n\n[ref]: /api/session.history'],
    ['[x]\n\n[x]: vbscript:msgbox(1)'],
  ])('renders %j as the text "x", not a link', (source) => {
    const container = renderMarkdown(source);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.textContent).toBe('x');
    expectInert(container);
  });

  it.each([
    ['<javascript:alert(1)>', 'javascript:alert(1)'],
    ['<JAVASCRIPT:alert(1)>', 'JAVASCRIPT:alert(1)'],
    ['<data:text/html,hi>', 'data:text/html,hi'],
    ['<vbscript:msgbox>', 'vbscript:msgbox'],
    ['<file:///etc/passwd>', 'file:///etc/passwd'],
  ])('renders the autolink %j as its text, not a link', (source, shown) => {
    const container = renderMarkdown(source);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.textContent?.trim()).toBe(shown);
  });

  it.each([
    ['[docs](https://example.com/a?b=1)', 'docs', 'https://example.com/a?b=1'],
    ['[docs](HTTPS://EXAMPLE.com)', 'docs', 'https://example.com/'],
    ['[docs](http://127.0.0.1:9/x)', 'docs', 'http://127.0.0.1:9/x'],
    ['<https://example.com/auto>', 'https://example.com/auto', 'https://example.com/auto'],
    ['see www.example.com', 'www.example.com', 'http://www.example.com/'],
    ['[mail](mailto:a@example.com)', 'mail', 'mailto:a@example.com'],
    ['<a@example.com>', 'a@example.com', 'mailto:a@example.com'],
    ['[docs][r]\n\n[r]: https://example.com/ref', 'docs', 'https://example.com/ref'],
  ])('renders %j as a link that opens in a new tab', (source, name, href) => {
    const container = renderMarkdown(source);
    const link = screen.getByRole('link', { name });
    expectNewTabLink(link, href);
    expectInert(container);
  });
});

describe('images', () => {
  it.each([
    ['![x](https://elsewhere/?q=secret)', 'Image: x — elsewhere', 'https://elsewhere/?q=secret'],
    ['![diagram](http://elsewhere.example:8080/a.png "t")', 'Image: diagram — elsewhere.example:8080', 'http://elsewhere.example:8080/a.png'],
    ['![](https://elsewhere/p.png)', 'Image — elsewhere', 'https://elsewhere/p.png'],
    ['![x][img]\n\n[img]: https://elsewhere/ref.png', 'Image: x — elsewhere', 'https://elsewhere/ref.png'],
  ])('shows %j as a placeholder link, never fetched', (source, name, href) => {
    const container = renderMarkdown(source);
    const link = screen.getByRole('link', { name });
    expectNewTabLink(link, href);
    expectInert(container);
  });

  it.each([
    ['![x](data:image/png;base64,iVBORw0KGgo=)', 'Image: x'],
    ['![x](javascript:alert(1))', 'Image: x'],
    ['![x](/api/session.list)', 'Image: x'],
    ['![x](file:///etc/passwd)', 'Image: x'],
    ['![x](foo.png)', 'Image: x'],
  ])('shows %j as placeholder text without a link', (source, shown) => {
    const container = renderMarkdown(source);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.textContent?.trim()).toBe(shown);
    expectInert(container);
  });

  it('keeps the link around an image and shows the image as text inside it (links do not nest)', () => {
    const container = renderMarkdown('[![logo](https://img.example/a.png)](https://target.example/)');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://target.example/');
    expect(links[0]).toHaveTextContent('Image: logo — img.example');
    expectInert(container);
  });

  it('shows an image inside an unsafe link as text, with no link at all', () => {
    const container = renderMarkdown('[![logo](https://img.example/a.png)](javascript:alert(1))');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.textContent).toBe('Image: logo — img.example');
    expectInert(container);
  });
});

describe('bidi controls', () => {
  it.each([
    ['an override in a paragraph', 'Rename gnp.\u202Eexe first', 'Rename gnp.⟨U+202E⟩exe first'],
    ['an embedding and its pop in inline code', 'Run `a\u202Ab\u202Cc`', 'Run a⟨U+202A⟩b⟨U+202C⟩c'],
    ['isolates in a list item', '- x\u2066y\u2069z \u2067\u2068', 'x⟨U+2066⟩y⟨U+2069⟩z ⟨U+2067⟩⟨U+2068⟩'],
    ['a left-to-right override in a heading', '# Step \u202D1', 'Step ⟨U+202D⟩1'],
  ])('shows %s as a visible marker and never obeys it', (_name, source, shown) => {
    const container = renderMarkdown(source);
    expect(container.textContent?.trim()).toBe(shown);
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});

describe('tables and memoisation', () => {
  it('aligns GFM table cells with classes, emitting no style attribute', () => {
    const container = renderMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |');
    expect(screen.getByRole('columnheader', { name: 'b' })).toHaveClass('markdown-align-center');
    expect(screen.getByRole('cell', { name: '3' })).toHaveClass('markdown-align-right');
    expect(screen.getByRole('cell', { name: '1' })).toHaveClass('markdown-align-left');
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('is a memoised component', () => {
    expect((Markdown as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.memo'));
  });
});

describe('safeLinkUrl and safeImageUrl', () => {
  it.each([
    ['java\tscript:alert(1)', undefined],
    ['java\nscript:alert(1)', undefined],
    [' \u0000javascript:alert(1)', undefined],
    ['JAVASCRIPT:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['/api/x', undefined],
    ['', undefined],
    [undefined, undefined],
    ['  https://example.com', 'https://example.com/'],
    ['mailto:a@b.c', 'mailto:a@b.c'],
  ])('judges the link %j as %j', (raw, href) => {
    expect(safeLinkUrl(raw)?.href).toBe(href);
  });

  it('refuses mailto for images', () => {
    expect(safeImageUrl('mailto:a@b.c')).toBeUndefined();
    expect(safeImageUrl('https://elsewhere/x.png')).toEqual({ href: 'https://elsewhere/x.png', host: 'elsewhere' });
  });
});

/** Sections of a long document (~45 characters of prose each line), `## Section N` headings. */
function longDocument(sections: number): string {
  const out: string[] = [];
  for (let i = 1; i <= sections; i += 1)
    out.push(`## Section ${i}`, '', ...Array.from({ length: 10 }, (_, k) => `- step ${k} of section ${i} with some words`), '');
  return out.join('\n');
}

/** Count the sources the markdown pipeline parses from now on. */
async function parseCounter(): Promise<() => number> {
  const stats = (await loadMarkdownRenderer())!.markdownParseStats;
  const before = stats.parses;
  return () => stats.parses - before;
}

describe('long texts', () => {
  it('renders a long text progressively: the start at once, the rest in later tasks', async () => {
    // ~14,000 characters: the first ~4,000 render at once, the rest in several later tasks.
    const { container } = render(<Markdown text={longDocument(30)} />);
    expect(screen.getByRole('heading', { name: 'Section 1' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Section 30' })).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { name: 'Section 30' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(30);
    expect(container.firstElementChild).not.toHaveAttribute('aria-busy');
  });

  it('renders a first block too big for one task in the next task, not with its container', async () => {
    const code = Array.from({ length: 800 }, (_, i) => `const step${i} = ${i};`).join('\n');
    const { container } = render(<Markdown text={`\`\`\`ts\n${code}\n\`\`\``} />);
    expect(container.querySelector('pre')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(container.querySelector('pre code')?.textContent).toBe(code));
  });

  it('renders a big table across tasks as the one table the whole text makes', async () => {
    // ~9,000 characters: over the table split (4,000), so its rows are parsed in groups across tasks.
    const rows = Array.from({ length: 150 }, (_, i) => `| ${i} | [link ${i}](https://example.com/${i}) | <i>${i}</i> |`);
    const text = ['| # | link | raw |', '|--:|---|:-:|', ...rows].join('\n');
    expect(text.length).toBeGreaterThan(2 * TABLE_SPLIT_CHARS);
    const { container } = render(<Markdown text={`${text}\n`} />);
    expect(container.querySelectorAll('tr').length).toBeLessThan(151);
    await waitFor(() => expect(container.querySelectorAll('tr')).toHaveLength(151));
    expect(container.querySelectorAll('table')).toHaveLength(1);
    const whole = render(<MarkdownBlock text={text} />).container;
    expect(container.querySelector('table')?.outerHTML).toBe(whole.querySelector('table')?.outerHTML);
  });

  it('re-parses only the open last chunk when a streamed text grows', async () => {
    const start = longDocument(40);
    const { rerender } = render(<Markdown text={start} />);
    await screen.findByRole('heading', { name: 'Section 40' });
    const parses = await parseCounter();
    rerender(<Markdown text={`${start}\nmore words`} />);
    rerender(<Markdown text={`${start}\nmore words and more`} />);
    expect(parses()).toBe(2);
    expect(screen.getByText(/more words and more/)).toBeInTheDocument();
  });

  it('does not parse again when re-rendered with the same text', async () => {
    const text = longDocument(3);
    const { rerender } = render(<Markdown text={text} />);
    const parses = await parseCounter();
    rerender(<Markdown text={text} />);
    rerender(<Markdown text={`${text}`} />);
    rerender(<Markdown text={`${text}!`} />);
    expect(parses()).toBe(1);
  });

  it('folds a very long line with a note, and shows all of it on request', async () => {
    const line = `**start** ${'word '.repeat(60_000)}END`;
    render(<Markdown text={`# Plan\n\n${line}\n\nafter`} />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      `Showing the first ${MAX_LINE_CHARS.toLocaleString('en')} characters of a very long line (${line.length.toLocaleString('en')} characters).`,
    );
    expect(screen.getByText('start').tagName).toBe('STRONG');
    expect(screen.queryByText(/END/)).toBeNull();
    await userEvent.setup().click(within(note).getByRole('button', { name: 'Show all' }));
    expect(screen.getByRole('note')).toHaveTextContent('shown in full as plain text');
    expect(screen.getByText(/END$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
  });

  it('shows a list nested too deeply as raw text with a note', async () => {
    const nested = Array.from({ length: 500 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    const { container } = render(<Markdown text={`# Plan\n\n${nested}`} />);
    expect(await screen.findByRole('note')).toHaveTextContent(`nested more than ${MAX_NESTING} levels deep`);
    expect(container.querySelector('pre')?.textContent).toBe(nested);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});

it('warms the pipeline on a sample without counting a parse or touching the document', async () => {
  const module = (await loadMarkdownRenderer())!;
  const before = module.markdownParseStats.parses;
  const nodes = document.body.childElementCount;
  module.warmMarkdownPipeline();
  expect(module.markdownParseStats.parses).toBe(before);
  expect(document.body.childElementCount).toBe(nodes);
});

/** The markup of a container's children with every element's attributes in name order (React and the DOM builder set them in different orders). */
function canonicalHtml(container: Element): string {
  const copy = container.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll('*')) {
    const attributes = Array.from(element.attributes, (a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return copy.innerHTML;
}

describe('blocks built as plain DOM', () => {
  const EVERY_KIND = [
    '# Title with `code` and <b>raw</b>',
    '',
    'A [safe](https://example.com "Tip"), a [relative](/api/x), a [script](javascript:alert(1)) and a <https://auto.link>.',
    '',
    '![alone](https://img.example/a.png) ![local](a.png) [![inside](https://img.example/b.png)](https://example.com/b)',
    '',
    '1. first',
    '   - [x] done',
    '   - [ ] open',
    '2. second with a footnote[^1]',
    '',
    '| left | centre | right |',
    '| :--- | :----: | ----: |',
    '| a | **b** | [c](https://c.example) |',
    '',
    '> quote with ~~strike~~',
    '',
    '<div onclick="x()">block html</div>',
    '',
    '---',
    '',
    '[^1]: The note.',
  ].join('\n');
  const controls = { boxClass: 'box', buttonClass: 'btn x', label: 'Comment', title: (block: { start: number; end: number }) => `${block.start}-${block.end}` };

  it.each([
    ['without controls', {}],
    ['with block controls and a line offset', { controls, offset: 7 }],
    ['as a title', { titled: true }],
  ])('equal the components’ DOM %s', (_, props) => {
    const plain = render(<MarkdownBlock text={EVERY_KIND} className="chunk" {...props} />).container;
    const components = render(
      <div className="chunk">
        <MarkdownBlock text={EVERY_KIND} {...props} />
      </div>,
    ).container;
    expect(plain.querySelector('a[title="Tip"]')).toHaveAttribute('href', 'https://example.com/');
    expect(canonicalHtml(plain)).toBe(canonicalHtml(components));
    expectInert(plain);
  });

  it('are built again in the language chosen', async () => {
    const { container } = render(<MarkdownBlock text="A [relative](/x) link and ![an image](https://img.example/a.png)." className="chunk" />);
    expect(container.querySelector('.markdown-link-inert')).toHaveAttribute('title', 'Not a web link: shown as text');
    act(() => useLanguageStore.setState({ chosen: 'zh-CN', packs: { 'zh-CN': { components: componentsZhCN } as LanguagePack } }));
    try {
      expect(container.querySelector('.markdown-link-inert')).toHaveAttribute('title', componentsZhCN.linkNotOpened);
      expect(container.querySelector('.markdown-image')).toHaveAttribute('title', componentsZhCN.imageOpenHint);
    } finally {
      act(() => useLanguageStore.setState({ chosen: 'en' }));
    }
  });

  it('keep a big table equal to a one-pass render while it streams, its rows outside React', async () => {
    const row = (i: number, tail = '') => `| ${i} | [link ${i}](https://example.com/${i}) | [rel](/x/${i}) ${tail}|`;
    const table = (n: number, tail = '') =>
      ['| # | link | rel |', '|--:|---|:-:|', ...Array.from({ length: n }, (_, i) => row(i, i === n - 1 ? tail : ''))].join('\n');
    const { container, rerender } = render(<Markdown text={table(150)} />);
    await waitFor(() => expect(container.querySelectorAll('tr')).toHaveLength(151));
    // The last group's text changes and a group is added (a streamed table).
    rerender(<Markdown text={table(260, 'more')} />);
    await waitFor(() => expect(container.querySelectorAll('tr')).toHaveLength(261));
    const whole = render(<MarkdownBlock text={table(260, 'more')} />).container;
    expect(canonicalHtml(container.querySelector('table')!)).toBe(canonicalHtml(whole.querySelector('table')!));
    expect(container.querySelectorAll('table')).toHaveLength(1);
  });

  it('fall back to the components for a block holding code, which is highlighted as before', async () => {
    const { container } = render(<MarkdownBlock text={'Intro\n\n```ts\nconst x = 1;\n```'} className="chunk" />);
    expect(container.querySelector('.chunk > p')).toHaveTextContent('Intro');
    await waitFor(() => expect(container.querySelector('pre code')?.textContent).toBe('const x = 1;'));
  });
});

it('warms in several steps (one idle callback each), none counting a parse', async () => {
  const module = (await loadMarkdownRenderer())!;
  const steps = module.warmMarkdownSteps();
  expect(steps.length).toBeGreaterThan(1);
  const before = module.markdownParseStats.parses;
  const nodes = document.body.childElementCount;
  for (const step of steps) {
    step();
    expect(module.markdownParseStats.parses).toBe(before);
  }
  expect(document.body.childElementCount).toBe(nodes);
});
