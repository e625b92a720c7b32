/**
 * The hardened markdown pipeline of the Markdown component (`markdown.tsx`), in its own lazy chunk: GFM through
 * unified (`remark-parse` + `remark-gfm`, `remark-rehype`, `hast-util-to-jsx-runtime`) for text written by a model or
 * a hostile log; rendered elements keep no syntax tree (the block controls' lines are props). Invariants: raw HTML is literal text,
 * never dropped or executed; a link opens (new tab, `rel="noopener noreferrer"`) only for an absolute http(s)/mailto
 * address (`safeLinkUrl`), any other is a non-navigating `span`; no image is ever fetched on render (a placeholder
 * "Image: alt — host", a link for an http(s) source); no `style` attribute is emitted (GFM alignment is a class).
 */
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { Children, createContext, memo, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { useCopy } from '../lib/language.ts';
import { componentsLocales } from './locales.ts';
import { BlockControlsContext, LineOffsetContext, type RenderedBlock } from './markdown-block-controls.ts';
import { CodeBlock } from './markdown-code.tsx';
import { useSlicedCount } from './markdown-slices.ts';
import { safeImageUrl, safeLinkUrl } from './safe-url.ts';

export { CodeBlock };

/** Minimal mdast node shape the HTML-as-text plugin walks (mdast `Node`/`Parent`). */
type MdNode = { type: string; value?: string; children?: MdNode[]; data?: Record<string, unknown>; align?: unknown };

/** A node's source position (mdast and hast), lines 1-based. */
type Positioned = { position?: { start: { line: number }; end: { line: number } } | undefined };

/** Containers whose children are flow (block) content: a block `html` node there becomes its own paragraph. */
const FLOW_PARENTS: ReadonlySet<string> = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function htmlToText(parent: MdNode): void {
  const children = parent.children;
  if (!children) return;
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i]!;
    if (child.type === 'html') {
      const text: MdNode = { type: 'text', value: child.value ?? '' };
      // A block keeps the source position of its HTML (block controls anchor on it).
      const block = { type: 'paragraph', children: [text], data: { hProperties: { className: ['markdown-raw'] } }, position: (child as Positioned).position };
      children[i] = FLOW_PARENTS.has(parent.type) ? (block as MdNode) : text;
    } else {
      htmlToText(child);
    }
  }
}

/**
 * How many markdown sources the pipeline has parsed since the page loaded (one per `MarkdownBlock` render that
 * parsed): tests and benchmarks read it to prove that unchanged text is not parsed again.
 */
export const markdownParseStats = { parses: 0 };

/**
 * A remark plugin that turns every raw HTML node (block or inline, comments included) into a text node with the
 * same source, so it is shown verbatim ("raw HTML is shown as literal text everywhere").
 * @returns the tree transformer (mutates the tree in place)
 */
export function remarkHtmlAsText() {
  return (tree: MdNode) => {
    markdownParseStats.parses += 1;
    htmlToText(tree);
  };
}

const remarkPlugins = [remarkGfm, remarkHtmlAsText];

// Links cannot nest: an image inside a link shows as text, the link itself stays clickable.
const InsideLink = createContext(false);

function alignClass(style: unknown, className: string | undefined): string | undefined {
  const align = typeof style === 'object' && style !== null ? (style as { textAlign?: unknown }).textAlign : undefined;
  const classes = [className, typeof align === 'string' && /^(left|center|right)$/.test(align) ? `markdown-align-${align}` : undefined].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

function MarkdownLink({ href, title, children }: { href?: string | undefined; title?: string | undefined; children?: ReactNode }) {
  const copy = useCopy(componentsLocales);
  const safe = safeLinkUrl(href);
  if (safe === undefined) {
    return (
      <InsideLink.Provider value={true}>
        <span className="markdown-link-inert" title={copy.linkNotOpened}>
          {children}
        </span>
      </InsideLink.Provider>
    );
  }
  return (
    <InsideLink.Provider value={true}>
      <a href={safe.href} title={title} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    </InsideLink.Provider>
  );
}

function MarkdownImage({ src, alt }: { src?: unknown; alt?: string | undefined }) {
  const insideLink = useContext(InsideLink);
  const copy = useCopy(componentsLocales);
  const safe = safeImageUrl(typeof src === 'string' ? src : undefined);
  const label = copy.imagePlaceholder(alt ?? '', safe?.host);
  if (safe === undefined || insideLink) return <span className="markdown-image">{label}</span>;
  return (
    <a className="markdown-image" href={safe.href} target="_blank" rel="noopener noreferrer" title={copy.imageOpenHint}>
      {label}
    </a>
  );
}

/** Minimal hast node shape the plugins below walk. */
type HastNode = {
  type: string;
  tagName?: string;
  value?: unknown;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  position?: { start: { line: number }; end: { line: number } } | undefined;
};

/** The text of a hast node (a code element's text children, nested or not). */
function textOf(node: HastNode): string {
  if (node.type === 'text' && typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

/** The language of a fenced code element (`language-ts` → `ts`), if it names one. */
function languageOf(className: unknown): string | undefined {
  const classes = Array.isArray(className) ? className : [];
  const name = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return name === undefined ? undefined : name.slice('language-'.length);
}

/** The block kind of an element that gets a block control, by tag. */
const BLOCK_KINDS: Readonly<Record<string, RenderedBlock['kind']>> = {
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  p: 'paragraph',
  li: 'list-item',
  tr: 'table-row',
  pre: 'code',
};

const LIST_TAGS: ReadonlySet<string> = new Set(['ul', 'ol']);

/**
 * Stamp each block that gets a control with its source lines (`data-md-lines="start-end"`, within the parsed
 * source), a list item also with the index of the child its control goes before (`data-md-split`, its first nested
 * list), and turn a code block's `pre > code` into the code's text and language (`data-md-code`,
 * `data-md-language`): the components read these props, so nothing keeps the tree once it is rendered. A block inside
 * a list item that has its own control gets none (the item's control covers it); a table row always gets one.
 */
function stampBlocks(node: HastNode, inItem: boolean): void {
  for (const child of node.children ?? []) {
    if (child.type !== 'element') continue;
    const tag = child.tagName ?? '';
    const kind = BLOCK_KINDS[tag];
    const position = child.position;
    let childInItem = inItem;
    if (kind === 'code') {
      const code = child.children?.find((kid) => kid.type === 'element' && kid.tagName === 'code');
      if (code !== undefined) {
        child.properties = { ...child.properties, dataMdCode: textOf(code).replace(/\n$/, ''), dataMdLanguage: languageOf(code.properties?.className) };
        child.children = [];
        if (position !== undefined && !inItem) child.properties.dataMdLines = `${position.start.line}-${position.end.line}`;
      }
    } else if (kind !== undefined && position !== undefined && (!inItem || kind === 'list-item' || kind === 'table-row')) {
      let end = position.end.line;
      if (kind === 'list-item') {
        const kids = child.children ?? [];
        const split = kids.findIndex(
          (kid) => kid.type === 'element' && LIST_TAGS.has(kid.tagName ?? '') && (kid.position?.start.line ?? 0) > position.start.line,
        );
        const nestedStart = split >= 0 ? kids[split]!.position?.start.line : undefined;
        if (nestedStart !== undefined) end = nestedStart - 1;
        child.properties = { ...child.properties, dataMdSplit: split };
        childInItem = true;
      }
      child.properties = { ...child.properties, dataMdLines: `${position.start.line}-${end}` };
    } else if (kind === 'list-item') {
      childInItem = false;
    }
    stampBlocks(child, childInItem);
  }
}

/** The block of `lines` ("start-end" within the parsed source), or undefined without one. */
function blockOf(kind: RenderedBlock['kind'], lines: unknown, offset: number): RenderedBlock | undefined {
  if (typeof lines !== 'string') return undefined;
  const dash = lines.indexOf('-');
  return { kind, start: offset + Number(lines.slice(0, dash)), end: offset + Number(lines.slice(dash + 1)) };
}

/** The control after a block (see `markdown-block-controls.ts`); `null` without controls or without lines. */
function useBlockControl(kind: RenderedBlock['kind'], lines: unknown): ReactNode {
  const controls = useContext(BlockControlsContext);
  const offset = useContext(LineOffsetContext);
  const block = controls === undefined ? undefined : blockOf(kind, lines, offset);
  return block === undefined ? null : controls!(block);
}

type BlockProps = { children?: ReactNode; className?: string | undefined; 'data-md-lines'?: string | undefined };

function Heading({ level, children, className, 'data-md-lines': lines }: BlockProps & { level: number }) {
  const control = useBlockControl('heading', lines);
  const Tag = `h${level}` as 'h1';
  return (
    <>
      <Tag className={className}>{children}</Tag>
      {control}
    </>
  );
}

function Paragraph({ children, className, 'data-md-lines': lines }: BlockProps) {
  const control = useBlockControl('paragraph', lines);
  return (
    <>
      <p className={className}>{children}</p>
      {control}
    </>
  );
}

/** A list item: its lines end before its first nested list, and its control goes there. */
function ListItem({ children, className, 'data-md-lines': lines, 'data-md-split': split }: BlockProps & { 'data-md-split'?: number | undefined }) {
  const control = useBlockControl('list-item', lines);
  if (control === null) return <li className={className}>{children}</li>;
  const all = Children.toArray(children);
  const cut = split === undefined || split < 0 ? all.length : split;
  return (
    <li className={className}>
      {all.slice(0, cut)}
      {control}
      {all.slice(cut)}
    </li>
  );
}

function TableRow({ children, 'data-md-lines': lines }: BlockProps) {
  const control = useBlockControl('table-row', lines);
  return (
    <tr>
      {children}
      {control !== null ? <td className="markdown-block-cell">{control}</td> : null}
    </tr>
  );
}

function Pre({
  children,
  'data-md-lines': lines,
  'data-md-code': code,
  'data-md-language': language,
}: BlockProps & { 'data-md-code'?: string; 'data-md-language'?: string }) {
  const control = useBlockControl('code', lines);
  if (code === undefined) return <pre>{children}</pre>;
  return (
    <>
      <CodeBlock code={code} language={language} />
      {control}
    </>
  );
}

const heading = (level: number) =>
  function HeadingOf(props: BlockProps) {
    return <Heading level={level} {...props} />;
  };

const components: Components = {
  // A fenced or indented code block: copy button and lazy highlighting (markdown-code.tsx).
  pre: Pre,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  p: Paragraph,
  li: ListItem,
  tr: TableRow,
  a: ({ href, title, children }) => (
    <MarkdownLink href={href} title={title}>
      {children}
    </MarkdownLink>
  ),
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
  th: ({ style, className, children }) => <th className={alignClass(style, className)}>{children}</th>,
  td: ({ style, className, children }) => <td className={alignClass(style, className)}>{children}</td>,
};

const HEADING = /^h[1-6]$/;

function firstHeading(node: HastNode): HastNode | undefined {
  if (node.type === 'element' && node.tagName !== undefined && HEADING.test(node.tagName)) return node;
  for (const child of node.children ?? []) {
    const found = firstHeading(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * A rehype plugin that gives the first heading of the tree, whatever its level, the class `markdown-title` (a
 * plan's own title is its first heading, and the card shows it as its largest heading).
 * @returns the tree transformer (mutates the tree in place)
 */
export function rehypeTitle() {
  return (tree: HastNode) => {
    const heading = firstHeading(tree);
    if (heading === undefined) return;
    const className = heading.properties?.className;
    heading.properties = { ...heading.properties, className: [...(Array.isArray(className) ? className : []), 'markdown-title'] };
  };
}

/** A raw HTML node left in the hast (none after `remarkHtmlAsText`; dropped as `skipHtml` would) is removed. */
function dropRaw(node: HastNode): void {
  const children = node.children;
  if (children === undefined) return;
  for (let i = children.length - 1; i >= 0; i -= 1) {
    if (children[i]!.type === 'raw') children.splice(i, 1);
    else dropRaw(children[i]!);
  }
}

/** The rehype plugin of {@link stampBlocks} (and {@link dropRaw}). */
function rehypeStampBlocks() {
  return (tree: HastNode) => {
    dropRaw(tree);
    stampBlocks(tree, false);
  };
}

const blockProcessor = unified().use(remarkParse).use(remarkPlugins).use(remarkRehype).use(rehypeStampBlocks).freeze();
const titleProcessor = unified().use(remarkParse).use(remarkPlugins).use(remarkRehype).use(rehypeTitle).use(rehypeStampBlocks).freeze();

/**
 * The React elements of a markdown source, or of an already parsed mdast tree: remark (GFM, raw HTML as text),
 * remark-rehype, the title and block stamps, then `hast-util-to-jsx-runtime` with `components`. No element keeps its
 * hast node (`passNode` off), so the trees are garbage once rendered.
 * @param source the markdown text, or an mdast root to run the transforms on
 */
function renderMarkdown(source: string | MdNode, titled: boolean, map: Components = components): ReactElement {
  const processor = titled ? titleProcessor : blockProcessor;
  const mdast = typeof source === 'string' ? processor.parse(source) : (source as ReturnType<typeof processor.parse>);
  const hast = processor.runSync(mdast);
  return toJsxRuntime(hast, { Fragment, jsx, jsxs, components: map, ignoreInvalidStyle: true, passKeys: true, passNode: false });
}

/**
 * Parse and render one markdown segment (a chunk of a longer text, see `markdown-blocks.ts`) with the hardening
 * rules of the module header; no wrapper element. Memoised on `text` and `titled`, so an unchanged chunk is never
 * re-parsed. `Use Vec<u8> and the <channel> tag.` shows as is; a relative address (`/api/…`, `foo.md`, `#x`) or any
 * other scheme is a `span` with the link text, so it can neither run script nor move the app; an image inside a link
 * is plain text, as links do not nest.
 * @param text the markdown source of the chunk (untrusted)
 * @param titled its first heading is the title of the whole text (class `markdown-title`)
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text, titled = false }: { text: string; titled?: boolean | undefined }) {
  return renderMarkdown(text, titled);
});

/** A small plan with every block kind the pipeline meets first: a title, a list, a table, code, a quote, a link. */
const WARM_SAMPLE = [
  '# Plan',
  '',
  'Intro with `code`, **bold**, _emphasis_ and a [link](https://example.com).',
  '',
  '1. First step',
  '   - nested item',
  '2. Second step',
  '',
  '| a | b |',
  '| - | :-: |',
  '| 1 | 2 |',
  '',
  '> quote',
  '',
  '```ts',
  'const x = 1;',
  '```',
].join('\n');

/**
 * Run the whole pipeline once (parse, transforms, hast → React elements; nothing is rendered or kept) on a small
 * sample, so the first review card of a page does not pay the parser's first-run compilation on its frame. Meant for
 * idle time right after the chunk loads; not counted in `markdownParseStats`.
 */
export function warmMarkdownPipeline(): void {
  const parses = markdownParseStats.parses;
  renderMarkdown(WARM_SAMPLE, true);
  markdownParseStats.parses = parses;
}

const tableParser = unified().use(remarkParse).use(remarkGfm);

/** Parse `head` + one group of body rows: the header row, the column alignment and the body rows (mdast). */
function parseTableGroup(head: string, rows: string): { header: MdNode | undefined; align: unknown; rows: MdNode[] } {
  const table = (tableParser.parse(`${head}\n${rows}`) as MdNode).children?.[0];
  if (table?.type !== 'table') return { header: undefined, align: undefined, rows: [] };
  const [header, ...body] = table.children ?? [];
  return { header, align: table.align, rows: body };
}

/** A parsed row with its source lines moved down by `lines` (a copy; the cached row stays as parsed). */
function shiftedLines(row: MdNode, lines: number): MdNode {
  const position = (row as Positioned).position;
  if (position === undefined) return row;
  const move = (point: { line: number }) => ({ ...point, line: point.line + lines });
  return { ...row, position: { start: move(position.start), end: move(position.end) } } as MdNode;
}

/** Row groups kept parsed, most recently used last; bounded so a long session does not keep every table forever. */
const TABLE_GROUP_CACHE_MAX = 512;
const tableGroupCache = new Map<string, ReturnType<typeof parseTableGroup>>();

/**
 * {@link parseTableGroup}, memoised on its text (a pure function of `head` and `rows`), so a growing table
 * re-parses only its new group and a re-render parses nothing; kept outside React (no ref read during render).
 */
function parsedTableGroup(head: string, rows: string): ReturnType<typeof parseTableGroup> {
  const key = `${head}\u0000${rows}`;
  let result = tableGroupCache.get(key);
  if (result === undefined) {
    result = parseTableGroup(head, rows);
    if (tableGroupCache.size >= TABLE_GROUP_CACHE_MAX) tableGroupCache.delete(tableGroupCache.keys().next().value!);
  } else {
    tableGroupCache.delete(key);
  }
  tableGroupCache.set(key, result);
  return result;
}

/** Renders a parsed table's header row alone (the table and body around it are the caller's). */
const headComponents: Components = { ...components, table: ({ children }) => <>{children}</>, thead: ({ children }) => <>{children}</>, tbody: () => null };
/** Renders a parsed table's body rows alone (its header row is in the first group's `thead`). */
const bodyComponents: Components = { ...components, table: ({ children }) => <>{children}</>, thead: () => null, tbody: ({ children }) => <>{children}</> };

/**
 * The header row (`part: 'head'`) or the body rows of one group of a big table, through the same hardened pipeline
 * as `MarkdownBlock`: the group is parsed after the head (`parsedTableGroup`) and its rows' lines moved down by
 * `shift`. Memoised on its props, so a table that gains a group renders only the new one.
 */
const TableRows = memo(function TableRows({ head, rows, shift, part }: { head: string; rows: string; shift: number; part: 'head' | 'body' }) {
  const group = parsedTableGroup(head, rows);
  if (group.header === undefined) return null;
  const body = part === 'head' ? [] : shift === 0 ? group.rows : group.rows.map((row) => shiftedLines(row, shift));
  const tree: MdNode = { type: 'root', children: [{ type: 'table', align: group.align, children: [group.header, ...body] }] };
  // The tree runs through the same transforms (raw HTML as text, …) and components as a parsed source.
  return renderMarkdown(tree, false, part === 'head' ? headComponents : bodyComponents);
});

/**
 * A big GFM table (a `table` segment of `markdown-blocks.ts`) shown as one table that grows by groups of rows, one
 * group per commit in slices of about `SLICE_MS` (`useSlicedCount`; no single long task, no earlier group rendered
 * again), through the same hardened pipeline as `MarkdownBlock`.
 * @param head the header and delimiter lines
 * @param rows the body lines in groups (each parsed once and kept while its text is unchanged)
 */
export const MarkdownTable = memo(function MarkdownTable({ head, rows }: { head: string; rows: readonly string[] }) {
  const count = useSlicedCount(rows.length, 1);
  // Every group is parsed after the head alone: its rows' lines move down by the lines of the groups before it.
  const shifts = useMemo(() => {
    const out: number[] = [];
    let shift = 0;
    for (const group of rows) {
      out.push(shift);
      shift += group.split('\n').length;
    }
    return out;
  }, [rows]);
  if (rows.length === 0) return null;
  return (
    <table>
      <thead>
        <TableRows head={head} rows={rows[0]!} shift={0} part="head" />
      </thead>
      <tbody>
        {rows.slice(0, count).map((group, i) => (
          <TableRows key={i} head={head} rows={group} shift={shifts[i]!} part="body" />
        ))}
      </tbody>
    </table>
  );
});
