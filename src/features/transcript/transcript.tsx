/**
 * The transcript of one session: its folded rows, how far its history is loaded, what it waits for and whether it is a
 * log that will not go on, all read from src/session/, and the revision label of each plan card from its review
 * history. The view (`components/transcript-view.tsx`) owns the scroll container and its rules.
 */
import { useDeferredValue, useMemo } from 'react';
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

/** Render the session's transcript (see {@link TranscriptProps}); key it by session so its scroll state starts fresh. */
export function Transcript({ sessionId, scrollTarget, pageOlder = true }: TranscriptProps) {
  // The rows follow the store in a deferred render, after the commit that brought the change: a question that arrives
  // behind a burst of events shows its card first, and the rows of those events come in the render after it
  // (docs/style.md "Lazy views render at once").
  const transcript = useDeferredValue(useSessionTranscript(sessionId));
  const load = useSessionLoad(sessionId);
  const waiting = useSessionWaiting(sessionId);
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
