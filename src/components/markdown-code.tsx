/**
 * A fenced code block of the Markdown component: the code with a Copy button and its language, highlighted once the
 * lazy highlighter chunk (`markdown-highlight.ts`) is there — plain text until then and for unknown languages. A long
 * block is highlighted in pieces of whole lines, as many per task as fit in `SLICE_MS`, so no block makes a long
 * task; pieces are cached on their text in a compact form (numbers over the text; no syntax tree, no copy of the code). The output is `span`s with `hljs-*` classes only, built as DOM nodes (no
 * React fiber per token): no `style`, no HTML string (the CSP has no 'unsafe-inline').
 */
import { memo, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ElementContent, Root } from 'hast';
import { useCopy } from '../lib/language.ts';
import { lazyModule } from '../lib/lazy-module.ts';
import { nextTask, runSlice } from '../lib/slices.ts';
import { useClipboardCopy } from './use-clipboard.ts';
import { componentsLocales } from './locales.ts';
import type * as Highlight from './markdown-highlight.ts';
import './controls.css';

/** Lines per highlighted piece (~5 ms of highlight.js on typical code; a task highlights pieces for `SLICE_MS`). */
export const HIGHLIGHT_LINES = 120;
/** Characters per piece at most, but for a single longer line (long lines make fewer lines per task). */
export const HIGHLIGHT_CHARS = 6_000;
/** A piece longer than this (one huge line) is left as plain text: highlighting it could be one long task. */
export const MAX_HIGHLIGHT_PIECE_CHARS = 20_000;
/** Highlighted pieces kept for remounts and streamed blocks (entries; the oldest goes first). */
const CACHE_PIECES = 400;

type Highlighter = typeof Highlight;
const highlighter = lazyModule<Highlighter>(() => import('./markdown-highlight.ts'));

/**
 * Start (or join) loading the highlighter chunk.
 * @returns the module, or `undefined` when the import failed (never rejects; the next caller retries)
 */
export function loadHighlighter(): Promise<Highlighter | undefined> {
  return highlighter.load();
}

/** The highlighter once loaded (loading it when `wanted`), else `undefined`; re-renders when it arrives. */
function useHighlighter(wanted: boolean): Highlighter | undefined {
  return highlighter.use(wanted);
}

/** Highlighted pieces by grammar and text, compact (see {@link CompactPiece}). */
const cache = new Map<string, CompactPiece>();

/** A piece highlighted once (in a slice's task, never during a render) and cached. */
function cachedHighlight(module: Highlighter, grammar: string, piece: string): CompactPiece {
  const key = `${grammar}\n${piece}`;
  let built = cache.get(key);
  if (built === undefined) {
    const tree: Root =
      piece.length > MAX_HIGHLIGHT_PIECE_CHARS ? { type: 'root', children: [{ type: 'text', value: piece }] } : module.highlightCode(piece, grammar);
    built = compactPieceOf(tree, piece);
    if (cache.size >= CACHE_PIECES) cache.delete(cache.keys().next().value!);
    cache.set(key, built);
  }
  return built;
}

/**
 * Cut code into pieces of whole lines (each with its line break) — at most `lines` lines and `chars` characters, a
 * longer line being a piece alone — so that joined they are the code.
 * @param code any text
 * @param lines lines per piece (≥ 1)
 * @param chars characters after which a piece ends at the next line end (≥ 1)
 */
export function codePiecesOf(code: string, lines: number = HIGHLIGHT_LINES, chars: number = HIGHLIGHT_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < code.length) {
    let end = start;
    for (let n = 0; n < lines && end < code.length; n += 1) {
      const next = code.indexOf('\n', end);
      const lineEnd = next === -1 ? code.length : next + 1;
      // A piece over `chars` is one line alone.
      if (n > 0 && lineEnd - start > chars) break;
      end = lineEnd;
    }
    pieces.push(code.slice(start, end));
    start = end;
  }
  return pieces;
}

/**
 * A highlighted piece kept compact: numbers only, read over the piece's text (which the block's props hold, so the
 * code is held once): `n ≥ 0` a text node of the next `n` characters, `-1` closing the innermost open span, `-2 - k`
 * opening a `span` of class `CLASSES[k]` (`''`: a span without a class). A syntax tree per piece held about ten times
 * the heap of the code it highlights, and a string per token about five times.
 */
export type CompactPiece = readonly number[];

/** The class names met so far (a handful of `hljs-*` names), by number; `''` is a span without a class. */
const CLASSES: string[] = [''];
const CLASS_NUMBERS = new Map<string, number>([['', 0]]);

/** The ops of {@link CompactPiece} for `nodes`, appended to `out`; every property but the class is dropped. */
function opsOf(nodes: readonly ElementContent[], out: number[], text: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      out.push(node.value.length);
      text.push(node.value);
    } else if (node.type === 'element') {
      const className = node.properties.className;
      const classes = Array.isArray(className) ? className.filter((c): c is string => typeof c === 'string').join(' ') : '';
      let number = CLASS_NUMBERS.get(classes);
      if (number === undefined) {
        number = CLASSES.push(classes) - 1;
        CLASS_NUMBERS.set(classes, number);
      }
      out.push(-2 - number);
      opsOf(node.children, out, text);
      out.push(-1);
    }
  }
}

/**
 * The compact form of the highlighter's hast for `piece`.
 * @param tree the highlighter's output (text and `span` elements with a `className`)
 * @param piece the code it highlighted
 * @returns the ops over `piece`; one plain text run when the tree's text is not the piece (the highlighter's
 *   contract is that it is), so the piece always shows as written
 */
export function compactPieceOf(tree: Root, piece: string): CompactPiece {
  const ops: number[] = [];
  const text: string[] = [];
  opsOf(tree.children as ElementContent[], ops, text);
  return text.join('') === piece ? ops : [piece.length];
}

/**
 * A compact piece as DOM nodes: text, and `span`s carrying their class only (never any other property; no HTML string
 * is parsed). Built outside React: a long block is thousands of spans, and React would keep a fiber and props for
 * each of them for as long as the block is shown.
 */
function domOf(text: string, ops: CompactPiece): DocumentFragment {
  const root = document.createDocumentFragment();
  const open: (DocumentFragment | HTMLSpanElement)[] = [root];
  let at = 0;
  for (const op of ops) {
    const parent = open[open.length - 1]!;
    if (op >= 0) {
      parent.append(text.slice(at, at + op));
      at += op;
    } else if (op === -1) open.pop();
    else {
      const span = document.createElement('span');
      const className = CLASSES[-2 - op]!;
      if (className !== '') span.className = className;
      parent.append(span);
      open.push(span);
    }
  }
  return root;
}

/**
 * How many of `pieces` are highlighted now: cached ones at once, then one slice per task: at least one more piece
 * and as many as fit in `SLICE_MS` of highlighting.
 */
function useHighlightedCount(module: Highlighter | undefined, grammar: string | undefined, pieces: readonly string[]): number {
  const ready = module !== undefined && grammar !== undefined;
  const cachedLead = () => {
    let n = 0;
    while (ready && n < pieces.length && cache.has(`${grammar}\n${pieces[n]}`)) n += 1;
    return n;
  };
  const [state, setState] = useState(() => ({ pieces, count: cachedLead() }));
  // New pieces (another block or a longer streamed one): start again from what the cache already holds, adjusted
  // during render rather than in an effect.
  if (state.pieces !== pieces) setState({ pieces, count: cachedLead() });
  const count = state.pieces === pieces ? state.count : cachedLead();
  useEffect(() => {
    if (!ready || count >= pieces.length) return;
    return nextTask(() => {
      const next = runSlice(count, pieces.length, (i) => void cachedHighlight(module, grammar, pieces[i]!));
      setState({ pieces, count: next });
    });
  }, [ready, module, grammar, pieces, count]);
  return ready ? count : 0;
}

/**
 * One highlighted piece: a `span` whose content is built from its text and compact form (`domOf`) when it mounts or
 * the piece changes; React owns the `span` alone, never what is inside it. Memoised on the piece, so a block that gains a piece
 * builds only the new one.
 */
const HighlightedPiece = memo(function HighlightedPiece({ text, built }: { text: string; built: CompactPiece }) {
  const fill = useCallback(
    (span: HTMLSpanElement | null) => {
      if (span !== null) span.replaceChildren(domOf(text, built));
    },
    [text, built],
  );
  return <span className="markdown-code-piece" ref={fill} />;
});

function CopyButton({ code }: { code: string }) {
  const copy = useCopy(componentsLocales);
  const { outcome, copyText } = useClipboardCopy();
  return (
    <>
      <button type="button" className="pill-button markdown-code-copy" aria-label={copy.copyCode} onClick={() => void copyText(code)}>
        {/* Both labels in one grid cell, the other one hidden: the button keeps the wider's width, so it never moves. */}
        <span className="markdown-code-copy-labels">
          <span className={outcome.kind === 'copied' ? 'is-hidden' : undefined}>{copy.copy}</span>
          <span className={outcome.kind === 'copied' ? undefined : 'is-hidden'}>{copy.copied}</span>
        </span>
      </button>
      <span role="status" className="markdown-code-status">
        {outcome.kind === 'copied' ? copy.copiedCode : outcome.kind === 'failed' ? copy.copyFailed : ''}
      </span>
    </>
  );
}

/**
 * A fenced code block (see the module header).
 * @param code the block's text (untrusted; shown as text)
 * @param language the fence's info word, `undefined` when it has none
 */
export const CodeBlock = memo(function CodeBlock({ code, language }: { code: string; language: string | undefined }) {
  const module = useHighlighter(language !== undefined);
  const grammar = module !== undefined && language !== undefined ? module.grammarOf(language) : undefined;
  const pieces = useMemo(() => (grammar === undefined ? [] : codePiecesOf(code)), [code, grammar]);
  const count = useHighlightedCount(module, grammar, pieces);
  const body: ReactNode[] = [];
  if (grammar !== undefined && count > 0) {
    // Pieces evicted from the cache meanwhile show as text; they are never highlighted during a render.
    for (let i = 0; i < count; i += 1) {
      const built = cache.get(`${grammar}\n${pieces[i]}`);
      body.push(built ? <HighlightedPiece key={`p${i}`} text={pieces[i]!} built={built} /> : pieces[i]);
    }
    body.push(pieces.slice(count).join(''));
  } else body.push(code);
  return (
    <div className="markdown-code">
      <div className="markdown-code-bar">
        <span className="markdown-code-language">{language ?? ''}</span>
        <CopyButton code={code} />
      </div>
      <pre>
        <code className={grammar !== undefined ? `hljs language-${grammar}` : undefined}>{body}</code>
      </pre>
    </div>
  );
});
