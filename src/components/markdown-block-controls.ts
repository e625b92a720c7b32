/**
 * Block controls of the Markdown component: what the caller asks for after each heading, paragraph, list item, table
 * row and code block (the review card's "Comment" controls): a box carrying the block's source lines in the whole
 * text (`data-lines="start-end"`, 1-based, inclusive, from the parser's positions plus the segment's line offset, so
 * they never depend on how much of the text has rendered) with one button; each heading element, at any depth, carries
 * its first source line as `data-line`. The pipeline emits them as plain elements
 * (no component per block); the caller handles their clicks by delegation and fills a box when it needs to.
 */
import { createContext } from 'react';

/** A block of the rendered text: its kind and source lines in the whole text (1-based, inclusive). */
export interface RenderedBlock {
  kind: 'heading' | 'paragraph' | 'list-item' | 'table-row' | 'code';
  start: number;
  end: number;
}

/**
 * The box after (for a table row: in a last cell of) each block: `<div class={boxClass} data-lines="start-end">` with
 * `<button type="button" class={buttonClass} title={title(block)} aria-label={name(block)} aria-expanded="false">{label}</button>`.
 */
export interface BlockControls {
  /** Class(es) of the box, space-separated. */
  boxClass: string;
  /** Class(es) of its button, space-separated. */
  buttonClass: string;
  /** The button's text (its accessible name unless `name` gives one). */
  label: string;
  /**
   * The button's accessible name for a block, when the short visible `label` alone would name every button the same
   * (WCAG 2.5.3 "Label in Name": it should start with `label`); called once per block rendered.
   */
  name?: ((block: RenderedBlock) => string) | undefined;
  /** The button's title (tooltip) for a block; called once per block rendered. */
  title: (block: RenderedBlock) => string;
}

/** The caller's block controls, or undefined (the default: no controls, nothing extra rendered). */
export const BlockControlsContext = createContext<BlockControls | undefined>(undefined);

/** Lines of the whole text before the segment being rendered (a segment's parser lines start at 1). */
export const LineOffsetContext = createContext(0);

/**
 * The line offset of each segment: the count of lines before `start` in `text`, less one when the segment's source
 * starts with a line that is not in the text there (a fence line repeated to open a split code block).
 * @param text the whole text
 * @param segments `{source, start}` of each segment, in order
 * @returns one offset per segment
 */
export function segmentLineOffsets(text: string, segments: readonly { source: string; start: number }[]): number[] {
  const offsets: number[] = [];
  let line = 0;
  let at = 0;
  for (const segment of segments) {
    // Native `indexOf` from newline to newline: a loop over every character was milliseconds of a long plan's first commit.
    for (let nl = text.indexOf('\n', at); nl !== -1 && nl < segment.start; nl = text.indexOf('\n', nl + 1)) line += 1;
    at = Math.max(at, segment.start);
    offsets.push(text.startsWith(segment.source.slice(0, 64), segment.start) ? line : line - 1);
  }
  return offsets;
}
