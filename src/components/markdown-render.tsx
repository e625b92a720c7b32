/**
 * The hardened markdown pipeline of the Markdown component (`markdown.tsx`), in its own lazy chunk: GFM through
 * unified (`remark-parse` + `remark-gfm`, `remark-rehype`, `hast-util-to-jsx-runtime`) for text written by a model or
 * a hostile log; rendered elements keep no syntax tree (the block controls' lines are props). Invariants: raw HTML is literal text,
 * never dropped or executed; a link opens (new tab, `rel="noopener noreferrer"`) only for an absolute http(s)/mailto
 * address (`safeLinkUrl`), any other is a non-navigating `span`; no image is ever fetched on render (a placeholder
 * "Image: alt — host", a link for an http(s) source); no `style` attribute is emitted (GFM alignment is a class).
 */
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { toDom } from 'hast-util-to-dom';
import { createContext, memo, useContext, useLayoutEffect, useMemo, useRef, type ReactElement, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { useCopy } from '../lib/language.ts';
import { componentsLocales, type ComponentsCopy } from './locales.ts';
import type { BlockControls, RenderedBlock } from './markdown-block-controls.ts';
import { CodeBlock } from './markdown-code.tsx';
import { useSlicedCount } from './markdown-slices.ts';
import { safeImageUrl, safeLinkUrl } from './safe-url.ts';
import { showBidiControls } from './bidi-controls.ts';

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
const CELL_TAGS: ReadonlySet<string> = new Set(['td', 'th']);
const ALIGNMENTS: ReadonlySet<unknown> = new Set(['left', 'center', 'right']);

/**
 * Prepare the tree for plain elements: bidi controls in its text are shown as markers (`bidi-controls.ts`), a code block's `pre > code` becomes the code's text and language on the `pre`
 * (`data-md-code`, `data-md-language`, read by the `pre` component), and a table cell's GFM alignment becomes the
 * class `markdown-align-*` (never a `style` attribute).
 */
function prepareTree(node: HastNode): void {
  for (const child of node.children ?? []) {
    if (child.type === 'text' && typeof child.value === 'string') child.value = showBidiControls(child.value);
    if (child.type !== 'element') continue;
    if (child.tagName === 'pre') {
      const code = child.children?.find((kid) => kid.type === 'element' && kid.tagName === 'code');
      if (code !== undefined) {
        child.properties = { ...child.properties, dataMdCode: textOf(code).replace(/\n$/, ''), dataMdLanguage: languageOf(code.properties?.className) };
        child.children = [];
        continue;
      }
    } else if (CELL_TAGS.has(child.tagName ?? '') && child.properties?.align !== undefined) {
      const { align, className, ...rest } = child.properties;
      const classes = [...(Array.isArray(className) ? className : []), ...(ALIGNMENTS.has(align) ? [`markdown-align-${String(align)}`] : [])];
      child.properties = classes.length > 0 ? { ...rest, className: classes } : rest;
    }
    prepareTree(child);
  }
}

/** A block's control box as a hast element (see {@link BlockControls}). */
function controlBox(controls: BlockControls, block: RenderedBlock): HastNode {
  const button: HastNode = {
    type: 'element',
    tagName: 'button',
    properties: {
      type: 'button',
      className: controls.buttonClass.split(' '),
      title: controls.title(block),
      ...(controls.name ? { ariaLabel: controls.name(block) } : {}),
      ariaExpanded: 'false',
    },
    children: [{ type: 'text', value: controls.label }],
  };
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: controls.boxClass.split(' '), dataLines: `${block.start}-${block.end}` },
    children: [button],
  };
}

/**
 * Put a control box after each block of `node`'s subtree (`markdown-block-controls.ts`): after a heading, paragraph
 * or code block; inside a list item before its first nested list (its lines end there); in a last cell of a table
 * row. A block inside a list item that has its own control gets none (the item's control covers it); a table row and
 * a nested list item always get one. Each heading gets `data-line` (its first line). Lines are the parser's plus
 * `offset`.
 */
function insertControls(node: HastNode, inItem: boolean, offset: number, controls: BlockControls): void {
  const children = node.children;
  if (children === undefined) return;
  const out: HastNode[] = [];
  for (const child of children) {
    out.push(child);
    if (child.type !== 'element') continue;
    const kind = BLOCK_KINDS[child.tagName ?? ''];
    const position = child.position;
    if (kind === 'list-item') {
      const kids = child.children ?? [];
      const start = position?.start.line;
      const split = kids.findIndex(
        (kid) => kid.type === 'element' && LIST_TAGS.has(kid.tagName ?? '') && start !== undefined && (kid.position?.start.line ?? 0) > start,
      );
      insertControls(child, position !== undefined, offset, controls);
      if (position === undefined) continue;
      const nestedStart = split >= 0 ? kids[split]!.position?.start.line : undefined;
      const box = controlBox(controls, {
        kind,
        start: offset + position.start.line,
        end: offset + (nestedStart !== undefined ? nestedStart - 1 : position.end.line),
      });
      const at = split >= 0 ? child.children!.indexOf(kids[split]!) : -1;
      if (at >= 0) child.children!.splice(at, 0, box);
      else child.children!.push(box);
      continue;
    }
    insertControls(child, inItem, offset, controls);
    if (kind === undefined || position === undefined) continue;
    const block = { kind, start: offset + position.start.line, end: offset + position.end.line };
    // Every heading carries its first source line, also inside a list item (where the item's control covers it).
    if (kind === 'heading') child.properties = { ...child.properties, dataLine: String(block.start) };
    if (kind === 'table-row') {
      child.children = [
        ...(child.children ?? []),
        { type: 'element', tagName: 'td', properties: { className: ['markdown-block-cell'] }, children: [controlBox(controls, block)] },
      ];
    } else if (!inItem && (kind !== 'code' || child.properties?.dataMdCode !== undefined)) {
      out.push(controlBox(controls, block));
    }
  }
  node.children = out;
}

/**
 * A block's control box as React elements, for a block the pipeline does not parse (a big code segment).
 * @param controls the caller's block controls
 * @param block the block and its source lines in the whole text
 */
export function controlBoxElement(controls: BlockControls, block: RenderedBlock): ReactElement {
  return toJsxRuntime(controlBox(controls, block) as Parameters<typeof toJsxRuntime>[0], { Fragment, jsx, jsxs, passKeys: true, passNode: false });
}

function Pre({ children, 'data-md-code': code, 'data-md-language': language }: { children?: ReactNode; 'data-md-code'?: string; 'data-md-language'?: string }) {
  if (code === undefined) return <pre>{children}</pre>;
  return <CodeBlock code={code} language={language} />;
}

const components: Components = {
  // A fenced or indented code block: copy button and lazy highlighting (markdown-code.tsx).
  pre: Pre,
  a: ({ href, title, children }) => (
    <MarkdownLink href={href} title={title}>
      {children}
    </MarkdownLink>
  ),
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
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

/** The rehype plugin of {@link prepareTree} (and {@link dropRaw}). */
function rehypePrepare() {
  return (tree: HastNode) => {
    dropRaw(tree);
    prepareTree(tree);
  };
}

const blockProcessor = unified().use(remarkParse).use(remarkPlugins).use(remarkRehype).use(rehypePrepare).freeze();
const titleProcessor = unified().use(remarkParse).use(remarkPlugins).use(remarkRehype).use(rehypeTitle).use(rehypePrepare).freeze();

/** Keep only the `part` (`thead` or `tbody`) of each table in `tree`: the other part's rows get no controls either. */
function keepOnly(tree: HastNode, part: 'thead' | 'tbody'): void {
  for (const child of tree.children ?? []) {
    if (child.type === 'element' && child.tagName === 'table') {
      child.children = child.children?.filter((kid) => kid.type !== 'element' || kid.tagName === part);
    }
  }
}

/** Block controls and the line offset of the source they are rendered with (`markdown-block-controls.ts`). */
type Controlled = { controls?: BlockControls | undefined; offset?: number | undefined };

/**
 * The hast of a markdown source, or of an already parsed mdast tree, ready to render: remark (GFM, raw HTML as text),
 * remark-rehype, the title, the block controls (lines are the parser's plus `offset`).
 * @param source the markdown text, or an mdast root to run the transforms on
 */
function markdownTree(source: string | MdNode, titled: boolean, { controls, offset = 0 }: Controlled, only?: 'thead' | 'tbody'): HastNode {
  const processor = titled ? titleProcessor : blockProcessor;
  const mdast = typeof source === 'string' ? processor.parse(source) : (source as ReturnType<typeof processor.parse>);
  const hast = processor.runSync(mdast) as HastNode;
  if (only !== undefined) keepOnly(hast, only);
  if (controls !== undefined) insertControls(hast, false, offset, controls);
  return hast;
}

/** The React elements of a prepared hast tree (`hast-util-to-jsx-runtime` with `components`; no element keeps its node). */
function elementsOf(hast: HastNode): ReactElement {
  return toJsxRuntime(hast as Parameters<typeof toJsxRuntime>[0], {
    Fragment,
    jsx,
    jsxs,
    components,
    ignoreInvalidStyle: true,
    passKeys: true,
    passNode: false,
    tableCellAlignToStyle: false,
  });
}

/**
 * The React elements of a markdown source: {@link markdownTree}, then {@link elementsOf}. No element keeps its hast
 * node (`passNode` off), so the trees are garbage once rendered.
 * @param source the markdown text
 */
function renderMarkdown(source: string, titled: boolean, controlled: Controlled): ReactElement {
  return elementsOf(markdownTree(source, titled, controlled));
}

/** Whether a tree holds an element only a component renders: a code block (highlighting, Copy). */
function needsComponents(node: HastNode): boolean {
  if (node.type === 'element' && node.tagName === 'pre' && node.properties?.dataMdCode !== undefined) return true;
  return (node.children ?? []).some(needsComponents);
}

/** Table parts whose whitespace-only text children React never renders (`hast-util-to-jsx-runtime` drops them). */
const TABLE_PARTS: ReadonlySet<string> = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

type Copy = ComponentsCopy;

/**
 * Give a tree's links and images the elements `MarkdownLink` and `MarkdownImage` render (same hardening, same
 * attributes, nothing else kept), and drop the whitespace React drops in tables, so its DOM equals the components'.
 */
function staticTree(node: HastNode, copy: Copy, insideLink: boolean): void {
  const children = node.children;
  if (children === undefined) return;
  if (node.type === 'element' && TABLE_PARTS.has(node.tagName ?? '')) {
    node.children = children.filter((kid) => kid.type !== 'text' || typeof kid.value !== 'string' || kid.value.trim() !== '');
  }
  for (const child of node.children ?? []) {
    if (child.type !== 'element') continue;
    // React writes a `true` data attribute as "true" (a footnotes section's `data-footnotes`).
    for (const [key, value] of Object.entries(child.properties ?? {})) if (value === true && /^data[A-Z]/.test(key)) child.properties![key] = 'true';
    if (child.tagName === 'a') {
      const href = child.properties?.href;
      const title = child.properties?.title;
      const safe = safeLinkUrl(typeof href === 'string' ? href : undefined);
      if (safe === undefined) {
        child.tagName = 'span';
        child.properties = { className: ['markdown-link-inert'], title: copy.linkNotOpened };
      } else {
        child.properties = { href: safe.href, title: typeof title === 'string' ? title : undefined, target: '_blank', rel: ['noopener', 'noreferrer'] };
      }
      staticTree(child, copy, true);
      continue;
    }
    if (child.tagName === 'img') {
      const src = child.properties?.src;
      const alt = child.properties?.alt;
      const safe = safeImageUrl(typeof src === 'string' ? src : undefined);
      const label: HastNode = { type: 'text', value: copy.imagePlaceholder(typeof alt === 'string' ? alt : '', safe?.host) };
      if (safe === undefined || insideLink) {
        child.tagName = 'span';
        child.properties = { className: ['markdown-image'] };
      } else {
        child.tagName = 'a';
        child.properties = { className: ['markdown-image'], href: safe.href, target: '_blank', rel: ['noopener', 'noreferrer'], title: copy.imageOpenHint };
      }
      child.children = [label];
      continue;
    }
    staticTree(child, copy, insideLink);
  }
}

/** A rendered block: the DOM nodes of a static tree, or React elements when a component is needed. */
type BlockOutput = { nodes: readonly Node[]; element?: undefined } | { nodes?: undefined; element: ReactElement };

/** The DOM nodes of a tree no component needs, else its React elements (see {@link MarkdownBlock}). */
function blockOutput(hast: HastNode, copy: Copy): BlockOutput {
  if (needsComponents(hast)) return { element: elementsOf(hast) };
  staticTree(hast, copy, false);
  const fragment = toDom(hast as Parameters<typeof toDom>[0], { fragment: true });
  return { nodes: Array.from(fragment.childNodes) };
}

/**
 * Parse and render one markdown segment (a chunk of a longer text, see `markdown-blocks.ts`) with the hardening
 * rules of the module header. Memoised on its props, so an unchanged chunk is never re-parsed.
 * `Use Vec<u8> and the <channel> tag.` shows as is; a relative address (`/api/…`, `foo.md`, `#x`) or any other scheme
 * is a `span` with the link text, so it can neither run script nor move the app; an image inside a link is plain
 * text, as links do not nest.
 * - without `className`: the React elements, no wrapper element;
 * - with `className`: a `div` of that class holding the block. A block without a code block is built as plain DOM
 *   (`hast-util-to-dom`; the same elements and attributes the components render) and kept outside React, so a long
 *   plan costs no fiber or props per element; it is built again only when its props or the language change.
 * @param text the markdown source of the chunk (untrusted)
 * @param titled its first heading is the title of the whole text (class `markdown-title`)
 * @param controls block controls after each block (`markdown-block-controls.ts`), with `offset`: the lines of the
 *   whole text before this chunk
 * @param className the class of the wrapping `div` (see above)
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  text,
  titled = false,
  controls,
  offset,
  className,
}: { text: string; titled?: boolean | undefined; className?: string | undefined } & Controlled) {
  if (className === undefined) return renderMarkdown(text, titled, { controls, offset });
  return <StaticBlock text={text} titled={titled} controls={controls} offset={offset} className={className} />;
});

function StaticBlock({ text, titled, controls, offset, className }: { text: string; titled: boolean; className: string } & Controlled) {
  const copy = useCopy(componentsLocales);
  const output = useMemo(() => blockOutput(markdownTree(text, titled, { controls, offset }), copy), [text, titled, controls, offset, copy]);
  const ref = useRef<HTMLDivElement>(null);
  const nodes = output.nodes;
  useLayoutEffect(() => {
    if (nodes !== undefined) ref.current?.replaceChildren(...nodes);
  }, [nodes]);
  // A new key when the kind of output changes: React never adds its children beside the plain nodes.
  return (
    <div key={nodes === undefined ? 'elements' : 'nodes'} ref={ref} className={className}>
      {output.element}
    </div>
  );
}

/**
 * A small plan with every block kind the pipeline meets first (a title, a list, a table, code, a quote, a link), in
 * pieces: each piece is one step of {@link warmMarkdownSteps}, so no step is a long task.
 */
const WARM_SAMPLES: readonly { text: string; titled: boolean }[] = [
  { text: '# Plan\n\nIntro with `code`, **bold**, _emphasis_ and a [link](https://example.com).', titled: true },
  { text: '1. First step\n   - nested item\n2. Second step', titled: false },
  { text: '| a | b |\n| - | :-: |\n| 1 | 2 |', titled: false },
  { text: '> quote\n\n```ts\nconst x = 1;\n```', titled: false },
];

/**
 * The pipeline's warm-up as steps, one per piece of a small sample: each runs the whole pipeline (parse, transforms,
 * hast → React elements; nothing is rendered or kept) on its piece, so the first review card of a page does not pay
 * the parser's first-run compilation on its frame. The first run of the parser compiles most of its code, so one
 * step over the whole sample was a single long task (about 57 ms on this machine); the steps are meant for separate
 * idle callbacks (`prefetchMarkdownRenderer`). Not counted in `markdownParseStats`.
 * @returns the steps, in order (each may run alone; each call returns new ones)
 */
export function warmMarkdownSteps(): (() => void)[] {
  return WARM_SAMPLES.map(({ text, titled }) => () => {
    const parses = markdownParseStats.parses;
    renderMarkdown(text, titled, {});
    markdownParseStats.parses = parses;
  });
}

/** Run every step of {@link warmMarkdownSteps} now, in one task. */
export function warmMarkdownPipeline(): void {
  for (const step of warmMarkdownSteps()) step();
}

const tableParser = unified().use(remarkParse).use(remarkGfm);

/** Parse `head` + one group of body rows: the header row, the column alignment and the body rows (mdast). */
function parseTableGroup(head: string, rows: string): { header: MdNode | undefined; align: unknown; rows: MdNode[] } {
  const table = (tableParser.parse(`${head}\n${rows}`) as MdNode).children?.[0];
  if (table?.type !== 'table') return { header: undefined, align: undefined, rows: [] };
  const [header, ...body] = table.children ?? [];
  return { header, align: table.align, rows: body };
}

/** A parsed row with its source lines moved down by `lines` (a copy). */
function shiftedLines(row: MdNode, lines: number): MdNode {
  const position = (row as Positioned).position;
  if (position === undefined) return row;
  const move = (point: { line: number }) => ({ ...point, line: point.line + lines });
  return { ...row, position: { start: move(position.start), end: move(position.end) } } as MdNode;
}

/**
 * The rows of the header (`part: 'thead'`) or of one body group of a big table as DOM nodes, through the same
 * hardened pipeline as `MarkdownBlock`: the group is parsed after the head (`parseTableGroup`), its rows' lines moved
 * down by `shift`, then the transforms, the block controls and the plain-DOM build of {@link blockOutput}. The parsed
 * group is garbage once built (a group's mdast holds about 25 times the heap of its text): a table built again (new
 * controls, offset or language) parses its groups again.
 */
function tableRowsDom(head: string, rows: string, shift: number, part: 'thead' | 'tbody', controlled: Controlled, copy: Copy): Node[] {
  const group = parseTableGroup(head, rows);
  if (group.header === undefined) return [];
  const body = part === 'thead' ? [] : shift === 0 ? group.rows : group.rows.map((row) => shiftedLines(row, shift));
  const tree: MdNode = { type: 'root', children: [{ type: 'table', align: group.align, children: [group.header, ...body] }] };
  const hast = markdownTree(tree, false, controlled, part);
  staticTree(hast, copy, false);
  const table = hast.children?.find((child) => child.type === 'element' && child.tagName === 'table');
  const section = table?.children?.find((child) => child.type === 'element' && child.tagName === part);
  if (section === undefined) return [];
  const fragment = toDom({ type: 'root', children: section.children ?? [] } as Parameters<typeof toDom>[0], { fragment: true });
  return Array.from(fragment.childNodes);
}

/** The groups of a big table built so far, with what they were built from (see {@link MarkdownTable}). */
type BuiltTable = {
  body: HTMLTableSectionElement;
  head: string;
  controls: BlockControls | undefined;
  offset: number | undefined;
  copy: Copy;
  groups: { rows: string; shift: number; nodes: Node[] }[];
};

/**
 * A big GFM table (a `table` segment of `markdown-blocks.ts`) shown as one table that grows by groups of rows, one
 * group per commit in slices of about `SLICE_MS` (`useSlicedCount`; no single long task, no earlier group built
 * again), through the same hardened pipeline as `MarkdownBlock`. Its rows are plain DOM outside React (as a block's
 * in {@link MarkdownBlock}): React owns the `table`, `thead` and `tbody` only. A group whose text or place changed is
 * built again with every group after it; new block controls, offset or language build the whole table again.
 * @param head the header and delimiter lines
 * @param rows the body lines in groups (each parsed when it is built; its rows are kept while its text and place are unchanged)
 */
export const MarkdownTable = memo(function MarkdownTable({ head, rows, controls, offset }: { head: string; rows: readonly string[] } & Controlled) {
  const count = useSlicedCount(rows.length, 1);
  const copy = useCopy(componentsLocales);
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
  const thead = useRef<HTMLTableSectionElement>(null);
  const tbody = useRef<HTMLTableSectionElement>(null);
  const built = useRef<BuiltTable | undefined>(undefined);
  useLayoutEffect(() => {
    if (thead.current === null || tbody.current === null || rows.length === 0) return;
    let table = built.current;
    if (
      table === undefined ||
      table.body !== tbody.current ||
      table.head !== head ||
      table.controls !== controls ||
      table.offset !== offset ||
      table.copy !== copy
    ) {
      table = { body: tbody.current, head, controls, offset, copy, groups: [] };
      thead.current.replaceChildren(...tableRowsDom(head, rows[0]!, 0, 'thead', { controls, offset }, copy));
      tbody.current.replaceChildren();
    }
    let kept = 0;
    while (kept < table.groups.length && kept < count && table.groups[kept]!.rows === rows[kept] && table.groups[kept]!.shift === shifts[kept]) kept += 1;
    for (const group of table.groups.splice(kept)) for (const node of group.nodes) node.parentNode?.removeChild(node);
    for (let i = kept; i < count; i += 1) {
      const nodes = tableRowsDom(head, rows[i]!, shifts[i]!, 'tbody', { controls, offset }, copy);
      tbody.current.append(...nodes);
      table.groups.push({ rows: rows[i]!, shift: shifts[i]!, nodes });
    }
    built.current = table;
  }, [head, rows, shifts, count, controls, offset, copy]);
  if (rows.length === 0) return null;
  return (
    <table>
      <thead ref={thead} />
      <tbody ref={tbody} />
    </table>
  );
});
