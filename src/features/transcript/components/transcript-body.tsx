/**
 * The transcript's rows and their scroll container: the virtualizer (`@tanstack/react-virtual`), following the bottom,
 * scrolling to a find match or a requested plan card, and every row's renderer. A chunk of its own, off the first load
 * (a blank session needs none of it): `transcript-view.tsx` reads it through `lazyModule().use()` once there are rows,
 * and the page prefetches it first at idle (src/app/prefetch.ts), so it is in before rows come on any later page.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { TranscriptItem, TranscriptView } from '../../../core/transcript/fold.ts';
import { TranscriptRows } from './transcript-rows.tsx';
import { useFollowBottom } from './use-follow-bottom.ts';
import { useRowVirtualizer } from './use-row-virtualizer.ts';

/** Props of {@link TranscriptBody}. */
export interface TranscriptBodyProps {
  /** The rows shown (`shownRows`). */
  items: readonly TranscriptItem[];
  /** A question waits for the user (following the bottom keeps its last row in view). */
  waiting: 'review' | 'answer' | undefined;
  /** The open turn of the folded transcript (following the bottom keeps up with it). */
  openTurn: TranscriptView['openTurn'];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: (() => void) | undefined;
  /** Index of the find box's current match, to scroll to. */
  findMatch: number | undefined;
  /** A plan card to bring into view, whenever `token` changes and the call's row is loaded. */
  scrollTarget: { callId: string; token: number } | undefined;
  /** The notes above the rows (`TranscriptNotes`). */
  notes: ReactNode;
  /** The turn line below the rows ("Running…", "Waiting for your review"). */
  line: ReactNode;
}

/** Bring a requested plan card into view once per request (its token), and let keyboard focus follow to its row. */
function useScrollTarget(props: {
  target: TranscriptBodyProps['scrollTarget'];
  index: number;
  scrollTo: (index: number) => void;
  scroller: { current: HTMLDivElement | null };
}) {
  const { target, index, scrollTo, scroller } = props;
  const scrolledToken = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (target === undefined || index < 0 || scrolledToken.current === target.token) return;
    scrolledToken.current = target.token;
    scrollTo(index);
    let frames = 0;
    const focusRow = () => {
      const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      if (row) row.focus({ preventScroll: true });
      else if (++frames < 10) requestAnimationFrame(focusRow);
    };
    requestAnimationFrame(focusRow);
  }, [target, index, scrollTo, scroller]);
}

/** The scroll container with the notes, the rows and the turn line (see {@link TranscriptBodyProps}). */
export function TranscriptBody({ items, waiting, openTurn, hasOlder, loadingOlder, onLoadOlder, findMatch, scrollTarget, notes, line }: TranscriptBodyProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useRowVirtualizer(items, scroller, hasOlder);
  const getScroller = useCallback(() => scroller.current, []);
  const follow = useFollowBottom({ scroller: getScroller, virtualizer, items, waiting, openTurn, hasOlder, loadingOlder, onLoadOlder });
  const { stopFollowing } = follow;
  const scrollTo = useCallback(
    (index: number) => {
      stopFollowing();
      virtualizer.scrollToIndex(index, { align: 'center' });
    },
    [stopFollowing, virtualizer],
  );
  const targetIndex = useMemo(
    () => (scrollTarget === undefined ? -1 : items.findIndex((item) => item.kind === 'tool' && item.callId === scrollTarget.callId)),
    [items, scrollTarget],
  );
  // The current match scrolls into view; so does a plan card the Reviews view asked for, through the same path.
  useEffect(() => {
    if (findMatch !== undefined) scrollTo(findMatch);
  }, [findMatch, scrollTo]);
  useScrollTarget({ target: scrollTarget, index: targetIndex, scrollTo, scroller });
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a scroll container; its listeners only note the user's scroll intent
    <div
      className="transcript-scroller"
      ref={scroller}
      onScroll={follow.onScroll}
      onWheel={follow.markIntent}
      onTouchMove={follow.markIntent}
      onKeyDown={follow.markIntent}
      onPointerDown={follow.holdIntent}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container must be focusable to scroll by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <div className="transcript-inner">
        {notes}
        <TranscriptRows items={items} virtualizer={virtualizer} current={findMatch ?? (targetIndex >= 0 ? targetIndex : undefined)} />
        {line}
      </div>
    </div>
  );
}
