/**
 * The outline of a plan (docs/review-comments.md "Outline"): its top-level headings with their source lines, found by
 * one linear pass over the lines (fences skipped, the CommonMark ATX and setext rules), and which of their sections
 * changed since the previous revision, from the line diff of `follow-up.ts`. Pure; headings inside lists and quotes
 * are not in the outline. The diff is only pulled in by `changedSectionsOf`'s caller, lazily.
 */
import { sourceLinesOf } from './anchors.ts';
import type { changedLinesOf } from './follow-up.ts';

/** A heading of the outline: its level (1-6), its text without Markdown marks, and its source line (1-based). */
export interface OutlineHeading {
  level: number;
  text: string;
  /** First source line of the heading (a setext heading starts at its first text line). */
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const BLANK = /^[ \t]*$/;
/** Lines that cannot continue a top-level paragraph into a setext heading (containers, breaks, tables, HTML). */
const NOT_PARAGRAPH = /^(?: {4}|\t| {0,3}(?:[>#<|]|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|(?:[-*_][ \t]*){3,}$))/;
const RULE = /^ {0,3}(?:[-*_][ \t]*){3,}$/;
/** A line that opens a list item or a quote. */
const CONTAINER = /^ {0,3}(?:>|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/;

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

/**
 * The plan's top-level headings, in source order, in one pass (about 1 ms for 2,000 lines). A line inside a fenced
 * code block, an indented line, or a line inside a list or quote is never a heading here; a setext underline (`===`,
 * `---`) under a top-level paragraph makes that paragraph a heading (a `---` after a blank line is a rule).
 * @param plan the plan's Markdown (untrusted; any text)
 * @returns its headings; empty for a plan without any
 */
export function planOutlineOf(plan: string): OutlineHeading[] {
  const out: OutlineHeading[] = [];
  let fence: { char: string; length: number } | undefined;
  /** First line and text of the open top-level paragraph, or undefined. */
  let paragraph: { line: number; text: string[] } | undefined;
  /** Inside a list or quote (until a blank line followed by an unindented line). */
  let container: 'list' | 'quote' | undefined;
  let afterBlank = true;
  const lines = sourceLinesOf(plan);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (fence !== undefined) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length && close[2]!.trim() === '') fence = undefined;
      continue;
    }
    if (BLANK.test(line)) {
      paragraph = undefined;
      afterBlank = true;
      continue;
    }
    const open = FENCE.exec(line);
    const atx = ATX.exec(line);
    if (container) {
      // An indented line continues a list item; an unindented one right after text is a lazy continuation or the
      // next item, unless it is a heading or a fence (they end the list).
      const interrupts = atx !== null || open !== null || RULE.test(line);
      if ((container === 'list' && /^(?: {2}|\t)/.test(line)) || (!afterBlank && !interrupts)) {
        afterBlank = false;
        continue;
      }
      container = undefined;
    }
    if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
      fence = { char: open[1]![0]!, length: open[1]!.length };
      paragraph = undefined;
    } else if (paragraph !== undefined && SETEXT.test(line)) {
      out.push({ level: line.includes('=') ? 1 : 2, text: headingTextOf(paragraph.text.join(' ')), line: paragraph.line });
      paragraph = undefined;
    } else if (atx) {
      out.push({ level: atx[1]!.length, text: headingTextOf(atx[2] ?? ''), line: i + 1 });
      paragraph = undefined;
    } else if (CONTAINER.test(line) && !RULE.test(line)) {
      container = /^ {0,3}>/.test(line) ? 'quote' : 'list';
      paragraph = undefined;
    } else if (paragraph !== undefined) {
      paragraph.text.push(line.trim());
    } else if (!NOT_PARAGRAPH.test(line)) {
      paragraph = { line: i + 1, text: [line.trim()] };
    } else {
      paragraph = undefined;
    }
    afterBlank = false;
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
