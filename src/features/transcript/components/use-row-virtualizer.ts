/**
 * The transcript's virtualizer (`@tanstack/react-virtual`): rows are measured as they render and estimated before;
 * a whole short session (up to `FULL_RENDER_ROWS` rows, nothing older to load) renders every row (it stays whole in the
 * page, for assistive technology and the browser's own find), anything else a window with overscan (a big session's
 * tail page is never rendered in one task). Without layout (unit tests, a hidden container) the
 * scroll element counts as `NO_LAYOUT_ROWS` estimated rows tall instead of none.
 */
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import type { TranscriptItem } from '../../../core/transcript/fold.ts';

/** Rows whose height is not measured yet are estimated at this many pixels. */
const ESTIMATED_ROW_PX = 120;
/** Rows the range covers when the scroll element has no layout. */
const NO_LAYOUT_ROWS = 200;
/** Up to this many rows every row is rendered (still measured and positioned by the virtualizer). */
const FULL_RENDER_ROWS = 100;

/** The rows to render: all of a whole short transcript, else the visible window with its overscan. */
function wholeRange(range: Range): number[] {
  return range.count <= FULL_RENDER_ROWS ? Array.from({ length: range.count }, (_, i) => i) : defaultRangeExtractor(range);
}

/** A row's measured height; a row without layout (0 px) keeps its estimate, as the scroll element does above. */
function measureRow(element: HTMLLIElement): number {
  const height = element.getBoundingClientRect().height;
  return height > 0 ? height : ESTIMATED_ROW_PX;
}

/** `observeElementRect` that reports `NO_LAYOUT_ROWS` estimated rows for an element without layout. */
const observeRect: typeof observeElementRect<HTMLDivElement> = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: NO_LAYOUT_ROWS * ESTIMATED_ROW_PX }));

/**
 * @param items the rows shown (keyed by their `key`)
 * @param scroller the scroll container
 * @param partial older history is not loaded (`hasOlder`): the session is long, so only the window renders
 */
export function useRowVirtualizer(
  items: readonly TranscriptItem[],
  scroller: RefObject<HTMLDivElement | null>,
  partial = false,
): Virtualizer<HTMLDivElement, HTMLLIElement> {
  return useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => items[index]?.key ?? index,
    observeElementRect: observeRect,
    measureElement: measureRow,
    rangeExtractor: partial ? defaultRangeExtractor : wholeRange,
    overscan: 4,
  });
}
