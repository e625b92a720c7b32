/**
 * The bottom dock of a session: a pending question replaces the composer (`planReviewOf` claims it → the plan
 * review card, else the generic question flow; upstream spec §3.4, §5 "A pending question replaces the whole input
 * bar"); a read-only session shows a notice instead (the host's reason in full); otherwise the composer. When a question resolves, the
 * composer gets focus back. Every part gets the downlink state (actions disabled while it is not open), and the
 * review's Chat about it moves its Feedback text into the composer's draft.
 */
import { useEffect, useRef } from 'react';
import { planReviewOf } from '../core/questions/plan-review.ts';
import { Composer, focusComposer } from '../features/composer/composer.tsx';
import { useComposerDraftStore } from '../features/composer/draft-store.ts';
import { PlanReviewCard } from '../features/plan-review/plan-review-card.tsx';
import { QuestionFlow } from '../features/questions/question-flow.tsx';
import { useConnectionState, type SessionState } from '../features/session-stream/session-stream.tsx';
import { t } from './locales.ts';
import { ownEntry } from '../lib/session-persist.ts';

/**
 * Chat about it with Feedback text (issue 8 item 16): the text becomes the composer's draft of the session, after
 * any draft already there (a blank line between), so nothing typed is lost when the review goes away.
 */
export function moveToComposer(sessionId: string, feedback: string): void {
  const { drafts, setDraft } = useComposerDraftStore.getState();
  const current = ownEntry(drafts, sessionId) ?? '';
  setDraft(sessionId, current.trim() === '' ? feedback : `${current.replace(/\s+$/, '')}\n\n${feedback}`);
}

/** @param sessionId the session; @param state its stream state */
export function Dock({ sessionId, state }: { sessionId: string; state: SessionState }) {
  const pending = state.questions[0];
  const connection = useConnectionState();
  const hadQuestion = useRef(false);
  useEffect(() => {
    if (hadQuestion.current && !pending) focusComposer();
    hadQuestion.current = pending !== undefined;
  }, [pending]);

  let body;
  if (pending) {
    const review = planReviewOf(pending.questions);
    body = review ? (
      <PlanReviewCard
        key={pending.rpcId}
        sessionId={sessionId}
        rpcId={pending.rpcId}
        review={review}
        connection={connection}
        onChatAbout={(feedback) => moveToComposer(sessionId, feedback)}
      />
    ) : (
      <QuestionFlow key={pending.rpcId} sessionId={sessionId} rpcId={pending.rpcId} questions={pending.questions} connection={connection} />
    );
  } else if (state.readOnly) {
    // The host's reason is a whole plain sentence; the header shows only a short marker, so it is said in full here, once.
    body = <p className="read-only-notice" role="note">{state.readOnlyReason ?? t.readOnlyNotice}</p>;
  } else {
    body = <Composer sessionId={sessionId} plan={state.plan} mode={state.mode} running={state.running} connection={connection} />;
  }
  return (
    <div className="dock" aria-label={t.dock} role="group">
      {state.stoppedReason !== undefined ? (
        <p className="turn-stopped" role="alert">
          {t.turnStopped(state.stoppedReason)}
        </p>
      ) : null}
      {body}
    </div>
  );
}
