/**
 * The outline of a plan (docs/review-comments.md "Outline"): its headings at any depth (inside list items and quotes
 * too) with their source lines, found by one linear pass over the lines that follows the CommonMark block structure
 * (code and HTML blocks skipped, the ATX and setext rules), and which of their sections changed since the previous
 * revision, from the line diff of `follow-up.ts`. Pure. The diff is only pulled in by `changedSectionsOf`'s caller.
 */
import { blanksFrom, spacesFrom } from '../blanks.ts';
import { sourceLinesOf } from './anchors.ts';
import type { changedLinesOf } from './follow-up.ts';

/** A heading of the outline: its level (1-6), its text without Markdown marks, and its source line (1-based). */
export interface OutlineHeading {
  level: number;
  text: string;
  /** First source line of the heading (a setext heading starts at its first text line). */
  line: number;
}

/**
 * The readable text of a heading's inline Markdown: links and images keep their text, code spans their code, and
 * emphasis marks and backslash escapes go.
 */
export function headingTextOf(inline: string): string {
  // Escaped marks are set aside as private-use characters, so emphasis never pairs with them.
  return inline
    .replace(/\\([!-/:-@[-`{-~])/g, (_, mark: string) => String.fromCharCode(0xe000 + mark.charCodeAt(0)))
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*{1,3}|_{1,3})(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/~~(\S(?:.*?\S)?)~~/g, '$1')
    .replace(/[\ue000-\ue07f]/g, (mark) => String.fromCharCode(mark.charCodeAt(0) - 0xe000))
    .replace(/\s+/g, ' ')
    .trim();
}

/** An open container of the line pass: a block quote, or a list item with its content indent (columns). */
type Container = { kind: 'quote' } | { kind: 'item'; indent: number; empty: boolean };
/** The open leaf block: a paragraph (its first line and text), a fence, an HTML block or an indented code block. */
type Leaf =
  | { kind: 'paragraph'; line: number; text: string[] }
  | { kind: 'fence'; char: string; length: number }
  | { kind: 'html'; end: RegExp | undefined }
  | { kind: 'code' }
  | { kind: 'table' };

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;

const RULE = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const QUOTE = /^ {0,3}> ?/;
/** A GFM table's delimiter row (`| --- | :-: |`); it needs a pipe, else `---` is a setext underline or a rule. */
const DELIMITER = /^ {0,3}(?=[^|]*\|)\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const MARKER = /^( {0,3})([-*+]|(\d{1,9})[.)])(?=[ \t]|$)/;
/** HTML block starts (CommonMark kinds 1-7) and the end of each: a line matching `end`, else a blank line. */
const HTML_BLOCKS: { start: RegExp; end?: RegExp; interrupts: boolean }[] = [
  { start: /^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, interrupts: true },
  { start: /^ {0,3}<!--/, end: /-->/, interrupts: true },
  { start: /^ {0,3}<\?/, end: /\?>/, interrupts: true },
  { start: /^ {0,3}<![A-Za-z]/, end: />/, interrupts: true },
  { start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/, interrupts: true },
  {
    start:
      /^ {0,3}<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[\s>]|\/>|$)/i,
    interrupts: true,
  },
  {
    start: /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)[ \t]*$/,
    interrupts: false,
  },
];

/** A line with its tabs expanded to spaces (tab stops of 4 columns), so container indents count columns. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(4 - (out.length % 4)) : char;
  return out;
}

/** The number of leading spaces of `text` (its tabs are expanded). */
function indentOf(text: string): number {
  return spacesFrom(text, 0);
}

/** {@link QUOTE} read at a position (sticky), not only at the start. */
const QUOTE_AT = new RegExp(QUOTE.source.slice(1), 'y');

/** The length of the block quote mark (`QUOTE`) at `at` in `line`, 0 when there is none. */
function quoteMarkAt(line: string, at: number): number {
  QUOTE_AT.lastIndex = at;
  return QUOTE_AT.exec(line)?.[0].length ?? 0;
}

/** Whether `text` is empty or only spaces and tabs. */
function isBlank(text: string): boolean {
  return blanksFrom(text, 0) === text.length;
}

/** The first characters of every block start but a paragraph's (digits for ordered list items). */
const STARTS = new Set('-#`~<>*+_=|:0123456789');

/** Whether `text` may start a block other than a paragraph: the fast path for plain text lines, without a regex. */
function mayStart(text: string): boolean {
  const indent = indentOf(text);
  return indent < 4 && STARTS.has(text.charAt(indent));
}

/** The number of cells of a GFM table row (pipes split cells unless escaped; outer pipes are optional). */
function cellCountOf(row: string): number {
  const cells = row.trim().split(/(?<!\\)\|/);
  if (cells.length > 1 && cells[0]!.trim() === '') cells.shift();
  if (cells.length > 1 && cells[cells.length - 1]!.trim() === '') cells.pop();
  return cells.length;
}

/**
 * The HTML block `text` opens (see {@link HTML_BLOCKS}): `undefined` when it opens none, `null` when it also ends on
 * this line, else the open block.
 */
function htmlStart(text: string, paragraph: boolean): Leaf | null | undefined {
  if (!/^ {0,3}</.test(text)) return undefined;
  const kind = HTML_BLOCKS.find((block) => (block.interrupts || !paragraph) && block.start.test(text));
  if (kind === undefined) return undefined;
  return kind.end?.test(text.slice(text.indexOf('<') + 2)) ? null : { kind: 'html', end: kind.end };
}

/** Whether `text` (a line's text inside its containers) starts a block other than a paragraph or a list item. */
function startsLeaf(text: string): boolean {
  return (
    mayStart(text) && (ATX.test(text) || FENCE.test(text) || RULE.test(text) || QUOTE.test(text) || HTML_BLOCKS.slice(0, 6).some((b) => b.start.test(text)))
  );
}

/**
 * The open containers of the line pass, outermost first, with running sums that let a line continue all of them in
 * O(1): a 500-level nested list is then linear, not quadratic (its outline took 20-30 ms on a first, unoptimised
 * run in the page, inside the review card's first render).
 */
class OpenContainers {
  readonly stack: Container[] = [];
  /** `indents[k]`: the columns the first `k` containers take when none is a quote (list items' content indents). */
  readonly indents: number[] = [0];
  /** `quotes[k]`: block quotes among the first `k` containers. */
  readonly quotes: number[] = [0];
  /** List items of the stack still without content (`empty`). */
  private empties = 0;

  /** Close every container after the first `count`. */
  keep(count: number): void {
    for (let k = count; k < this.stack.length; k += 1) {
      const container = this.stack[k]!;
      if (container.kind === 'item' && container.empty) this.empties -= 1;
    }
    this.stack.length = count;
    this.indents.length = count + 1;
    this.quotes.length = count + 1;
  }

  /** Open `container` inside the innermost one. */
  push(container: Container): void {
    const count = this.stack.length;
    this.stack.push(container);
    this.indents.push(this.indents[count]! + (container.kind === 'item' ? container.indent : 0));
    this.quotes.push(this.quotes[count]! + (container.kind === 'quote' ? 1 : 0));
    if (container.kind === 'item' && container.empty) this.empties += 1;
  }

  /** A line with content went into the open containers: none of their list items is empty any more. */
  filled(): void {
    if (this.empties === 0) return;
    for (const container of this.stack) if (container.kind === 'item') container.empty = false;
    this.empties = 0;
  }
}

/**
 * The plan's headings at any depth (inside list items and block quotes too), in source order, in one pass over its
 * lines (about 1 ms for 2,000 lines), following the CommonMark block structure: open quotes and list items are
 * matched on each line (a paragraph continues lazily), then the line's leaf block is read. A line inside a fenced or
 * indented code block or an HTML block is never a heading; a setext underline (`===`, `---`) under a paragraph of
 * the same container makes that paragraph a heading (a `---` that cannot is a rule). It finds the same headings as
 * the renderer's parser (remark with GFM), which the tests check on the recorded plans and generated ones.
 * @param plan the plan's Markdown (untrusted; any text)
 * @returns its headings; empty for a plan without any
 */
export function planOutlineOf(plan: string): OutlineHeading[] {
  const out: OutlineHeading[] = [];
  const containers = new OpenContainers();
  const stack = containers.stack;
  let leaf: Leaf | undefined;
  const lines = sourceLinesOf(plan);
  for (let i = 0; i < lines.length; i += 1) {
    const line = expandTabs(lines[i]!);
    // The open containers take their marks and indents off the line's start by moving an offset, never by slicing.
    // Inside list items only (no quote open), a line that is not blank and is indented at least as far as all of them
    // together continues them all, in O(1) (`containers.indents`); else they are matched one by one.
    let at = 0;
    let lead = indentOf(line);
    let matched = 0;
    const allIndent = containers.indents[stack.length]!;
    if (containers.quotes[stack.length] === 0 && lead < line.length && lead >= allIndent) {
      matched = stack.length;
      at = allIndent;
      lead -= allIndent;
    } else {
      for (const container of stack) {
        if (container.kind === 'quote') {
          const quote = quoteMarkAt(line, at);
          if (quote === 0) break;
          at += quote;
          lead = spacesFrom(line, at);
        } else if (at + lead === line.length) {
          // A blank line (tabs are expanded, so only spaces are left). A list item can start with at most one.
          if (container.empty) break;
          at = line.length;
          lead = 0;
        } else if (lead >= container.indent) {
          at += container.indent;
          lead -= container.indent;
        } else break;
        matched += 1;
      }
    }
    let rest = line.slice(at);
    const allMatched = matched === stack.length;
    // The parser lets a list item interrupt an indented code block only as it would a paragraph.
    const afterCode = leaf?.kind === 'code';
    if (leaf !== undefined && leaf.kind !== 'paragraph') {
      if (allMatched) {
        if (leaf.kind === 'fence') {
          const close = FENCE.exec(rest);
          if (close && close[1]![0] === leaf.char && close[1]!.length >= leaf.length && close[2]!.trim() === '') leaf = undefined;
          continue;
        }
        if (leaf.kind === 'html') {
          if (leaf.end ? leaf.end.test(rest) : isBlank(rest)) leaf = undefined;
          continue;
        }
        if (leaf.kind === 'code' && (isBlank(rest) || indentOf(rest) >= 4)) continue;
        // A table row is any line up to a blank line or the start of another block.
        if (leaf.kind === 'table' && !isBlank(rest) && !startsLeaf(rest) && (MARKER.exec(rest) === null || indentOf(rest) >= 4)) continue;
      }
      leaf = undefined;
    }
    // New containers at the start of the line's text.
    const opened: Container[] = [];
    const paragraph = leaf?.kind === 'paragraph' ? leaf : undefined;
    for (;;) {
      if (!mayStart(rest)) break;
      const quote = QUOTE.exec(rest);
      if (quote !== null) {
        opened.push({ kind: 'quote' });
        rest = rest.slice(quote[0].length);
        continue;
      }
      const marker = MARKER.exec(rest);
      if (marker === null || RULE.test(rest) || (paragraph && opened.length === 0 && allMatched && SETEXT.test(rest))) break;
      const after = rest.slice(marker[0].length);
      const empty = isBlank(after);
      // A list item interrupts a paragraph (in the same containers) only with content, and an ordered one only when
      // it starts at 1.
      if ((paragraph || afterCode) && allMatched && opened.length === 0 && (empty || (marker[3] !== undefined && marker[3] !== '1'))) break;
      const spaces = indentOf(after);
      const width = marker[0].length + (empty || spaces >= 5 ? 1 : spaces);
      opened.push({ kind: 'item', indent: width, empty });
      rest = empty ? '' : rest.slice(width);
    }
    if (opened.length === 0 && !allMatched && paragraph && !isBlank(rest) && !startsLeaf(rest)) {
      // A lazy continuation line: the paragraph goes on, its containers stay open.
      paragraph.text.push(rest.trim());
      continue;
    }
    if (opened.length > 0 || !allMatched) {
      containers.keep(matched);
      for (const container of opened) containers.push(container);
      leaf = undefined;
    }
    if (isBlank(rest)) {
      leaf = undefined;
      continue;
    }
    containers.filled();
    const open = leaf?.kind === 'paragraph' ? leaf : undefined;
    if (!mayStart(rest) && indentOf(rest) < 4) {
      if (open) open.text.push(rest.trim());
      else leaf = { kind: 'paragraph', line: i + 1, text: [rest.trim()] };
      continue;
    }
    const fence = FENCE.exec(rest);
    const atx = ATX.exec(rest);
    const html = htmlStart(rest, open !== undefined);
    if (indentOf(rest) >= 4) {
      if (open) open.text.push(rest.trim());
      else leaf = { kind: 'code' };
    } else if (atx) {
      out.push({ level: atx[1]!.length, text: headingTextOf(atx[2] ?? ''), line: i + 1 });
      leaf = undefined;
    } else if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
      leaf = { kind: 'fence', char: fence[1]![0]!, length: fence[1]!.length };
    } else if (html !== undefined) {
      leaf = html ?? undefined;
    } else if (open && DELIMITER.test(rest) && cellCountOf(rest) === cellCountOf(open.text[open.text.length - 1]!)) {
      // A GFM table: the paragraph's last line is its header row.
      leaf = { kind: 'table' };
    } else if (open && SETEXT.test(rest)) {
      out.push({ level: rest.includes('=') ? 1 : 2, text: headingTextOf(open.text.join(' ')), line: open.line });
      leaf = undefined;
    } else if (RULE.test(rest)) {
      leaf = undefined;
    } else if (open) {
      open.text.push(rest.trim());
    } else {
      leaf = { kind: 'paragraph', line: i + 1, text: [rest.trim()] };
    }
  }
  return out;
}

/**
 * The headings whose own section changed since the previous revision: a section runs from its heading to the line
 * before the next heading (any level); it changed when one of its lines is not in the previous revision, or lines of
 * the previous revision were removed inside it or at its end. Deterministic (the line diff), never a guess about
 * meaning.
 * @param headings `planOutlineOf(plan)` of the revision under review
 * @param lineCount the number of source lines of that revision (`sourceLinesOf(plan).length`)
 * @param diff `changedLinesOf(previous revision, this revision)` **swapped**: `changedLinesOf(plan, previousPlan)`, so
 *   `changed` holds this revision's lines that the previous one lacks and `insertedBefore` the lines before which
 *   the previous revision had lines this one lacks
 * @returns the `line` of each changed heading
 */
export function changedSectionsOf(headings: readonly OutlineHeading[], lineCount: number, diff: ReturnType<typeof changedLinesOf>): Set<number> {
  const out = new Set<number>();
  headings.forEach((heading, i) => {
    const end = i + 1 < headings.length ? headings[i + 1]!.line - 1 : lineCount;
    for (let line = heading.line; line <= end + 1; line += 1) {
      if ((line <= end && diff.changed.has(line)) || (line > heading.line && diff.insertedBefore.has(line))) {
        out.add(heading.line);
        return;
      }
    }
  });
  return out;
}
