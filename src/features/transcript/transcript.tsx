/**
 * The transcript of one session: its folded rows, how far its history is loaded, what it waits for and whether it is a
 * log that will not go on, all read from src/session/, and the revision label of each plan card from its review
 * history. The view (`components/transcript-view.tsx`) owns the scroll container and its rules.
 */
import { useEffect, useMemo, useState } from 'react';
import type { TranscriptView as FoldedTranscript } from '../../core/transcript/fold.ts';
import { idleAfterNextPaint } from '../../lib/after-paint.ts';
import { useCallsWhilePlanning } from '../../session/acting.ts';
import { PlanModeCallsContext } from './components/plan-mode-calls.ts';
import { useSessionHistoryCommands, useSessionLoad, useSessionReadOnly, useSessionTranscript, useSessionWaiting } from '../../session/hooks.ts';
import { useSessionReviews } from '../../session/reviews.ts';
import { useTurnAudits } from '../../session/turn-audits.ts';
import { TurnAuditsContext } from './components/turn-audits.ts';
import { PlanRevisionsContext } from './components/plan-revisions.ts';
import { TranscriptView } from './components/transcript-view.tsx';
import { planRevisionLabelsOf } from './model/plan-revisions.ts';

/** Props of {@link Transcript}. */
export interface TranscriptProps {
  sessionId: string;
  /** A plan card to bring into view (the Reviews view), whenever `token` changes and the call's row is loaded. */
  scrollTarget?: { callId: string; token: number } | undefined;
  /** Older pages load as the reader nears the top (off while the transcript is not the shown tab). */
  pageOlder?: boolean;
}

/**
 * The folded rows and the wait to render: `live` and `waiting`, except from the commit in which the session starts to
 * wait (a review card or a question flow takes the dock) until after that commit's paint, when the rows and the wait
 * rendered last are kept: that commit renders no part of the transcript's view. The events of the burst the question
 * came with (its plan card, the new rows' measuring) and the transcript's "waiting" line then render once the page is
 * idle after the card's paint (`idleAfterNextPaint`, at most 100 ms later), not in the task right after it, so a key
 * or click on the card and the frames after it never wait behind them (docs/style.md "Lazy views render at once"); the rows
 * never go back to an older state, and nothing else waits.
 * @param live the session's folded transcript now
 * @param waiting what the session waits for now
 */
function useRowsAfterCard(
  live: FoldedTranscript,
  waiting: ReturnType<typeof useSessionWaiting>,
): { rows: FoldedTranscript; waiting: ReturnType<typeof useSessionWaiting> } {
  const [shown, setShown] = useState({ rows: live, waiting, held: false, shownWaiting: waiting });
  let next = shown;
  if (waiting !== shown.waiting) {
    const held = shown.waiting === undefined;
    next = { rows: held ? shown.rows : live, waiting, held, shownWaiting: held ? shown.shownWaiting : waiting };
  } else if (!shown.held && (shown.rows !== live || shown.shownWaiting !== waiting)) next = { ...shown, rows: live, shownWaiting: waiting };
  // Adjusted while rendering (no commit in between), so `shown.rows` is always the rows rendered last.
  if (next !== shown) setShown(next);
  const { held } = next;
  useEffect(() => (held ? idleAfterNextPaint(() => setShown((s) => ({ ...s, held: false }))) : undefined), [held]);
  return { rows: next.rows, waiting: next.shownWaiting };
}

/** Render the session's transcript (see {@link TranscriptProps}); key it by session so its scroll state starts fresh. */
export function Transcript({ sessionId, scrollTarget, pageOlder = true }: TranscriptProps) {
  const load = useSessionLoad(sessionId);
  const { rows: transcript, waiting } = useRowsAfterCard(useSessionTranscript(sessionId), useSessionWaiting(sessionId));
  const { readOnly } = useSessionReadOnly(sessionId);
  const commands = useSessionHistoryCommands(sessionId);
  const { history } = useSessionReviews(sessionId);
  const labels = useMemo(() => planRevisionLabelsOf(history), [history]);
  const audits = useTurnAudits(sessionId);
  // The set keeps its identity while its members do not change, so a new event re-renders no row through the context.
  const planningCalls = useCallsWhilePlanning(sessionId);
  const planningKey = useMemo(() => JSON.stringify(planningCalls.map((c) => c.callId)), [planningCalls]);
  const whilePlanning = useMemo(() => new Set(JSON.parse(planningKey) as string[]), [planningKey]);
  return (
    <PlanRevisionsContext value={labels}>
      <TurnAuditsContext value={audits}>
        <PlanModeCallsContext value={whilePlanning}>
          <TranscriptView
            transcript={transcript}
            loaded={load.loaded}
            error={load.error}
            onRetry={commands.refresh}
            waiting={waiting}
            readOnly={readOnly}
            unreadable={load.unreadable}
            hasOlder={load.hasOlder}
            loadingOlder={load.loadingOlder}
            onLoadOlder={pageOlder ? commands.loadOlder : undefined}
            onLoadAll={commands.loadAll}
            scrollTarget={scrollTarget}
          />
        </PlanModeCallsContext>
      </TurnAuditsContext>
    </PlanRevisionsContext>
  );
}
