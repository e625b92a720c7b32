/**
 * The hardened markdown pipeline of the Markdown component (`markdown.tsx`), in its own lazy chunk: GFM through
 * `react-markdown` + `remark-gfm` for text written by a model or a hostile log. Invariants: raw HTML is literal text,
 * never dropped or executed; a link opens (new tab, `rel="noopener noreferrer"`) only for an absolute http(s)/mailto
 * address (`safeLinkUrl`), any other is a non-navigating `span`; no image is ever fetched on render (a placeholder
 * "Image: alt — host", a link for an http(s) source); no `style` attribute is emitted (GFM alignment is a class).
 */
import { Children, createContext, memo, useContext, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { useCopy } from '../lib/language.ts';
import { componentsLocales } from './locales.ts';
import { BlockControlsContext, InBlockContext, LineOffsetContext, type RenderedBlock } from './markdown-block-controls.ts';
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

const keepUrl = (url: string) => url;

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

/** The text of a hast node (a code element's text children, nested or not). */
function textOf(node: { type: string; value?: unknown; children?: readonly unknown[] } | undefined): string {
  if (node === undefined) return '';
  if (node.type === 'text' && typeof node.value === 'string') return node.value;
  return (node.children ?? []).map((child) => textOf(child as Parameters<typeof textOf>[0])).join('');
}

/** The language of a fenced code element (`language-ts` → `ts`), if it names one. */
function languageOf(className: unknown): string | undefined {
  const classes = Array.isArray(className) ? className : [];
  const name = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return name === undefined ? undefined : name.slice('language-'.length);
}

type HastElement = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: readonly unknown[] };

type BlockNode = (HastElement & Positioned) | undefined;

const LIST_TAGS: ReadonlySet<string> = new Set(['ul', 'ol']);

/** The control after a block (see `markdown-block-controls.ts`); `null` without controls, inside a list item, or without positions. */
function useBlockControl(node: BlockNode, kind: RenderedBlock['kind'], end?: number): ReactNode {
  const controls = useContext(BlockControlsContext);
  const offset = useContext(LineOffsetContext);
  const inBlock = useContext(InBlockContext);
  const position = node?.position;
  if (controls === undefined || position === undefined || (inBlock && kind !== 'list-item' && kind !== 'table-row')) return null;
  return controls({ kind, start: offset + position.start.line, end: offset + (end ?? position.end.line) });
}

type BlockProps = { node: BlockNode; children?: ReactNode; className?: string | undefined };

function Heading({ node, level, children, className }: BlockProps & { level: number }) {
  const control = useBlockControl(node, 'heading');
  const Tag = `h${level}` as 'h1';
  return (
    <>
      <Tag className={className}>{children}</Tag>
      {control}
    </>
  );
}

function Paragraph({ node, children, className }: BlockProps) {
  const control = useBlockControl(node, 'paragraph');
  return (
    <>
      <p className={className}>{children}</p>
      {control}
    </>
  );
}

/** A list item: its lines end before its first nested list, and its control goes there. */
function ListItem({ node, children, className }: BlockProps) {
  const kids = (node?.children ?? []) as readonly (HastElement & Positioned)[];
  const start = node?.position?.start.line;
  const split = kids.findIndex(
    (kid) => kid.type === 'element' && LIST_TAGS.has(kid.tagName ?? '') && start !== undefined && (kid.position?.start.line ?? 0) > start,
  );
  const nestedStart = split >= 0 ? kids[split]!.position?.start.line : undefined;
  const control = useBlockControl(node, 'list-item', nestedStart !== undefined ? nestedStart - 1 : undefined);
  const all = Children.toArray(children);
  const cut = control === null || split < 0 ? all.length : split;
  return (
    <li className={className}>
      <InBlockContext.Provider value={control !== null}>
        {all.slice(0, cut)}
        {control}
        {all.slice(cut)}
      </InBlockContext.Provider>
    </li>
  );
}

function TableRow({ node, children }: BlockProps) {
  const control = useBlockControl(node, 'table-row');
  return (
    <tr>
      {children}
      {control !== null ? <td className="markdown-block-cell">{control}</td> : null}
    </tr>
  );
}

function Pre({ node, children }: BlockProps) {
  const control = useBlockControl(node, 'code');
  const code = (node?.children as readonly HastElement[] | undefined)?.find((child) => child.type === 'element' && child.tagName === 'code');
  if (code === undefined) return <pre>{children}</pre>;
  const text = textOf(code).replace(/\n$/, '');
  return (
    <>
      <CodeBlock code={text} language={languageOf(code.properties?.className)} />
      {control}
    </>
  );
}

const components: Components = {
  // A fenced or indented code block: copy button and lazy highlighting (markdown-code.tsx).
  pre: ({ node, children }) => <Pre node={node as BlockNode}>{children}</Pre>,
  h1: ({ node, children, className }) => (
    <Heading node={node as BlockNode} level={1} className={className}>
      {children}
    </Heading>
  ),
  h2: ({ node, children, className }) => (
    <Heading node={node as BlockNode} level={2} className={className}>
      {children}
    </Heading>
  ),
  h3: ({ node, children, className }) => (
    <Heading node={node as BlockNode} level={3} className={className}>
      {children}
    </Heading>
  ),
  h4: ({ node, children, className }) => (
    <Heading node={node as BlockNode} level={4} className={className}>
      {children}
    </Heading>
  ),
  h5: ({ node, children, className }) => (
    <Heading node={node as BlockNode} level={5} className={className}>
      {children}
    </Heading>
  ),
  h6: ({ node, children, className }) => (
    <Heading node={node as BlockNode} level={6} className={className}>
      {children}
    </Heading>
  ),
  p: ({ node, children, className }) => (
    <Paragraph node={node as BlockNode} className={className}>
      {children}
    </Paragraph>
  ),
  li: ({ node, children, className }) => (
    <ListItem node={node as BlockNode} className={className}>
      {children}
    </ListItem>
  ),
  tr: ({ node, children }) => <TableRow node={node as BlockNode}>{children}</TableRow>,
  a: ({ href, title, children }) => (
    <MarkdownLink href={href} title={title}>
      {children}
    </MarkdownLink>
  ),
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
  th: ({ style, className, children }) => <th className={alignClass(style, className)}>{children}</th>,
  td: ({ style, className, children }) => <td className={alignClass(style, className)}>{children}</td>,
};

/** Minimal hast node shape the title and position plugins walk. */
type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[]; position?: unknown };

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

/** Elements whose source lines the block controls read (`useBlockControl`, `ListItem`): they keep `position`. */
const POSITIONED: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'tr', 'pre', 'ul', 'ol']);

function dropInlinePositions(node: HastNode): void {
  for (const child of node.children ?? []) {
    if (child.type !== 'element' || !POSITIONED.has(child.tagName ?? '')) delete child.position;
    dropInlinePositions(child);
  }
}

/**
 * A rehype plugin that keeps `position` only on the blocks whose lines the block controls read (headings,
 * paragraphs, lists and their items, table rows, code) and drops it from every other node: the rendered components
 * keep their hast nodes for as long as the text is shown, and these positions were most of a long plan's heap.
 * @returns the tree transformer (mutates the tree in place)
 */
function rehypeBlockPositionsOnly() {
  return (tree: HastNode) => dropInlinePositions(tree);
}

const blockPlugins = [rehypeBlockPositionsOnly];
const titlePlugins = [rehypeTitle, rehypeBlockPositionsOnly];

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
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={titled ? titlePlugins : blockPlugins} components={components} urlTransform={keepUrl} skipHtml>
      {text}
    </ReactMarkdown>
  );
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
  ReactMarkdown({ children: WARM_SAMPLE, remarkPlugins, rehypePlugins: titlePlugins, components, urlTransform: keepUrl, skipHtml: true });
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
  // The tree replaces the (empty) parsed source; the HTML-as-text plugin and the components then apply as usual.
  const plugins = [() => () => tree, remarkHtmlAsText];
  return (
    <ReactMarkdown
      remarkPlugins={plugins}
      rehypePlugins={blockPlugins}
      components={part === 'head' ? headComponents : bodyComponents}
      urlTransform={keepUrl}
      skipHtml
    >
      {''}
    </ReactMarkdown>
  );
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
