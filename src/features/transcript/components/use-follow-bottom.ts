/**
 * The transcript's scroll rules: it opens at the bottom and follows new output only while the reader is there; leaving
 * the bottom is the reader's decision alone (a scroll with no wheel, touch, key or pointer input of theirs behind it —
 * the virtualizer correcting a row measured taller, the browser clamping when the dock shrinks — keeps following, and
 * reaching the bottom always resumes it); older rows prepended keep the rows in view where they were; near the top (or
 * while the rows do not fill the view) the next older page is asked for.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { TranscriptItem, TranscriptView } from '../../../core/transcript/fold.ts';

/** The reader counts as at the bottom within this many pixels of it. */
const AT_BOTTOM_PX = 80;
/** An older page is asked for when the reader is within this many pixels of the top. */
const NEAR_TOP_PX = 800;
/** How long after the reader's own input a scroll away from the bottom counts as the reader leaving it, in ms. */
const INTENT_MS = 700;

/** What the scroll rules read. */
export interface FollowBottomOptions {
  /** The scroll container, when it is mounted. */
  scroller: () => HTMLDivElement | null;
  virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement>;
  items: readonly TranscriptItem[];
  /** The line under the rows and the open turn: a change may move the bottom. */
  waiting: unknown;
  openTurn: TranscriptView['openTurn'];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: (() => void) | undefined;
}

/**
 * @returns the scroll container's handlers (`onScroll`, and the reader's input: `markIntent` for wheel, touch and keys,
 *   `holdIntent` for a pointer held down) and `stopFollowing` (a row was brought into view on purpose)
 */
export function useFollowBottom({ scroller, virtualizer, items, waiting, openTurn, hasOlder, loadingOlder, onLoadOlder }: FollowBottomOptions) {
  const atBottom = useRef(true);
  /** Where the last follow-the-bottom write put the scroll position (its own scroll event is not the reader's). */
  const followedTo = useRef<number | undefined>(undefined);
  /** When the reader last moved the transcript themselves (`performance.now()`); `Infinity` while a pointer is down. */
  const intentAt = useRef(-Infinity);
  const firstKey = useRef<string | undefined>(undefined);

  // Older rows prepended: keep the rows in view where they were (unless following the bottom).
  useLayoutEffect(() => {
    const previous = firstKey.current;
    firstKey.current = items[0]?.key;
    const el = scroller();
    if (!el || previous === undefined || items[0]?.key === previous || atBottom.current) return;
    const shifted = items.findIndex((item) => item.key === previous);
    const start = shifted > 0 ? virtualizer.measurementsCache[shifted]?.start : undefined;
    if (start !== undefined) el.scrollTop += start;
  }, [items, virtualizer, scroller]);

  // Follow the bottom while the reader is there: one scroll write per frame, after the frame's own layout work is due
  // anyway (no forced layout per streamed event). A short transcript with older history loads more.
  const totalSize = virtualizer.getTotalSize();
  const viewport = virtualizer.scrollRect?.height;
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = scroller();
      if (!el) return;
      if (atBottom.current) {
        el.scrollTop = el.scrollHeight;
        followedTo.current = el.scrollTop;
      }
      if (hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) onLoadOlder?.();
    });
    return () => cancelAnimationFrame(frame);
  }, [scroller, items, totalSize, viewport, waiting, openTurn, hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const el = scroller();
    if (!el) return;
    // The scroll event of our own follow write: the rows may have grown since, which must not read as the reader leaving.
    if (el.scrollTop === followedTo.current) return;
    followedTo.current = undefined;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    if (nearBottom) atBottom.current = true;
    else if (performance.now() - intentAt.current < INTENT_MS) atBottom.current = false;
    if (hasOlder && !loadingOlder && el.scrollTop < NEAR_TOP_PX) onLoadOlder?.();
  };
  const markIntent = () => {
    if (intentAt.current !== Infinity) intentAt.current = performance.now();
  };
  // A drag of the scrollbar (or a text selection) lasts as long as the pointer is down.
  const holdIntent = () => {
    intentAt.current = Infinity;
    const release = () => {
      intentAt.current = performance.now();
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };
  const stopFollowing = useCallback(() => {
    atBottom.current = false;
  }, []);
  return { onScroll, markIntent, holdIntent, stopFollowing };
}
