/**
 * The markdown pipeline of the app's one Markdown component (`markdown.tsx`), loaded lazily in its own chunk so the
 * first screen does not wait for it (issue 9 point 3): GitHub-flavoured markdown through `react-markdown` +
 * `remark-gfm`, hardened for text written by a model or a hostile log (issue 8 items 5, 17, 18). Invariants:
 * - raw HTML is literal text, never dropped and never executed (`Use Vec<u8> and the <channel> tag.` shows as is);
 * - a link opens in a new tab (`rel="noopener noreferrer"`) only for an absolute http(s)/mailto address
 *   (`safeLinkUrl`); any other scheme and every relative address (`/api/…`, `foo.md`, `#x`) is a non-navigating
 *   `span` with the link text, so it can neither run script nor move the app;
 * - no image is ever fetched on render: an image is a placeholder "Image: alt — host", a link to open it in a new
 *   tab for an http(s) source, plain text otherwise (and plain text inside any link, as links do not nest);
 * - no `style` attribute is emitted (GFM table alignment becomes a class).
 */
import { createContext, memo, startTransition, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { useCopy } from '../lib/language.ts';
import { componentsLocales } from './locales.ts';
import { safeImageUrl, safeLinkUrl } from './safe-url.ts';

/** Minimal mdast node shape the HTML-as-text plugin walks (mdast `Node`/`Parent`). */
type MdNode = { type: string; value?: string; children?: MdNode[]; data?: Record<string, unknown>; align?: unknown };

/** Containers whose children are flow (block) content: a block `html` node there becomes its own paragraph. */
const FLOW_PARENTS: ReadonlySet<string> = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function htmlToText(parent: MdNode): void {
  const children = parent.children;
  if (!children) return;
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i]!;
    if (child.type === 'html') {
      const text: MdNode = { type: 'text', value: child.value ?? '' };
      children[i] = FLOW_PARENTS.has(parent.type) ? { type: 'paragraph', children: [text], data: { hProperties: { className: ['markdown-raw'] } } } : text;
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
 * same source, so it is shown verbatim (issue 8 item 17: "raw HTML is shown as literal text everywhere").
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

const components: Components = {
  a: ({ href, title, children }) => (
    <MarkdownLink href={href} title={title}>
      {children}
    </MarkdownLink>
  ),
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
  th: ({ style, className, children }) => <th className={alignClass(style, className)}>{children}</th>,
  td: ({ style, className, children }) => <td className={alignClass(style, className)}>{children}</td>,
};

/**
 * Parse and render one markdown segment (a chunk of a longer text, see `markdown-blocks.ts`) with the hardening
 * rules of the module header; no wrapper element. Memoised on `text`, so an unchanged chunk is never re-parsed.
 * @param text the markdown source of the chunk (untrusted)
 */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} components={components} urlTransform={keepUrl} skipHtml>
      {text}
    </ReactMarkdown>
  );
});

const tableParser = unified().use(remarkParse).use(remarkGfm);

/** Parse `head` + one group of body rows: the header row, the column alignment and the body rows (mdast). */
function parseTableGroup(head: string, rows: string): { header: MdNode | undefined; align: unknown; rows: MdNode[] } {
  const table = (tableParser.parse(`${head}\n${rows}`) as MdNode).children?.[0];
  if (table?.type !== 'table') return { header: undefined, align: undefined, rows: [] };
  const [header, ...body] = table.children ?? [];
  return { header, align: table.align, rows: body };
}

/**
 * A big GFM table (a `table` segment of `markdown-blocks.ts`) parsed one group of rows per task and shown as one
 * table that grows (issue 9 point 1: no single long task), through the same hardened pipeline as `MarkdownBlock`.
 * @param head the header and delimiter lines
 * @param rows the body lines in groups (each parsed once and kept while its text is unchanged)
 */
export const MarkdownTable = memo(function MarkdownTable({ head, rows }: { head: string; rows: readonly string[] }) {
  const [parsed, setParsed] = useState(1);
  const groups = useRef<{ head: string; text: string; result: ReturnType<typeof parseTableGroup> }[]>([]);
  const count = Math.min(parsed, rows.length);
  useEffect(() => {
    if (count >= rows.length) return;
    // In idle time, like the chunks of `markdown.tsx`: input never waits behind a group of rows.
    const next = () => startTransition(() => setParsed(count + 1));
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(next, { timeout: 500 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }, [count, rows.length]);
  const body: MdNode[] = [];
  let first: ReturnType<typeof parseTableGroup> | undefined;
  for (let i = 0; i < count; i += 1) {
    let group = groups.current[i];
    if (group === undefined || group.head !== head || group.text !== rows[i]) {
      group = { head, text: rows[i]!, result: parseTableGroup(head, rows[i]!) };
      groups.current[i] = group;
    }
    first ??= group.result;
    body.push(...group.result.rows);
  }
  const header = first?.header;
  const tree: MdNode = { type: 'root', children: header ? [{ type: 'table', align: first?.align, children: [header, ...body] }] : [] };
  // The tree replaces the (empty) parsed source; the HTML-as-text plugin and the components then apply as usual.
  const plugins = [remarkGfm, () => () => tree, remarkHtmlAsText];
  return (
    <ReactMarkdown remarkPlugins={plugins} components={components} urlTransform={keepUrl} skipHtml>
      {''}
    </ReactMarkdown>
  );
});
