/**
 * The generic question flow (docs/upstream-spec.md §3.4): renders any `question/requested` batch the plan-review card
 * does not claim, one question at a time with a pager. What each action does to the batch is the step machine of
 * `model/flow.ts`; drafts live in the question draft store under `q:<rpcId>` until the host accepted the answer;
 * nothing is sent while the downlink is down (what is typed stays editable).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { isDraftAnswered } from '../../core/questions/encode.ts';
import type { QuestionItem } from '../../core/questions/types.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { useCopy } from '../../lib/language.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { ownEntry } from '../../lib/session-persist.ts';
import { useSessionConnection } from '../../session/hooks.ts';
import { useAnswerQuestions, type QuestionSend } from './api/answer-questions.ts';
import { QuestionBody } from './components/question-body.tsx';
import { QuestionFooter } from './components/question-footer.tsx';
import { QuestionHeader } from './components/question-header.tsx';
import { questionDraftKey, useQuestionDraftStore } from './draft-store.ts';
import { questionsLocales } from './locales.ts';
import { firstIncompleteOf, planlessApproveOf } from './model/answer.ts';
import { advanceFlow, chooseOption, enterCustom, goToQuestion, skipQuestion, submitFlow, typeCustom, type FlowStep } from './model/flow.ts';
import { normaliseFlow, type QuestionFlowDraft } from './model/flow-draft.ts';
import '../../components/controls.css';
import './question-flow.css';

/** Props of {@link QuestionFlow}. */
export type QuestionFlowProps = {
  sessionId: string;
  /** rpcId of the `question/requested` frame (the question id on the wire). */
  rpcId: string;
  /** The batch, in order; at least one question. */
  questions: QuestionItem[];
};

/** The drafts of an accepted answer are spent when the flow goes away; until then they survive unmounts and replays. */
function useSpentOnAccept(key: string): [accepted: boolean, accept: () => void] {
  const [accepted, setAccepted] = useState(false);
  const acceptedRef = useRef(false);
  const drop = useQuestionDraftStore((state) => state.clear);
  useEffect(
    () => () => {
      if (acceptedRef.current) drop(key);
    },
    [key, drop],
  );
  const accept = () => {
    acceptedRef.current = true;
    setAccepted(true);
  };
  return [accepted, accept];
}

/**
 * Generic question card: a `region` named by the current question, with eyebrow, markdown detail, options,
 * "Type your answer", pager, "Skip this question", Next/Submit, collapse toggle and "Dismiss all questions".
 * The parent unmounts it on `question/resolved`.
 */
export function QuestionFlow({ sessionId, rpcId, questions }: QuestionFlowProps) {
  const copy = useCopy(questionsLocales);
  const [titleId, bodyId, statusId] = [useId(), useId(), useId()];
  const key = questionDraftKey(rpcId);
  const count = questions.length;
  const flow = normaliseFlow(
    useQuestionDraftStore((state) => ownEntry(state.entries, key)),
    count,
  );
  const updateFlow = useQuestionDraftStore((state) => state.update);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [accepted, accept] = useSpentOnAccept(key);
  const respond = useAnswerQuestions(sessionId, rpcId, accept);
  const offline = offlineReason(useSessionConnection(), { keepsText: true });
  const question = questions[flow.index];
  const draft = flow.items[flow.index];
  if (question === undefined || draft === undefined) return null;

  // Offline, nothing can be sent, but what is typed stays editable (and kept in the draft store).
  const busy = respond.isPending || accepted || offline !== undefined;
  const typingLocked = respond.isPending || accepted;
  const send = (what: QuestionSend) => respond.mutate(what, { onError: (error) => setMessage(describeApiError(error, { keepsText: true })) });
  const write = (next: QuestionFlowDraft) => updateFlow(key, () => next);
  // Each change reads the stored flow as it is now, not as it was rendered.
  const current = () => normaliseFlow(ownEntry(useQuestionDraftStore.getState().entries, key), count);
  const run = (next: (batch: readonly QuestionItem[], flow: QuestionFlowDraft) => FlowStep) => {
    if (busy) return;
    const step = next(questions, current());
    write(step.flow);
    setMessage(step.notice && copy[step.notice]);
    if (step.answer) send({ kind: 'answer', answer: step.answer });
  };
  const dismiss = () => {
    if (busy) return;
    setMessage(undefined);
    send({ kind: 'cancel' });
  };
  return (
    <section aria-label={question.question} className="question-flow" aria-busy={respond.isPending || undefined}>
      <QuestionHeader
        eyebrow={question.header}
        title={question.question}
        titleId={titleId}
        bodyId={bodyId}
        collapsed={flow.collapsed}
        onToggle={() => write({ ...current(), collapsed: !current().collapsed })}
        busy={busy}
        onDismiss={dismiss}
      />
      <div id={bodyId} hidden={flow.collapsed} className="question-flow__collapsible">
        <QuestionBody
          question={question}
          questionKey={`${flow.index}:${question.id}`}
          collapsed={flow.collapsed}
          titleId={titleId}
          selected={draft.selected}
          refused={planlessApproveOf(question)}
          disabled={busy}
          onChoose={(label) => run((batch, now) => chooseOption(batch, now, label))}
          onSubmit={firstIncompleteOf(questions, flow.items) === -1 ? () => run(submitFlow) : undefined}
          custom={draft.custom}
          typingLocked={typingLocked}
          onCustomChange={(text) => {
            setMessage(undefined);
            write(typeCustom(questions, current(), text).flow);
          }}
          onCustomEnter={() => run(enterCustom)}
        />
        <QuestionFooter
          index={flow.index}
          count={count}
          statusId={statusId}
          status={offline ?? message ?? ''}
          busy={busy}
          typingLocked={typingLocked}
          describeActions={offline !== undefined}
          complete={isDraftAnswered(question, draft)}
          onGo={(index) => write(goToQuestion(current(), index, count))}
          onSkip={() => run(skipQuestion)}
          onAdvance={() => run(advanceFlow)}
        />
      </div>
    </section>
  );
}
