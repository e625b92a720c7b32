/**
 * The session transcript: a labelled region of messages, tool, command and plan cards and quiet system lines in log
 * order, from the session store's incremental fold, with a note counting unreadable events. Virtualised
 * (`@tanstack/react-virtual`): it owns its scroll container and scroll rules — opens at the bottom, follows new
 * output only while the reader is at the bottom, loads older history near the top keeping the rows in view; a find
 * box searches every folded row. Server state comes as props; it holds only view state.
 */
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TranscriptItem, TranscriptView } from '../../core/transcript/fold.ts';
import { AssistantMessage, isEmptyAssistant } from './assistant-message.tsx';
import { CommandCard } from './command-card.tsx';
import { FindBox } from './find-box.tsx';
import { useCopy } from '../../lib/language.ts';
import { transcriptLocales } from './locales.ts';
import { PlanCard } from './plan-card.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuietLine } from './quiet-line.tsx';
import { findRows } from './row-text.ts';
import { ToolCard } from './tool-card.tsx';
import { UserMessage } from './user-message.tsx';
import './transcript.css';
import { LogEndedContext } from './log-ended.ts';

/** Props of `Transcript`: the session's folded transcript, its load and paging state. */
export interface TranscriptProps {
  /** The folded rows and the open turn (the session store's `transcriptOf`). */
  transcript: TranscriptView;
  loaded: boolean;
  error: string | undefined;
  /** Offered as "Try again" next to a load error (pulls the baseline again). */
  onRetry?: () => void;
  /**
   * A question waits for the user (`review`: a plan review; `answer`: any other question): the turn's marker says
   * "Waiting for your review" / "Waiting for your answer" instead of "Running…".
   */
  waiting?: 'review' | 'answer' | undefined;
  /** A read-only log that will not go on: unfinished turns, calls and reviews say the log ends there. */
  readOnly?: boolean;
  /** How many events could not be shown (payload of the wrong shape); 0 or undefined shows no note. */
  unreadable?: number;
  /** Older history exists that is not loaded (the history loads from the tail in pages). */
  hasOlder?: boolean;
  /** An older page is on its way. */
  loadingOlder?: boolean;
  /** Load the next older page; called when the reader nears the top (or presses the button). */
  onLoadOlder?: () => void;
  /** Load everything older at once (the find box's "Load all"). */
  onLoadAll?: () => void;
  /**
   * A plan card to bring into view (the Reviews view): scrolled to and outlined as the find box does
   * with its current match, whenever `token` changes and the call's row is loaded.
   */
  scrollTarget?: { callId: string; token: number } | undefined;
}

/** Rows whose height is not measured yet are estimated at this many pixels. */
const ESTIMATED_ROW_PX = 120;
/** The reader counts as at the bottom within this many pixels of it (as before virtualisation). */
const AT_BOTTOM_PX = 80;
/** An older page is asked for when the reader is within this many pixels of the top. */
const NEAR_TOP_PX = 800;
/**
 * How long after the reader's own wheel, touch, key or pointer input a scroll away from the bottom counts as the
 * reader leaving it, in ms. Other scrolls (the virtualizer correcting for a row measured taller, the browser
 * clamping when the dock above shrinks) never stop following; reaching the bottom always resumes it.
 */
const INTENT_MS = 700;
/**
 * Without layout (a DOM without a layout engine, as in unit tests, or a hidden container) the scroll element
 * measures 0 px: the range then covers this many estimated rows instead of none.
 */
const NO_LAYOUT_ROWS = 200;

function Row({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return <UserMessage item={item} />;
    case 'assistant':
      return <AssistantMessage item={item} />;
    case 'tool':
      if (item.name === 'exit_plan_mode') return <PlanCard item={item} />;
      if (item.name === 'ask_user_question') return <QuestionCard item={item} />;
      return <ToolCard item={item} />;
    case 'command':
      return <CommandCard item={item} />;
    case 'notice':
    case 'plan-mode':
    case 'mode':
    case 'turn-end':
      return <QuietLine item={item} />;
    default: {
      const never: never = item;
      return never;
    }
  }
}

/**
 * The rows to show: without assistant steps that ended with nothing to show (stopped before their first word: the
 * turn's end line says what happened) and, while older pages are missing (`hasOlder`), without
 * results whose call is not loaded; the same array when nothing is left out.
 */
function shownRows(items: readonly TranscriptItem[], hasOlder: boolean): readonly TranscriptItem[] {
  const hidden = (item: TranscriptItem) => (item.kind === 'tool' && item.orphan === true && hasOlder) || (item.kind === 'assistant' && isEmptyAssistant(item));
  return items.some(hidden) ? items.filter((item) => !hidden(item)) : items;
}

/** The last row is an assistant message still streaming: its own "Writing…" already says the turn is running. */
function streamingLast(items: readonly TranscriptItem[]): boolean {
  const last = items[items.length - 1];
  return last !== undefined && last.kind === 'assistant' && last.streaming;
}

/**
 * Up to this many rows every row is rendered (still measured and positioned by the virtualizer): a short session
 * stays whole in the page, for assistive technology and the browser's own find; longer ones render a window.
 */
const FULL_RENDER_ROWS = 100;

/** The rows to render: all of a short transcript, else the visible window with its overscan. */
function rangeOf(range: Range): number[] {
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
 * Render a session's transcript (see `TranscriptProps`). New output never moves the view once the reader scrolled
 * up; rows are measured as they render; the find box opens with Ctrl/Cmd+F inside the transcript or "Find".
 */
export function Transcript({
  transcript,
  loaded,
  error,
  onRetry,
  waiting,
  readOnly = false,
  unreadable = 0,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder,
  onLoadAll,
  scrollTarget,
}: TranscriptProps) {
  const t = useCopy(transcriptLocales);
  const { openTurn } = transcript;
  // While older pages are missing, a result whose call is on one of them is not shown alone: it joins its card once
  // the call is loaded (loaded history is one run up to the tail, so a loaded call always has its result).
  const items = useMemo(() => shownRows(transcript.items, hasOlder), [hasOlder, transcript.items]);
  const scroller = useRef<HTMLDivElement>(null);
  const findButton = useRef<HTMLButtonElement>(null);
  const atBottom = useRef(true);
  /** Where the last follow-the-bottom write put the scroll position (its own scroll event is not the reader's). */
  const followedTo = useRef<number | undefined>(undefined);
  /** When the reader last moved the transcript themselves (`performance.now()`); `Infinity` while a pointer is down on it. */
  const intentAt = useRef(-Infinity);
  const firstKey = useRef<string | undefined>(undefined);
  const virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement> = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => items[index]?.key ?? index,
    observeElementRect: observeRect,
    measureElement: measureRow,
    rangeExtractor: rangeOf,
    overscan: 4,
  });

  // Find box: view state only; matches are recomputed from the folded rows.
  const [findOpen, setFindOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [matchAt, setMatchAt] = useState(0);
  const matches = useMemo(() => (findOpen ? findRows(items, query, t) : []), [findOpen, items, query, t]);
  const findCurrent = matches.length === 0 ? undefined : matches[Math.min(matchAt, matches.length - 1)];
  // A plan card asked for by the Reviews view, while the find box has no current match of its own.
  const targetIndex = useMemo(
    () => (scrollTarget === undefined ? -1 : items.findIndex((item) => item.kind === 'tool' && item.callId === scrollTarget.callId)),
    [items, scrollTarget],
  );
  const current = findCurrent ?? (targetIndex >= 0 ? targetIndex : undefined);

  // Older rows prepended: keep the rows in view where they were (unless following the bottom).
  useLayoutEffect(() => {
    const previous = firstKey.current;
    firstKey.current = items[0]?.key;
    const el = scroller.current;
    if (!el || previous === undefined || items[0]?.key === previous || atBottom.current) return;
    const shifted = items.findIndex((item) => item.key === previous);
    const start = shifted > 0 ? virtualizer.measurementsCache[shifted]?.start : undefined;
    if (start !== undefined) el.scrollTop += start;
  }, [items, virtualizer]);

  // Follow the bottom while the reader is there: one scroll write per frame, after the frame's own layout work
  // is due anyway (no forced layout per streamed event). A short transcript with older history loads more.
  const totalSize = virtualizer.getTotalSize();
  const viewport = virtualizer.scrollRect?.height;
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = scroller.current;
      if (!el) return;
      if (atBottom.current) {
        el.scrollTop = el.scrollHeight;
        followedTo.current = el.scrollTop;
      }
      if (hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) onLoadOlder?.();
    });
    return () => cancelAnimationFrame(frame);
  }, [items, totalSize, viewport, waiting, openTurn, hasOlder, loadingOlder, onLoadOlder]);

  // The current match scrolls into view.
  useEffect(() => {
    if (findCurrent === undefined) return;
    atBottom.current = false;
    virtualizer.scrollToIndex(findCurrent, { align: 'center' });
  }, [findCurrent, virtualizer]);

  // So does a plan card the Reviews view asked for, once per request (its token), through the same path.
  const scrolledToken = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (scrollTarget === undefined || targetIndex < 0 || scrolledToken.current === scrollTarget.token) return;
    scrolledToken.current = scrollTarget.token;
    atBottom.current = false;
    virtualizer.scrollToIndex(targetIndex, { align: 'center' });
    // Keyboard focus follows to the row once it is rendered (a few frames at most), so Tab goes on from the plan card.
    let frames = 0;
    const focusRow = () => {
      const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${targetIndex}"]`);
      if (row) row.focus({ preventScroll: true });
      else if (++frames < 10) requestAnimationFrame(focusRow);
    };
    requestAnimationFrame(focusRow);
  }, [scrollTarget, targetIndex, virtualizer]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    // The scroll event of our own follow write: the rows may have grown since (a streamed chunk measured taller),
    // which must not read as the reader leaving the bottom.
    if (el.scrollTop === followedTo.current) return;
    followedTo.current = undefined;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    // Leaving the bottom is the reader's decision only: a scroll with no input of theirs behind it keeps following.
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

  const openFind = useCallback(() => setFindOpen(true), []);
  const refocusFind = useRef(false);
  const closeFind = useCallback(() => {
    refocusFind.current = true;
    setFindOpen(false);
  }, []);
  // Focus goes back to "Find" once it is rendered again.
  useEffect(() => {
    if (findOpen || !refocusFind.current) return;
    refocusFind.current = false;
    findButton.current?.focus();
  }, [findOpen]);
  const move = useCallback(
    (step: 1 | -1) => {
      setMatchAt((at) => (matches.length === 0 ? 0 : (Math.min(at, matches.length - 1) + step + matches.length) % matches.length));
    },
    [matches.length],
  );
  const onQueryChange = useCallback((next: string) => {
    setQuery(next);
    setMatchAt(0);
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      openFind();
    } else if (event.key === 'Escape' && findOpen) {
      event.preventDefault();
      closeFind();
    }
  };

  const virtualItems = virtualizer.getVirtualItems();
  return (
    <LogEndedContext value={readOnly}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Ctrl/Cmd+F and Escape are shortcuts scoped to the transcript region, not a control */}
      <section className="transcript" aria-label={t.region} onKeyDown={onKeyDown}>
        <div className="transcript-tools">
          {findOpen ? (
            <FindBox
              query={query}
              onQueryChange={onQueryChange}
              current={findCurrent === undefined ? 0 : matches.indexOf(findCurrent) + 1}
              total={matches.length}
              onMove={move}
              onClose={closeFind}
              partial={hasOlder}
              onLoadAll={onLoadAll}
              loadingAll={loadingOlder}
            />
          ) : (
            <button ref={findButton} type="button" className="button find-open" onClick={openFind} aria-keyshortcuts="Control+F Meta+F">
              {t.find}
            </button>
          )}
        </div>
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a scroll container; its listeners only note the user's scroll intent */}
        <div
          className="transcript-scroller"
          ref={scroller}
          onScroll={onScroll}
          onWheel={markIntent}
          onTouchMove={markIntent}
          onKeyDown={markIntent}
          onPointerDown={holdIntent}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container must be focusable to scroll by keyboard (WCAG 2.1.1)
          tabIndex={0}
        >
          <div className="transcript-inner">
            {error ? (
              <div role="alert" className="transcript-error">
                <p>{t.loadError(error)}</p>
                {onRetry ? (
                  <button type="button" className="button" onClick={onRetry}>
                    {t.retry}
                  </button>
                ) : null}
              </div>
            ) : null}
            {!loaded && items.length === 0 && !error ? <p className="quiet">{t.loading}</p> : null}
            {loaded && items.length === 0 && !hasOlder ? <p className="quiet">{t.empty}</p> : null}
            {unreadable > 0 ? <p className="quiet transcript-unreadable">{t.unreadable(unreadable)}</p> : null}
            {loadingOlder ? (
              <p className="quiet transcript-older" role="status">
                {t.loadingOlder}
              </p>
            ) : hasOlder ? (
              <p className="quiet transcript-older">
                {t.olderAvailable}{' '}
                {onLoadOlder ? (
                  <button type="button" className="button" onClick={onLoadOlder}>
                    {t.loadOlder}
                  </button>
                ) : null}
              </p>
            ) : null}
            <ol className="transcript-list" style={{ height: totalSize }}>
              {virtualItems.map((row) => {
                const item = items[row.index]!;
                const isCurrent = row.index === current;
                return (
                  <li
                    key={row.key}
                    ref={virtualizer.measureElement}
                    data-index={row.index}
                    aria-posinset={row.index + 1}
                    aria-setsize={items.length}
                    aria-current={isCurrent ? 'true' : undefined}
                    tabIndex={isCurrent ? -1 : undefined}
                    className={`row row-${item.kind}${isCurrent ? ' is-find-current' : ''}`}
                    style={{ transform: `translateY(${row.start}px)` }}
                  >
                    <Row item={item} />
                  </li>
                );
              })}
            </ol>
            {waiting !== undefined ? (
              <p className="quiet waiting">{waiting === 'review' ? t.waitingReview : t.waitingAnswer}</p>
            ) : openTurn !== undefined && !streamingLast(items) ? (
              <p className="quiet running">{readOnly ? t.logEndsInTurn : t.running}</p>
            ) : null}
          </div>
        </div>
      </section>
    </LogEndedContext>
  );
}
