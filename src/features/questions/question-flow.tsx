/**
 * The generic question flow (docs/upstream-spec.md §3.4): renders any `question/requested` batch the plan-review card
 * does not claim. One question at a time with a pager; single-select radios auto-advance, multi-select
 * checkboxes toggle, a custom answer is always possible; Skip, Submit and dismiss-all answer the host.
 * Drafts live in the question draft store under `q:<rpcId>`; answers are encoded with `encodeAnswerItem`.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Markdown } from '../../components/markdown.tsx';
import { encodeAnswerItem, isDraftAnswered, recommendedLabel, type AnswerDraft } from '../../core/questions/encode.ts';
import type { QuestionAnswer, QuestionItem } from '../../core/questions/types.ts';
import { respondToQuestion } from '../../lib/api-client.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import type { ConnectionState } from '../../lib/downlink.ts';
import { offlineReason } from '../../lib/offline-reason.ts';
import { normaliseFlow, questionDraftKey, useQuestionDraftStore, type QuestionFlowDraft } from './draft-store.ts';
import { useCopy } from '../../lib/language.ts';
import { questionsLocales } from './locales.ts';
import './question-flow.css';
import { useAnsweringStore } from '../../lib/answering-store.ts';
import { ownEntry } from '../../lib/session-persist.ts';

/** Props of {@link QuestionFlow}. */
export type QuestionFlowProps = {
  sessionId: string;
  /** rpcId of the `question/requested` frame (the question id on the wire). */
  rpcId: string;
  /** The batch, in order; at least one question. */
  questions: QuestionItem[];
  /** The downlink state; anything but `connected` disables the answers with the reason shown. Undefined = connected. */
  connection?: ConnectionState | undefined;
};

/**
 * The approving label of a plan review that arrived without a plan: the batch falls back to this
 * generic flow (`planReviewOf` refuses it), which must never offer Approve with no plan above it.
 * @returns the label to disable, or `undefined` when the question is not a plan review or has a non-blank plan
 */
export function planlessApproveOf(question: QuestionItem): string | undefined {
  const intent = question.intent;
  if (intent?.kind !== 'plan-review' || typeof intent.approve !== 'string') return undefined;
  return typeof question.detail === 'string' && question.detail.trim() !== '' ? undefined : intent.approve;
}

/**
 * The whole answer of a batch (docs/upstream-spec.md §3.4 "Encoding"): one `encodeAnswerItem` per question, in order.
 * @param drafts one draft per question (missing drafts count as empty)
 */
export function answerOf(questions: readonly QuestionItem[], drafts: readonly AnswerDraft[]): QuestionAnswer {
  return {
    answers: questions.map((question, i) => encodeAnswerItem(question, drafts[i] ?? { selected: [], custom: '', skipped: false })),
  };
}

/**
 * Index of the first question whose draft is not complete (neither answered nor skipped).
 * @returns the index, or `-1` when every question is complete
 */
export function firstIncompleteOf(questions: readonly QuestionItem[], drafts: readonly AnswerDraft[]): number {
  return questions.findIndex((question, i) => !isDraftAnswered(question, drafts[i] ?? { selected: [], custom: '', skipped: false }));
}

/** IME composition (`isComposing`, or keyCode 229) must never continue or submit. */
function isImeKey(event: KeyboardEvent<HTMLElement>): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}

type Send = { kind: 'answer'; answer: QuestionAnswer } | { kind: 'cancel' };

/**
 * Generic question card: a `region` named by the current question, with eyebrow, markdown detail, options,
 * "Type your answer", pager, "Skip this question", Next/Submit, collapse toggle and "Dismiss all questions".
 * The parent unmounts it on `question/resolved`.
 */
export function QuestionFlow({ sessionId, rpcId, questions, connection }: QuestionFlowProps) {
  const copy = useCopy(questionsLocales);
  const key = questionDraftKey(rpcId);
  const count = questions.length;
  const stored = useQuestionDraftStore((state) => ownEntry(state.entries, key));
  const updateFlow = useQuestionDraftStore((state) => state.update);
  const dropFlow = useQuestionDraftStore((state) => state.clear);
  const flow = useMemo(() => normaliseFlow(stored, count), [stored, count]);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [accepted, setAccepted] = useState(false);
  const acceptedRef = useRef(false);
  const customRef = useRef<HTMLTextAreaElement>(null);
  const autofocused = useRef(new Set<string>());
  const titleId = useId();
  const bodyId = useId();
  const statusId = useId();
  const optionsRef = useRef<HTMLDivElement>(null);

  const update = (change: (flow: QuestionFlowDraft) => QuestionFlowDraft) => updateFlow(key, (current) => change(normaliseFlow(current, count)));
  const setDraft = (index: number, change: (draft: AnswerDraft) => AnswerDraft) =>
    update((current) => ({ ...current, items: current.items.map((item, i) => (i === index ? change(item) : item)) }));
  const goTo = (index: number) => update((current) => ({ ...current, index: Math.min(Math.max(index, 0), count - 1) }));

  const respond = useMutation({
    onMutate: () => useAnsweringStore.getState().mark(rpcId),
    mutationFn: async (send: Send) => {
      const receipt = await respondToQuestion(rpcId, sessionId, send.kind === 'cancel' ? 'cancelled' : send.answer);
      if (!receipt.accepted) {
        throw new Error(send.kind === 'cancel' ? copy.cancellationRejected(receipt.reason) : copy.responseRejected(receipt.reason));
      }
    },
    onSuccess: () => {
      acceptedRef.current = true;
      setAccepted(true);
    },
    onError: (error: unknown) => {
      useAnsweringStore.getState().unmark(rpcId);
      setMessage(describeApiError(error, { keepsText: true }));
    },
  });

  // Drafts are spent once the host accepted them; until then they survive unmounts and same-rpcId replays.
  useEffect(
    () => () => {
      if (acceptedRef.current) dropFlow(key);
    },
    [key, dropFlow],
  );

  const index = flow.index;
  const question = questions[index];
  const draft = flow.items[index];
  const questionKey = question ? `${index}:${question.id}` : '';

  // The custom answer takes focus once per question, never again on re-expand or revisit.
  useEffect(() => {
    if (flow.collapsed || questionKey === '' || autofocused.current.has(questionKey)) return;
    autofocused.current.add(questionKey);
    customRef.current?.focus();
  }, [questionKey, flow.collapsed]);

  if (question === undefined || draft === undefined) return null;

  const offline = offlineReason(connection, { keepsText: true });
  // Offline, nothing can be sent, but what is typed stays editable (and kept in the draft store).
  const busy = respond.isPending || accepted || offline !== undefined;
  const typingLocked = respond.isPending || accepted;
  const planless = planlessApproveOf(question);
  const multi = question.multiSelect === true;
  const isLast = index === count - 1;
  const currentComplete = isDraftAnswered(question, draft);
  const allComplete = firstIncompleteOf(questions, flow.items) === -1;
  const options = question.options ?? [];

  const submit = () => {
    if (busy) return;
    const incomplete = firstIncompleteOf(questions, flow.items);
    if (incomplete !== -1) {
      goTo(incomplete);
      setMessage(copy.incomplete);
      return;
    }
    setMessage(undefined);
    respond.mutate({ kind: 'answer', answer: answerOf(questions, flow.items) });
  };

  const advance = () => {
    if (isLast) submit();
    else {
      setMessage(undefined);
      goTo(index + 1);
    }
  };

  const choose = (label: string) => {
    if (busy || label === planless) return;
    setMessage(undefined);
    if (multi) {
      setDraft(index, (current) => ({
        ...current,
        skipped: false,
        selected: current.selected.includes(label) ? current.selected.filter((l) => l !== label) : [...current.selected, label],
      }));
      return;
    }
    update((current) => ({
      ...current,
      index: isLast ? current.index : current.index + 1,
      items: current.items.map((item, i) => (i === index ? { selected: [label], custom: '', skipped: false } : item)),
    }));
  };

  const onOptionKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' && !isImeKey(event) && allComplete) {
      event.preventDefault();
      submit();
      return;
    }
    const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const buttons = Array.from(optionsRef.current?.querySelectorAll<HTMLButtonElement>('[data-option]') ?? []);
    const at = buttons.indexOf(event.currentTarget);
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
  };

  const onCustomKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || isImeKey(event)) return;
    event.preventDefault();
    if (busy) return;
    if (!currentComplete) {
      setMessage(copy.unanswered);
      return;
    }
    advance();
  };

  const skip = () => {
    if (busy) return;
    setMessage(undefined);
    const items = flow.items.map((item, i) => (i === index ? { selected: [], custom: '', skipped: true } : item));
    if (isLast) {
      update((current) => ({ ...current, items }));
      const incomplete = firstIncompleteOf(questions, items);
      if (incomplete !== -1) {
        goTo(incomplete);
        setMessage(copy.incomplete);
        return;
      }
      respond.mutate({ kind: 'answer', answer: answerOf(questions, items) });
      return;
    }
    update((current) => ({ ...current, items, index: current.index + 1 }));
  };

  const dismiss = () => {
    if (busy) return;
    setMessage(undefined);
    respond.mutate({ kind: 'cancel' });
  };

  return (
    <section aria-label={question.question} className="question-flow" aria-busy={respond.isPending || undefined}>
      <header className="question-flow__header">
        <div className="question-flow__titles">
          {question.header ? <span className="question-flow__eyebrow">{question.header}</span> : null}
          <h2 id={titleId} className="question-flow__title">
            {question.question}
          </h2>
        </div>
        <button
          type="button"
          className="question-flow__icon"
          aria-label={copy.collapse}
          aria-expanded={!flow.collapsed}
          aria-controls={bodyId}
          onClick={() => update((current) => ({ ...current, collapsed: !current.collapsed }))}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path d={flow.collapsed ? 'M4 6l4 4 4-4' : 'M4 10l4-4 4 4'} fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
        <button type="button" className="question-flow__icon" aria-label={copy.dismissAll} disabled={busy} onClick={dismiss}>
          <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
            <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </button>
      </header>
      <div id={bodyId} hidden={flow.collapsed} className="question-flow__collapsible">
        <div role="region" aria-label={copy.bodyLabel} tabIndex={0} className="question-flow__body">
          {planless !== undefined ? (
            <p className="question-flow__detail question-flow__empty-plan">{copy.emptyPlan}</p>
          ) : question.detail ? (
            <Markdown className="question-flow__detail" text={question.detail} />
          ) : null}
          {options.length > 0 ? (
            <div ref={optionsRef} role={multi ? 'group' : 'radiogroup'} aria-labelledby={titleId} className="question-flow__options">
              {options.map((option, i) => {
                const { display, recommended } = recommendedLabel(option.label);
                const checked = draft.selected.includes(option.label);
                const descriptionId = `${titleId}-d${i}`;
                const badgeId = `${titleId}-r${i}`;
                const describedBy = [recommended ? badgeId : '', option.description ? descriptionId : ''].filter(Boolean).join(' ');
                return (
                  <button
                    key={option.label}
                    type="button"
                    data-option=""
                    role={multi ? 'checkbox' : 'radio'}
                    aria-checked={checked}
                    aria-label={display}
                    aria-describedby={describedBy || undefined}
                    disabled={busy || option.label === planless}
                    className="question-flow__option"
                    onClick={() => choose(option.label)}
                    onKeyDown={onOptionKeyDown}
                  >
                    <span className="question-flow__marker" aria-hidden="true">
                      {multi ? (checked ? '☑' : '☐') : i + 1}
                    </span>
                    <span className="question-flow__option-text">
                      <span className="question-flow__option-label">
                        {display}
                        {recommended ? (
                          <span id={badgeId} className="question-flow__badge">
                            {copy.recommended}
                          </span>
                        ) : null}
                      </span>
                      {option.description ? (
                        <span id={descriptionId} className="question-flow__option-description">
                          {option.description}
                        </span>
                      ) : null}
                    </span>
                  </button>
                );
              })}
            </div>
          ) : null}
          <textarea
            ref={customRef}
            className={options.length > 0 ? 'question-flow__custom' : 'question-flow__custom question-flow__custom--framed'}
            aria-label={copy.customLabel}
            placeholder={copy.customPlaceholder}
            rows={1}
            value={draft.custom}
            disabled={typingLocked}
            onChange={(event) => {
              const text = event.target.value;
              setMessage(undefined);
              setDraft(index, (current) => ({ selected: multi ? current.selected : [], custom: text, skipped: false }));
            }}
            onKeyDown={onCustomKeyDown}
          />
        </div>
        <footer className="question-flow__footer">
          {count > 1 ? (
            <div className="question-flow__pager">
              <button
                type="button"
                className="question-flow__icon"
                aria-label={copy.previous}
                disabled={typingLocked || index === 0}
                onClick={() => goTo(index - 1)}
              >
                <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                  <path d="M10 4l-4 4 4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                </svg>
              </button>
              <span className="question-flow__progress">{copy.progress(index + 1, count)}</span>
              <button type="button" className="question-flow__icon" aria-label={copy.next} disabled={typingLocked || isLast} onClick={() => goTo(index + 1)}>
                <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
                  <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                </svg>
              </button>
            </div>
          ) : null}
          <p id={statusId} role="status" className="question-flow__status">
            {offline ?? message ?? ''}
          </p>
          <div className="question-flow__actions">
            <button type="button" className="question-flow__button" disabled={busy} aria-describedby={offline ? statusId : undefined} onClick={skip}>
              {copy.skip}
            </button>
            <button
              type="button"
              className="question-flow__button question-flow__button--primary"
              disabled={busy || !currentComplete}
              aria-describedby={offline ? statusId : undefined}
              onClick={advance}
            >
              {typingLocked ? copy.submitting : isLast ? copy.submit : copy.nextQuestion}
            </button>
          </div>
        </footer>
      </div>
    </section>
  );
}
