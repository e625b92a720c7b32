/**
 * The bottom dock of a session: a pending question replaces the composer (`planReviewOf` claims it → the plan
 * review card, else the generic question flow; docs/upstream-spec.md §3.4, §5 "A pending question replaces the whole input
 * bar"); a read-only session shows a notice instead (the host's reason in full); otherwise the composer. When a question resolves, the
 * composer gets focus back. Every part gets the downlink state (actions disabled while it is not open), and the
 * review's Chat about it moves its Feedback text into the composer's draft.
 */
import { Activity, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { planReviewOf } from '../core/questions/plan-review.ts';
import { Composer, focusComposer } from '../features/composer/composer.tsx';
import { useComposerDraftStore } from '../features/composer/draft-store.ts';
import { reviewChainOf } from '../core/review/history.ts';
import { useCopy } from '../lib/language.ts';
import { appLocales } from './locales.ts';
import { useSessionQuestions, useSessionReadOnly, useSessionStoppedReason } from '../session/hooks.ts';
import { useSessionReviews } from '../session/reviews.ts';
import { ownEntry } from '../lib/session-persist.ts';
import { questionDraftKey, useQuestionDraftStore } from '../features/questions/draft-store.ts';
import { useReviewFeedbackStore } from '../features/plan-review/feedback-store.ts';
import { commentsDraftOf, commentsToSend, useReviewCommentsStore } from '../features/plan-review/comments-store.ts';
import { useAnsweringStore, isAnsweredHere } from '../lib/answering-store.ts';
import { LazyFallback } from '../components/lazy-fallback.tsx';
import { lazyModule } from '../lib/lazy-module.ts';
import { afterNextPaint } from '../lib/after-paint.ts';
import { QUESTION_SHOWN_MARK } from '../lib/user-timing.ts';
import { DockWarmUp, warmDockCards } from './dock-warm-up.tsx';
import { prefetchMarkdownRenderer } from '../components/markdown-loader.ts';
import { loadTranscriptBody } from '../features/transcript/components/transcript-view.tsx';

// The review card and the generic question flow load as their own chunks (the first load stays under its budget
// in `npm run bench:browser`), loaded right after the dock's first paint (`prefetchQuestionFrame` below; app/prefetch.ts follows with the rest).
// They are read through `lazyModule().use()`, never `React.lazy`: once loaded, a card renders in the same commit as
// its question (docs/style.md "Lazy views render at once"); only a question that arrives before its chunk waits.
const reviewCardModule = lazyModule(() => import('../features/plan-review/plan-review-card.tsx'));
const questionFlowModule = lazyModule(() => import('../features/questions/question-flow.tsx'));

/**
 * Load the review card and question-flow chunks now (or join the load under way).
 * @returns resolves when both were tried; never rejects (a failed chunk is tried again by the next question)
 */
export async function loadDockCards(): Promise<void> {
  await Promise.all([reviewCardModule.load().then((card) => card?.loadCardParts()), questionFlowModule.load()]);
}

let questionFrame: Promise<unknown> | undefined;
let markQuestionFrameIn: () => void = () => {};
/**
 * Resolves once `prefetchQuestionFrame` has loaded what a question's first frame needs (whoever started it); the
 * page's other lazy chunks follow at once from there (app/prefetch.ts). Never rejects.
 */
export const questionFrameIn: Promise<void> = new Promise((resolve) => {
  markQuestionFrameIn = resolve;
});

/**
 * Load what a question's first frame needs — the transcript's rows, the markdown pipeline, the review card and the
 * question flow — and, as soon as they are in, render the dock's cards once, unseen (`warmDockCards`, once per page),
 * without waiting for an idle moment: a page busy with a turn's stream may have none before the question comes. The
 * dock starts it right after its first paint; the idle prefetch (app/prefetch.ts) joins it (docs/style.md "Lazy views
 * render at once").
 * @returns resolves once the chunks were tried and the warm-up asked for; never rejects
 */
export async function prefetchQuestionFrame(): Promise<void> {
  await (questionFrame ??= Promise.all([loadTranscriptBody(), prefetchMarkdownRenderer(), loadDockCards()]));
  warmDockCards();
  markQuestionFrameIn();
}

/**
 * Chat about it with Feedback text: the text becomes the composer's draft of the session, after
 * any draft already there (a blank line between), so nothing typed is lost when the review goes away.
 */
export function moveToComposer(sessionId: string, feedback: string): void {
  const { entries, set } = useComposerDraftStore.getState();
  const current = ownEntry(entries, sessionId) ?? '';
  set(sessionId, current.trim() === '' ? feedback : `${current.replace(/\s+$/, '')}\n\n${feedback}`);
}

/**
 * What was typed for a question and not sent: the review's Feedback text, or the free-text answers of a question flow
 * (one per line), trimmed; `''` when nothing.
 * @param rpcId the question's rpcId
 */
export function unsentTextOf(rpcId: string): string {
  const feedback = ownEntry(useReviewFeedbackStore.getState().entries, rpcId) ?? '';
  const flow = ownEntry(useQuestionDraftStore.getState().entries, questionDraftKey(rpcId));
  const custom = (flow?.items ?? []).map((item) => item.custom.trim()).filter((text) => text !== '');
  return [feedback.trim(), ...custom].filter((text) => text !== '').join('\n\n');
}

/** Forget every draft of a question that left (Feedback, comments and edit, question-flow answers) and its answering mark. */
function forgetDrafts(rpcId: string): void {
  useReviewFeedbackStore.getState().clear(rpcId);
  useReviewCommentsStore.getState().clear(rpcId);
  useQuestionDraftStore.getState().clear(questionDraftKey(rpcId));
  useAnsweringStore.getState().unmark(rpcId);
}

/**
 * Unsent line comments and a changed edit of the plan of a review answered elsewhere move into the composer's draft
 * with its Feedback text, in the review feedback format (docs/review-comments.md; the edit without its diff), once the
 * format module is loaded (a lazy chunk, first-load budget); the drafts are cleared only after they moved, so a
 * failed load keeps them.
 */
function moveCommentsToComposer(sessionId: string, rpcId: string): void {
  void import('../features/plan-review/model/comment-feedback.ts').then(
    ({ draftFeedback }) => {
      const text = draftFeedback(commentsDraftOf(rpcId), unsentTextOf(rpcId));
      if (text !== '') moveToComposer(sessionId, text);
      forgetDrafts(rpcId);
    },
    () => undefined,
  );
}

/**
 * A question left the dock (answered or dismissed): drafts of an answer sent from this tab are spent; text typed for
 * a question answered elsewhere (another tab or client, or a host that dropped it) moves into the composer's draft.
 * @param sessionId the session
 * @param rpcId the question that left
 * @returns whether text was moved
 */
export function settleQuestionDrafts(sessionId: string, rpcId: string): boolean {
  const draft = isAnsweredHere(rpcId) ? undefined : commentsDraftOf(rpcId);
  if (draft && (commentsToSend(draft).length > 0 || draft.edit?.changed)) {
    moveCommentsToComposer(sessionId, rpcId);
    return true;
  }
  const text = isAnsweredHere(rpcId) ? '' : unsentTextOf(rpcId);
  if (text !== '') moveToComposer(sessionId, text);
  forgetDrafts(rpcId);
  return text !== '';
}

/** Set {@link QUESTION_SHOWN_MARK} in the commit where `rpcId` (the question whose card is in the dock) changes to one. */
function useQuestionShownMark(rpcId: string | undefined): void {
  useLayoutEffect(() => {
    if (rpcId !== undefined) performance.mark(QUESTION_SHOWN_MARK, { detail: rpcId });
  }, [rpcId]);
}

/**
 * @param sessionId the session shown
 * @param onShowCall show a tool call's row in the transcript (the review card's acting-while-planning links)
 */
export function Dock({ sessionId, onShowCall }: { sessionId: string; onShowCall?: (callId: string) => void }) {
  const t = useCopy(appLocales);
  const questions = useSessionQuestions(sessionId);
  const pending = questions[0];
  const review = pending ? planReviewOf(pending.questions) : undefined;
  // This tab's answer to the review is on its way: the card hides at once and the composer shows; a failed send
  // brings the card back as it was (docs/style.md "A sent answer leaves at once").
  const sending = useAnsweringStore((state) => review !== undefined && pending !== undefined && ownEntry(state.answering, pending.rpcId) === true);
  const shown = sending ? undefined : pending;
  const ReviewCard = reviewCardModule.use(review !== undefined)?.PlanReviewCard;
  const Flow = questionFlowModule.use(pending !== undefined && review === undefined)?.QuestionFlow;
  const cardFailed = reviewCardModule.useFailed();
  const flowFailed = questionFlowModule.useFailed();
  const { history } = useSessionReviews(sessionId);
  const readOnly = useSessionReadOnly(sessionId);
  // A question can come moments after the page loaded: what its frame needs loads right after the dock's first paint
  // (never on the composer's critical path), not when a busy page is next idle.
  useEffect(() => afterNextPaint(() => void prefetchQuestionFrame()), []);
  const stoppedReason = useSessionStoppedReason(sessionId);
  const hadQuestion = useRef(false);
  // The card (or flow) itself is in this commit, not its loading line.
  useQuestionShownMark(shown !== undefined && (review ? ReviewCard !== undefined : Flow !== undefined) ? shown.rpcId : undefined);
  const [moved, setMoved] = useState(false);
  const seen = useRef<{ sessionId: string; rpcIds: readonly string[] }>({ sessionId, rpcIds: [] });
  useEffect(() => {
    if (hadQuestion.current && !shown) focusComposer();
    hadQuestion.current = shown !== undefined;
  }, [shown]);
  // Nothing typed is lost when a question leaves this session's dock without this tab's answer.
  useEffect(() => {
    const rpcIds = questions.map((q) => q.rpcId);
    const before = seen.current;
    seen.current = { sessionId, rpcIds };
    if (before.sessionId !== sessionId) {
      setMoved(false);
      return;
    }
    let anyMoved = false;
    for (const rpcId of before.rpcIds) if (!rpcIds.includes(rpcId)) anyMoved = settleQuestionDrafts(sessionId, rpcId) || anyMoved;
    if (anyMoved) setMoved(true);
  }, [sessionId, questions]);
  // A new question replaces the note about moved drafts (adjusted while rendering, not in the effect above).
  const [questionsSeen, setQuestionsSeen] = useState(questions);
  if (questionsSeen !== questions) {
    setQuestionsSeen(questions);
    if (moved && questions.length > 0) setMoved(false);
  }

  // The question's part and the composer have slots of their own, so neither remounts when the other comes or goes.
  let question;
  let body;
  if (pending) {
    // Only a question that comes before its chunk arrived shows the loading line, for that one moment; a chunk that
    // failed to load is said, with Try again (the question keeps waiting on the host meanwhile).
    const failed = review ? cardFailed : flowFailed;
    const loading = <LazyFallback failed={failed} loading={t.loadingCard} failure={t.cardLoadError} retry={t.retryCard} onRetry={() => void loadDockCards()} />;
    if (review) {
      question = ReviewCard ? (
        <ReviewCard
          key={pending.rpcId}
          sessionId={sessionId}
          rpcId={pending.rpcId}
          review={review}
          onChatAbout={(feedback) => moveToComposer(sessionId, feedback)}
          revisions={reviewChainOf(history, review.plan)}
          hidden={sending}
          onShowCall={onShowCall}
        />
      ) : (
        loading
      );
    } else {
      question = Flow ? <Flow key={pending.rpcId} sessionId={sessionId} rpcId={pending.rpcId} questions={pending.questions} /> : loading;
    }
  }
  if (readOnly.readOnly) {
    // The host's reason is a whole plain sentence; the header shows only a short marker, so it is said in full here, once.
    body = shown ? null : (
      <p className="read-only-notice" role="note">
        {readOnly.reason ?? t.readOnlyNotice}
      </p>
    );
  } else {
    // A question hides the composer rather than unmounting it: taking a focused textbox out of the page costs the
    // question's commit a blur and a layout, and putting it back costs the answer's (docs/style.md "Lazy views render
    // at once"); what it holds is kept either way (the draft store). Hidden, it is an `Activity` that is hidden too: it
    // keeps its state but not its subscriptions, so what reaches it meanwhile (the reply to the send that led to the
    // question, its cleared draft) renders nothing beside the card, and it renders once when it shows again.
    body = (
      <div className="dock__composer" hidden={shown !== undefined || undefined}>
        <Activity mode={shown !== undefined ? 'hidden' : 'visible'}>
          <Composer sessionId={sessionId} />
        </Activity>
      </div>
    );
  }
  return (
    // A named section is a region landmark, so the review card, question flow or composer is inside one (axe `region`).
    <section className="dock" aria-label={t.dock}>
      {moved && !shown ? (
        <p className="drafts-moved" role="status">
          {t.draftsMoved}
        </p>
      ) : null}
      {stoppedReason !== undefined ? (
        <p className="turn-stopped" role="alert">
          {t.turnStopped(stoppedReason)}
        </p>
      ) : null}
      {question}
      {body}
      <DockWarmUp sessionId={sessionId} ReviewCard={ReviewCard} Flow={Flow} waiting={shown !== undefined} />
    </section>
  );
}
