/**
 * The session transcript as a view of its props: a labelled region of messages, tool, command and plan cards and quiet
 * system lines in log order, virtualised, with its own scroll container and scroll rules (`use-follow-bottom.ts`), the
 * notes above the rows and the turn line under them; a find box (Ctrl/Cmd+F inside the transcript, or "Find") searches
 * every folded row. It holds only view state.
 */
import { memo, useMemo, useRef, type KeyboardEvent } from 'react';
import type { TranscriptView as FoldedTranscript } from '../../../core/transcript/fold.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { shownRows, turnLineOf } from '../model/rows.ts';
import { LogEndedContext } from './log-ended.ts';
import { TranscriptNotes } from './transcript-notes.tsx';
import { useFind } from './use-find.ts';
import '../transcript.css';

// The find box is a chunk of its own, prefetched at idle (`src/app/prefetch.ts`); until it is in, the button stays.
const findBox = lazyModule(() => import('./find-box.tsx'));
// The rows, their renderers and the virtualizer: a chunk wanted once there are rows, prefetched first at idle.
const body = lazyModule(() => import('./transcript-body.tsx'));

/**
 * Load the rows' chunk now (or join the load under way).
 * @returns resolves when it was tried; never rejects (a failed chunk is tried again when rows are next shown)
 */
export async function loadTranscriptBody(): Promise<void> {
  await body.load();
}

/**
 * Load the find box chunk now (or join the load under way).
 * @returns resolves when it was tried; never rejects
 */
export async function loadFindBox(): Promise<void> {
  await findBox.load();
}

/** Props of `TranscriptView`: the session's folded transcript, its load and paging state. */
export interface TranscriptViewProps {
  /** The folded rows and the open turn (the session store's `transcriptOf`). */
  transcript: FoldedTranscript;
  loaded: boolean;
  error: string | undefined;
  /** Offered as "Try again" next to a load error (pulls the baseline again). */
  onRetry?: (() => void) | undefined;
  /** A question waits for the user: the turn line says "Waiting for your review" / "… answer" instead of "Running…". */
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
  onLoadOlder?: (() => void) | undefined;
  /** Load everything older at once (the find box's "Load all"). */
  onLoadAll?: (() => void) | undefined;
  /** A plan card to bring into view (the Reviews view), whenever `token` changes and the call's row is loaded. */
  scrollTarget?: { callId: string; token: number } | undefined;
}

/**
 * Render a session's transcript (see `TranscriptViewProps`). New output never moves the view once the reader scrolled
 * up; rows are measured as they render.
 */
export const TranscriptView = memo(function TranscriptView(props: TranscriptViewProps) {
  const {
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
  } = props;
  const t = useCopy(transcriptLocales);
  const items = useMemo(() => shownRows(transcript.items, hasOlder), [hasOlder, transcript.items]);
  const findButton = useRef<HTMLButtonElement>(null);
  const find = useFind(items, t, findButton);
  const FindBox = findBox.use(find.open)?.FindBox;
  const Body = body.use(items.length > 0)?.TranscriptBody;
  const bodyFailed = body.useFailed() && items.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      find.openFind();
    } else if (event.key === 'Escape' && find.open) {
      event.preventDefault();
      find.closeFind();
    }
  };
  const line = turnLineOf(transcript, items, waiting, readOnly);
  const notes = (
    <TranscriptNotes
      loaded={loaded}
      error={error}
      onRetry={onRetry}
      empty={items.length === 0}
      unreadable={unreadable}
      hasOlder={hasOlder}
      loadingOlder={loadingOlder}
      onLoadOlder={onLoadOlder}
    />
  );
  const turnLine = line ? <p className={`quiet ${line === 'waitingReview' || line === 'waitingAnswer' ? 'waiting' : 'running'}`}>{t[line]}</p> : null;
  return (
    <LogEndedContext value={readOnly}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Ctrl/Cmd+F and Escape are shortcuts scoped to the transcript region, not a control */}
      <section className="transcript" aria-label={t.region} onKeyDown={onKeyDown}>
        <div className="transcript-tools">
          {find.open && FindBox ? (
            <FindBox
              query={find.query}
              onQueryChange={find.changeQuery}
              current={find.position}
              total={find.matches.length}
              onMove={find.move}
              onClose={find.closeFind}
              partial={hasOlder}
              onLoadAll={onLoadAll}
              loadingAll={loadingOlder}
            />
          ) : (
            <button ref={findButton} type="button" className="button find-open" onClick={find.openFind} aria-keyshortcuts="Control+F Meta+F">
              {t.find}
            </button>
          )}
        </div>
        {Body ? (
          <Body
            items={items}
            waiting={waiting}
            openTurn={transcript.openTurn}
            hasOlder={hasOlder}
            loadingOlder={loadingOlder}
            onLoadOlder={onLoadOlder}
            findMatch={find.match}
            scrollTarget={props.scrollTarget}
            notes={notes}
            line={turnLine}
          />
        ) : (
          // No rows yet, or their chunk is on its way (or failed to load: said, with Try again).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the same focusable scroll container as the rows'
          <div className="transcript-scroller" tabIndex={0}>
            <div className="transcript-inner">
              {notes}
              {bodyFailed ? (
                <div role="alert" className="transcript-error">
                  <p>{t.rowsError}</p>
                  <button type="button" className="button" onClick={() => void loadTranscriptBody()}>
                    {t.retry}
                  </button>
                </div>
              ) : null}
              {turnLine}
            </div>
          </div>
        )}
      </section>
    </LogEndedContext>
  );
});
