/**
 * Splits markdown source into segments the Markdown component parses and renders one by one: top-level blocks in
 * chunks of about `CHUNK_TARGET_CHARS`, cut only where CommonMark starts a new top-level block, so rendering the
 * chunks in turn looks like rendering the whole text. What is too big to parse without a freeze is capped (see
 * `splitMarkdown`). Pure and linear in the text; the split of a growing text (streaming) keeps its earlier segments
 * byte-identical, as a cut is decided only at a line that already ended.
 */

import { blanksFrom, spacesFrom } from '../core/blanks.ts';

/** A line longer than this (characters) is folded: only its first `MAX_LINE_CHARS` are formatted. */
export const MAX_LINE_CHARS = 20_000;
/** A block whose list/quote nesting goes deeper than this (levels) is shown as raw text. */
export const MAX_NESTING = 32;
/** A chunk closes at the first cut point after it reached this size (characters). */
export const CHUNK_TARGET_CHARS = 2_000;
/** A top-level GFM table longer than this (characters) is a `table` segment, its rows parsed group by group. */
export const TABLE_SPLIT_CHARS = 4_000;

/**
 * One segment of a markdown text, with `start` its offset (characters) in the whole text.
 * - `markdown`: ordinary markdown, parsed on its own;
 * - `long-line`: one line over `MAX_LINE_CHARS` characters (`source` is the whole line, without its newline);
 * - `deep`: a top-level block nested deeper than `MAX_NESTING` levels, `depth` the deepest level seen;
 * - `table`: a top-level GFM table over `TABLE_SPLIT_CHARS`: `head` its header and delimiter lines, `rows` its body
 *   lines in groups of about `CHUNK_TARGET_CHARS` (so one table can be parsed across several tasks);
 * - `code`: a top-level fenced code block over `CHUNK_TARGET_CHARS`, `code` its content and `language` the first word
 *   of its info string (what the parser would give), shown as a code block without being parsed.
 */
export type MarkdownSegment =
  | { kind: 'markdown'; source: string; start: number }
  | { kind: 'table'; source: string; start: number; head: string; rows: readonly string[] }
  | { kind: 'code'; source: string; start: number; code: string; language: string | undefined }
  | { kind: 'long-line'; source: string; start: number }
  | { kind: 'deep'; source: string; start: number; depth: number };

const BLANK = /^[ \t]*$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const FENCE = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?)*(`{3,}|~{3,})/;
const LIST_MARKER = /^(?:([-*+])(?:[ \t]|$)|\d{1,9}([.)])(?:[ \t]|$))/;
// CommonMark HTML blocks 1-5 run past blank lines until their end condition.
const HTML_BLOCKS: readonly [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/**
 * Container levels a line opens before its content: each `>` or list marker (with the spaces after it) is one, and
 * every 2 further columns of indentation one more (a nested list item is indented under its parent).
 */
function depthOf(line: string): number {
  let columns = 0;
  let markers = 0;
  let at = 0;
  // Runs of blanks are skipped by a sticky regex, not char by char: a line 500 levels deep starts with 1,000 spaces,
  // and counting them one by one made the split of a 500-level nested list quadratic in the card's first render.
  for (;;) {
    const run = blanksFrom(line, at);
    columns += spacesFrom(line, at) === run ? run : columnsOf(line, at, at + run);
    at += run;
    const c = line.charCodeAt(at);
    const next = line.charCodeAt(at + 1);
    // `>`, or a bullet (`-`, `*`, `+`) followed by a blank: one level; the blanks after it are the marker's.
    if (c === 62 || ((c === 45 || c === 42 || c === 43) && (next === 32 || next === 9))) {
      markers += 1;
      at += 1;
      at += blanksFrom(line, at);
      continue;
    }
    return Math.floor(columns / 2) + markers;
  }
}

/** The columns of the blanks of `line` in [`from`, `to`): a space is one, a tab four. */
function columnsOf(line: string, from: number, to: number): number {
  let columns = 0;
  for (let i = from; i < to; i += 1) columns += line.charCodeAt(i) === 9 ? 4 : 1;
  return columns;
}

/** The list a column-0 line starts or continues: its bullet or its ordered delimiter, else `undefined`. */
function listKindOf(line: string): string | undefined {
  const match = LIST_MARKER.exec(line);
  return match === null ? undefined : (match[1] ?? `1${match[2]}`);
}

/**
 * A line that ends a GFM table body without a blank line before it, because it starts another block there (an ATX
 * heading, a quote, a fence, a list item, a thematic break or indented code), as micromark's GFM table reads it.
 */
const TABLE_INTERRUPT = /^(?: {0,3}(?:#{1,6}(?:[ \t]|$)|>|`{3,}|~{3,}|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|([-*_])(?:[ \t]*\1){2,}[ \t]*$)| {4}|\t)/;
/** A line that may start an HTML block: whether it ends a table depends on the tag, so such a table is not split. */
const HTML_START = /^ {0,3}</;

/**
 * The big top-level GFM table starting at `lineStart`, if there is one: a header line with a `|` at column 0, a
 * delimiter row, and body lines up to the next blank line, the next line that starts another block
 * (`TABLE_INTERRUPT`: it is not a row, it follows the table) or the end, over `TABLE_SPLIT_CHARS` in all and with no
 * line over `MAX_LINE_CHARS`. Any other line is a row, as in GFM (even without a `|`); a line that may open raw HTML
 * makes the table an ordinary chunk (parsed whole, so it reads as GFM says). A table still streaming (no newline
 * after its header) is not one yet.
 */
function bigTableAt(text: string, lineStart: number, line: string): { end: number; head: string; rows: string[] } | undefined {
  if (line[0] === ' ' || line[0] === '\t' || !line.includes('|')) return undefined;
  const headerEnd = text.indexOf('\n', lineStart);
  if (headerEnd === -1) return undefined;
  const delimiterEnd = text.indexOf('\n', headerEnd + 1);
  const delimiter = text.slice(headerEnd + 1, delimiterEnd === -1 ? text.length : delimiterEnd);
  if (delimiterEnd === -1 || !TABLE_DELIMITER.test(delimiter)) return undefined;
  const rows: string[] = [];
  let group = '';
  let end = delimiterEnd + 1;
  while (end < text.length) {
    const newline = text.indexOf('\n', end);
    const lineEnd = newline === -1 ? text.length : newline;
    if (lineEnd - end > MAX_LINE_CHARS) return undefined;
    const row = text.slice(end, lineEnd);
    if (BLANK.test(row) || TABLE_INTERRUPT.test(row)) break;
    if (HTML_START.test(row)) return undefined;
    group = group === '' ? row : `${group}\n${row}`;
    if (group.length >= CHUNK_TARGET_CHARS) {
      rows.push(group);
      group = '';
    }
    end = newline === -1 ? text.length : newline + 1;
  }
  if (end - lineStart <= TABLE_SPLIT_CHARS) return undefined;
  if (group !== '') rows.push(group);
  return { end, head: text.slice(lineStart, delimiterEnd), rows };
}

/** An opening fence at column 0 whose info string needs no decoding (no backslash escape, entity or backtick). */
const PLAIN_FENCE_OPEN = /^(`{3,}|~{3,})[ \t]*([^\s\\&`]*)[^\\&`]*$/;

/**
 * The big top-level fenced code block opening at `lineStart`, if there is one: an opening fence at column 0 with a
 * plain info string, closed by a fence of the same character at least as long (indented ≤ 3 spaces), over
 * `CHUNK_TARGET_CHARS` in all, with no line over `MAX_LINE_CHARS` and no `\r` or NUL (which the parser rewrites).
 * Its content is its lines verbatim, as CommonMark gives for a fence at column 0. A fence still streaming (not yet
 * closed) is not one.
 */
function bigFenceAt(text: string, lineStart: number, line: string): { end: number; code: string; language: string | undefined } | undefined {
  const open = PLAIN_FENCE_OPEN.exec(line);
  if (open === null) return undefined;
  const marker = open[1]!;
  const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  const contentStart = text.indexOf('\n', lineStart);
  if (contentStart === -1) return undefined;
  let at = contentStart + 1;
  while (at <= text.length) {
    const newline = text.indexOf('\n', at);
    if (newline === -1) return undefined;
    const current = text.slice(at, newline);
    if (current.length > MAX_LINE_CHARS) return undefined;
    if (close.test(current)) {
      const end = newline + 1;
      if (end - lineStart <= CHUNK_TARGET_CHARS) return undefined;
      const code = at === contentStart + 1 ? '' : text.slice(contentStart + 1, at - 1);
      if (code.includes('\r') || code.includes('\0') || line.includes('\r')) return undefined;
      return { end, code, language: open[2] === '' ? undefined : open[2] };
    }
    at = newline + 1;
  }
  return undefined;
}

/**
 * Split markdown into segments. A cut falls after a blank line, at column 0, outside a fence or a raw HTML block and
 * not inside one list. Capped: a line over `MAX_LINE_CHARS` is its own `long-line` segment, a block nested deeper
 * than `MAX_NESTING` is a `deep` segment shown as raw text; a table over `TABLE_SPLIT_CHARS` is a `table` segment
 * whose rows are parsed in groups (a streamed table that grows past it becomes its own segment once); a closed
 * top-level code fence over `CHUNK_TARGET_CHARS` is a `code` segment, never parsed.
 * @param text the markdown source, any length
 * @returns the segments in order; their sources joined (with the newline after a long line) give back `text`,
 *   except that a chunk which starts inside a code fence cut by a long line repeats the fence's opening line first
 */
export function splitMarkdown(text: string): MarkdownSegment[] {
  const segments: MarkdownSegment[] = [];
  let chunkStart = 0;
  let chunkPrefix = '';
  let blockStart = 0;
  let blockDepth = 0;
  let fence: { char: string; length: number; line: string } | undefined;
  let htmlEnd: RegExp | undefined;
  let previousBlank = true;
  let lastListKind: string | undefined;

  const pushMarkdown = (end: number) => {
    if (end > chunkStart) segments.push({ kind: 'markdown', source: chunkPrefix + text.slice(chunkStart, end), start: chunkStart });
    chunkPrefix = '';
    chunkStart = end;
  };
  // The open block ends at `end`: a deep one becomes its own raw segment, else it joins the open chunk.
  const closeBlock = (end: number) => {
    if (blockDepth > MAX_NESTING) {
      pushMarkdown(blockStart);
      if (end > blockStart) segments.push({ kind: 'deep', source: text.slice(blockStart, end), start: blockStart, depth: blockDepth });
      chunkStart = end;
      chunkPrefix = '';
    }
    blockStart = end;
    blockDepth = 0;
  };

  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const ended = newline !== -1;
    const lineEnd = ended ? newline : text.length;
    const next = ended ? newline + 1 : text.length;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + MAX_LINE_CHARS + 1));

    if (lineEnd - lineStart > MAX_LINE_CHARS) {
      closeBlock(lineStart);
      pushMarkdown(lineStart);
      segments.push({ kind: 'long-line', source: text.slice(lineStart, lineEnd), start: lineStart });
      chunkStart = next;
      blockStart = next;
      // Code after the long line is still inside its fence: repeat the opening line so it renders as code.
      chunkPrefix = fence !== undefined ? `${fence.line}\n` : '';
      previousBlank = false;
      lineStart = next;
      continue;
    }

    const code = fence === undefined && htmlEnd === undefined && previousBlank ? bigFenceAt(text, lineStart, line) : undefined;
    if (code !== undefined) {
      closeBlock(lineStart);
      pushMarkdown(lineStart);
      segments.push({ kind: 'code', source: text.slice(lineStart, code.end), start: lineStart, code: code.code, language: code.language });
      chunkStart = code.end;
      blockStart = code.end;
      previousBlank = false;
      lastListKind = undefined;
      lineStart = code.end;
      continue;
    }

    const table = fence === undefined && htmlEnd === undefined && previousBlank ? bigTableAt(text, lineStart, line) : undefined;
    if (table !== undefined) {
      closeBlock(lineStart);
      pushMarkdown(lineStart);
      segments.push({ kind: 'table', source: text.slice(lineStart, table.end), start: lineStart, head: table.head, rows: table.rows });
      chunkStart = table.end;
      blockStart = table.end;
      previousBlank = false;
      lastListKind = undefined;
      lineStart = table.end;
      continue;
    }

    const blank = BLANK.test(line);
    if (fence !== undefined) {
      const close = FENCE.exec(line);
      if (close?.[1] !== undefined && close[1][0] === fence.char && close[1].length >= fence.length && BLANK.test(line.slice(close[0].length)))
        fence = undefined;
    } else if (htmlEnd !== undefined) {
      if (htmlEnd.test(line)) htmlEnd = undefined;
    } else if (!blank) {
      const topLevel = line[0] !== ' ' && line[0] !== '\t';
      const listKind = topLevel ? listKindOf(line) : undefined;
      // A cut needs a finished line (a streamed one may still change) at column 0 after a blank line, and a list
      // item there must not continue the list above it.
      if (previousBlank && topLevel && ended && lineStart > 0 && (listKind === undefined || listKind !== lastListKind)) {
        closeBlock(lineStart);
        if (lineStart - chunkStart >= CHUNK_TARGET_CHARS) pushMarkdown(lineStart);
      }
      if (topLevel) lastListKind = listKind;
      const open = FENCE.exec(line);
      if (open?.[1] !== undefined && !(open[1][0] === '`' && line.slice(open[0].length).includes('`'))) {
        fence = { char: open[1][0]!, length: open[1].length, line };
      } else {
        const html = HTML_BLOCKS.find(([start]) => start.test(line));
        if (html !== undefined && !html[1].test(line)) htmlEnd = html[1];
      }
      blockDepth = Math.max(blockDepth, depthOf(line));
    }
    previousBlank = blank && fence === undefined && htmlEnd === undefined;
    lineStart = next;
  }
  closeBlock(text.length);
  pushMarkdown(text.length);
  return segments;
}

const ATX_HEADING = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?)*#{1,6}(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

/**
 * Whether a markdown source may hold a heading: an ATX line (`# …`, also inside a list item or a quote) or a setext
 * underline (`===`, `---`) under a line of text, outside code fences. Cheap and linear; it may say yes for a `---`
 * rule under a list item, never no for a real heading.
 * @param source a markdown source (a whole text or one segment)
 */
export function mayHoldHeading(source: string): boolean {
  let fence: { char: string; length: number } | undefined;
  let previousText = false;
  for (const line of source.split('\n')) {
    const marker = FENCE.exec(line);
    if (fence !== undefined) {
      if (marker?.[1] !== undefined && marker[1][0] === fence.char && marker[1].length >= fence.length) fence = undefined;
      previousText = false;
      continue;
    }
    if (marker?.[1] !== undefined) {
      fence = { char: marker[1][0]!, length: marker[1].length };
      previousText = false;
      continue;
    }
    if (ATX_HEADING.test(line) || (previousText && SETEXT_UNDERLINE.test(line))) return true;
    previousText = !BLANK.test(line);
  }
  return false;
}

/** A character or sequence that may start inline markup (escapes, code, emphasis, strikethrough, links, raw HTML,
 * character references, GFM autolink literals) or that the parser rewrites (NUL, CR); a tab is left to the parser. */
const INLINE_MARKUP = /[\\`*_~[\]<>&@:\t\0\r]|www\./i;
/** A line that starts with a letter opens no block but a paragraph (no heading, list, quote, fence or indent). */
const LETTER_FIRST = /^\p{L}/u;

/**
 * The text of a line that is one paragraph of plain text (CommonMark with GFM): it starts with a letter and holds no
 * character that may start inline markup, so the parser would give a paragraph of exactly this text (its trailing
 * spaces dropped). Lets a folded very long line skip the parser (tens of milliseconds for 20,000 characters).
 * Conservative: `undefined` means "parse it", never that the line has markup.
 * @param line one line of markdown (no newline)
 * @returns the paragraph's text, or `undefined` when the line may hold markup
 */
export function plainParagraphOf(line: string): string | undefined {
  if (!LETTER_FIRST.test(line) || INLINE_MARKUP.test(line)) return undefined;
  return line.replace(/ +$/, '');
}

const DEFINITION = /^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\S[^\n]*$/gm;

/**
 * The one-line link reference definitions (`[id]: https://…`) of a text, one per line, so each chunk can be given
 * them all: a reference used in one chunk and defined in another still resolves (a definition renders nothing).
 * @param text the markdown source
 * @returns the definition lines joined by newlines, or `''` when there are none
 */
export function referenceDefinitionsOf(text: string): string {
  return (text.match(DEFINITION) ?? []).join('\n');
}

const cache = new Map<string, MarkdownSegment[]>();
const CACHE_SIZE = 16;

/**
 * {@link splitMarkdown} with a small cache (the last 16 texts), so the card that asks what was capped and the
 * Markdown component that renders it split a plan once.
 * @param text the markdown source
 * @returns the segments (shared: do not mutate)
 */
export function markdownSegmentsOf(text: string): MarkdownSegment[] {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const segments = splitMarkdown(text);
  cache.set(text, segments);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return segments;
}

/** What a text's rendering caps: long lines folded and deep blocks shown raw (counts). */
export type MarkdownCaps = { longLines: number; deepBlocks: number };

/**
 * What of `text` the Markdown component shows capped ("say in the card when something was capped").
 * @param text the markdown source
 * @returns the counts, or `undefined` when nothing is capped
 */
export function markdownCapsOf(text: string): MarkdownCaps | undefined {
  let longLines = 0;
  let deepBlocks = 0;
  for (const segment of markdownSegmentsOf(text)) {
    if (segment.kind === 'long-line') longLines += 1;
    else if (segment.kind === 'deep') deepBlocks += 1;
  }
  return longLines + deepBlocks === 0 ? undefined : { longLines, deepBlocks };
}
