/**
 * The one Markdown component of the app (transcript, plan card, plan-review card, question flow). The hardened
 * pipeline (raw HTML as text, safe links, image placeholders, no style attributes: `markdown-render.tsx`) loads
 * lazily; until it is there the text shows as plain text. Invariants: the text is parsed in memoised chunks of
 * top-level blocks (`markdown-blocks.ts`), so a streamed message re-parses only its open last chunk; no single task
 * parses the whole text; what is too big to parse is capped with a note, never a freeze.
 */
import { memo, useContext, useMemo, useState } from 'react';
import { useCopy } from '../lib/language.ts';
import { componentsLocales } from './locales.ts';
import {
  markdownSegmentsOf,
  mayHoldHeading,
  MAX_LINE_CHARS,
  MAX_NESTING,
  plainParagraphOf,
  referenceDefinitionsOf,
  type MarkdownSegment,
} from './markdown-blocks.ts';
import { BlockControlsContext, LineOffsetContext, segmentLineOffsets, type BlockControls } from './markdown-block-controls.ts';
import { useMarkdownRenderer, type MarkdownRenderer } from './markdown-loader.ts';
import { useSlicedCount } from './markdown-slices.ts';
import './markdown.css';
import { showBidiControls } from './bidi-controls.ts';

/** Characters of a text rendered in the first commit (the rest follows in later slices). */
export const FIRST_RENDER_CHARS = 4_000;

/** Props of {@link Markdown}. */
export type MarkdownProps = {
  /** The markdown source (model or log text; treated as untrusted). */
  text: string;
  /** Extra class on the wrapping `div`. */
  className?: string | undefined;
  /** The text's first heading, whatever its level, is its title: it gets the class `markdown-title` (a plan). */
  titled?: boolean | undefined;
  /**
   * `false` renders the whole text in its first commit (no slices; for a text known to be short, or to compare a
   * sliced render with a one-pass one). Default `true`.
   */
  progressive?: boolean | undefined;
  /** Rendered after each block with its source lines in the whole text (`markdown-block-controls.ts`). */
  blockControls?: BlockControls | undefined;
};

/** How many segments, from the first, fit in `chars` characters. */
function fitting(segments: readonly MarkdownSegment[], chars: number): number {
  let count = 0;
  let used = 0;
  while (count < segments.length) {
    used += segments[count]!.source.length;
    if (used > chars) break;
    count += 1;
  }
  return count;
}

function PlainText({ text }: { text: string }) {
  return <p className="markdown-plain">{showBidiControls(text)}</p>;
}

function LongLine({
  source,
  renderer,
  controls,
  offset,
}: {
  source: string;
  renderer: MarkdownRenderer | undefined;
  controls: BlockControls | undefined;
  offset: number;
}) {
  const copy = useCopy(componentsLocales);
  const [all, setAll] = useState(false);
  const pieces: string[] = [];
  if (all) for (let i = 0; i < source.length; i += MAX_LINE_CHARS) pieces.push(source.slice(i, i + MAX_LINE_CHARS));
  const head = source.slice(0, MAX_LINE_CHARS);
  // A head of plain words is the paragraph the parser would give, without the parse (one long task for 20,000
  // characters): the same paragraph and block control (a paragraph on the line's own line).
  const plain = all ? undefined : plainParagraphOf(head);
  return (
    <div className="markdown-chunk">
      {all ? (
        <p className="markdown-long-line">
          {pieces.map((piece, i) => (
            <span key={i} className="markdown-long-piece">
              {piece}
            </span>
          ))}
        </p>
      ) : renderer && plain !== undefined ? (
        <>
          <p>{plain}</p>
          {controls ? renderer.controlBoxElement(controls, { kind: 'paragraph', start: offset + 1, end: offset + 1 }) : null}
        </>
      ) : renderer ? (
        <renderer.MarkdownBlock text={head} controls={controls} offset={controls && offset} />
      ) : (
        <PlainText text={head} />
      )}
      <p className="markdown-capped" role="note">
        {all ? copy.longLineShown(source.length) : copy.longLineFolded(MAX_LINE_CHARS, source.length)}{' '}
        <button type="button" className="markdown-capped-toggle" onClick={() => setAll((v) => !v)}>
          {all ? copy.showLess : copy.showAll}
        </button>
      </p>
    </div>
  );
}

type SegmentProps = {
  kind: MarkdownSegment['kind'];
  /** This segment holds the text's first heading, its title. */
  titled: boolean;
  source: string;
  definitions: string;
  renderer: MarkdownRenderer | undefined;
  table?: Extract<MarkdownSegment, { kind: 'table' }> | undefined;
  code?: Extract<MarkdownSegment, { kind: 'code' }> | undefined;
};

const Segment = memo(function Segment({ kind, titled, source, definitions, renderer, table, code }: SegmentProps) {
  const copy = useCopy(componentsLocales);
  const controls = useContext(BlockControlsContext);
  const offset = useContext(LineOffsetContext);
  if (kind === 'code' && code !== undefined && renderer) {
    return (
      <div className="markdown-chunk">
        <renderer.CodeBlock code={code.code} language={code.language} />
        {controls
          ? renderer.controlBoxElement(controls, { kind: 'code', start: offset + 1, end: offset + source.replace(/\n$/, '').split('\n').length })
          : null}
      </div>
    );
  }
  if (kind === 'table' && table !== undefined && renderer) {
    return (
      <div className="markdown-chunk">
        <renderer.MarkdownTable head={table.head} rows={table.rows} controls={controls} offset={controls && offset} />
      </div>
    );
  }
  if (kind === 'long-line') return <LongLine source={source} renderer={renderer} controls={controls} offset={offset} />;
  if (kind === 'deep') {
    return (
      <div className="markdown-chunk">
        <p className="markdown-capped" role="note">
          {copy.deepNesting(MAX_NESTING)}
        </p>
        <pre className="markdown-deep">{source}</pre>
      </div>
    );
  }
  return renderer ? (
    <renderer.MarkdownBlock
      className="markdown-chunk"
      text={definitions === '' ? source : `${source}\n\n${definitions}`}
      titled={titled}
      controls={controls}
      offset={controls && offset}
    />
  ) : (
    <div className="markdown-chunk">
      <PlainText text={source} />
    </div>
  );
});

/**
 * Render untrusted markdown safely and progressively. Memoised on `text` and `className`.
 * - each chunk is parsed and memoised on its own source (plus the text's link reference definitions), so a
 *   re-render re-parses nothing;
 * - chunks beyond the first ~4,000 characters render in slices of about `SLICE_MS` (8 ms) of main-thread time,
 *   one task each, a chunk per commit until the slice's time is up, so the card or message around a long text shows at once,
 *   the whole text follows quickly and input waits behind one slice at most
 *   (a scroll area of its own may also let off-screen chunks skip layout: `.markdown-chunk` with
 *   `content-visibility: auto`);
 * - a line over 20,000 characters is folded with a note and "Show all"; a block nested deeper than 32 levels is
 *   shown as raw text with a note.
 * @param text the markdown source
 * @param className extra class on the wrapping `div`
 */
export const Markdown = memo(function Markdown({ text, className, titled = false, progressive = true, blockControls }: MarkdownProps) {
  const renderer = useMarkdownRenderer();
  const segments = markdownSegmentsOf(text);
  // The segments within the first `FIRST_RENDER_CHARS` characters at once (maybe none, when the first one alone is
  // bigger: the card around it shows at once), then slices of about `SLICE_MS` (all at once when not progressive).
  const [first] = useState(() => (progressive ? fitting(segments, FIRST_RENDER_CHARS) : Infinity));
  const count = useSlicedCount(segments.length, first);
  const definitions = useMemo(() => (segments.length > 1 ? referenceDefinitionsOf(text) : ''), [segments, text]);
  const offsets = useMemo(() => (blockControls ? segmentLineOffsets(text, segments) : undefined), [blockControls, text, segments]);
  const classes = className ? `markdown ${className}` : 'markdown';
  const only = segments[0];
  if (segments.length <= 1 && (only === undefined || (only.kind === 'markdown' && text.length <= FIRST_RENDER_CHARS))) {
    return (
      <BlockControlsContext.Provider value={blockControls}>
        {renderer ? (
          <renderer.MarkdownBlock className={classes} text={text} titled={titled} controls={blockControls} />
        ) : (
          <div className={classes}>
            <PlainText text={text} />
          </div>
        )}
      </BlockControlsContext.Provider>
    );
  }
  // The title is the first heading of the first segment that holds one (only markdown segments are formatted).
  const titleAt = titled ? segments.findIndex((segment) => segment.kind === 'markdown' && mayHoldHeading(segment.source)) : -1;
  return (
    <BlockControlsContext.Provider value={blockControls}>
      <div className={classes} aria-busy={count < segments.length || undefined}>
        {segments.slice(0, count).map((segment, i) => (
          <LineOffsetContext.Provider key={segment.start} value={offsets?.[i] ?? 0}>
            <Segment
              kind={segment.kind}
              titled={i === titleAt}
              source={segment.source}
              definitions={definitions}
              renderer={renderer}
              table={segment.kind === 'table' ? segment : undefined}
              code={segment.kind === 'code' ? segment : undefined}
            />
          </LineOffsetContext.Provider>
        ))}
      </div>
    </BlockControlsContext.Provider>
  );
});
