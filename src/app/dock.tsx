/**
 * The bottom dock of a session: a pending question replaces the composer (`planReviewOf` claims it → the plan
 * review card, else the generic question flow; upstream spec §3.4, §5 "A pending question replaces the whole input
 * bar"); a read-only session shows a notice instead (the host's reason in full); otherwise the composer. When a question resolves, the
 * composer gets focus back.
 */
import { useEffect, useRef } from 'react';
import { planReviewOf } from '../core/questions/plan-review.ts';
import { Composer, focusComposer } from '../features/composer/composer.tsx';
import { PlanReviewCard } from '../features/plan-review/plan-review-card.tsx';
import { QuestionFlow } from '../features/questions/question-flow.tsx';
import { useConnectionState, type SessionState } from '../features/session-stream/session-stream.tsx';
import { t } from './locales.ts';

/** @param sessionId the session; @param state its stream state */
export function Dock({ sessionId, state }: { sessionId: string; state: SessionState }) {
  const pending = state.questions[0];
  const online = useConnectionState() === 'connected';
  const hadQuestion = useRef(false);
  useEffect(() => {
    if (hadQuestion.current && !pending) focusComposer();
    hadQuestion.current = pending !== undefined;
  }, [pending]);

  let body;
  if (pending) {
    const review = planReviewOf(pending.questions);
    body = review ? (
      <PlanReviewCard key={pending.rpcId} sessionId={sessionId} rpcId={pending.rpcId} review={review} />
    ) : (
      <QuestionFlow key={pending.rpcId} sessionId={sessionId} rpcId={pending.rpcId} questions={pending.questions} />
    );
  } else if (state.readOnly) {
    // The host's reason is a whole plain sentence; the header shows only a short marker, so it is said in full here, once.
    body = <p className="read-only-notice" role="note">{state.readOnlyReason ?? t.readOnlyNotice}</p>;
  } else {
    body = <Composer sessionId={sessionId} plan={state.plan} mode={state.mode} running={state.running} online={online} />;
  }
  return (
    <div className="dock" aria-label={t.dock} role="group">
      {body}
    </div>
  );
}
