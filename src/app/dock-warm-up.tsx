/**
 * The dock's warm-up: once per page, when the idle prefetch asks for it, the review card and the question flow render
 * once inside the dock, laid out but invisible and inert (nobody sees, reaches or hears them: `visibility: hidden`
 * takes them out of the accessibility tree and the paint), and unmount after that frame. The first real card of the
 * page then pays neither the compilation of the card's code, nor its first run, nor the first style and text layout of
 * its fonts on its frame (docs/style.md "Lazy views render at once"). The render is a transition: a question that
 * arrives meanwhile interrupts it and renders first.
 */
import { memo, startTransition, useEffect, useState, useSyncExternalStore, type CSSProperties, type ComponentType } from 'react';
import { planReviewOf, type PlanReview } from '../core/questions/plan-review.ts';
import type { QuestionItem } from '../core/questions/types.ts';
import { afterNextPaint } from '../lib/after-paint.ts';
import { WARM_UP_ID, WARM_UP_QUESTION } from '../lib/wire-warm-up.ts';
import type { PlanReviewCardProps } from '../features/plan-review/plan-review-card.tsx';
import type { QuestionFlowProps } from '../features/questions/question-flow.tsx';

/** Where the page's warm-up is: not asked for yet, asked for, or done. */
type WarmUpState = 'idle' | 'wanted' | 'done';

let state: WarmUpState = 'idle';
const listeners = new Set<() => void>();
const setState = (next: WarmUpState) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const wantedNow = () => state === 'wanted';

/**
 * Ask the mounted dock to warm its cards up (once per page: later calls do nothing). Called by the idle prefetch once
 * the card chunks are in (`prefetchAtIdle`); a page without a session view warms up when its first dock mounts.
 */
export function warmDockCards(): void {
  if (state === 'idle') setState('wanted');
}

/** Whether the warm-up ran (tests). */
export function dockWarmedUp(): boolean {
  return state === 'done';
}

/** Forget the warm-up, as on a fresh page (tests). */
export function resetDockWarmUp(): void {
  setState('idle');
}

/** A small plan with what most plans hold: headings, a paragraph with inline marks, lists, a table and a quote. */
const WARM_PLAN = [
  '# Plan',
  '',
  'Change `config.ts` and **test** it; see [the notes](https://example.com).',
  '',
  '1. First step',
  '   - a detail',
  '2. Second step',
  '',
  '## Risks',
  '',
  '| risk | mitigation |',
  '| - | - |',
  '| none | — |',
  '',
  '> A quote.',
].join('\n');

const WARM_REVIEW: PlanReview = planReviewOf([
  {
    id: 'plan-review',
    question: 'Approve this plan?',
    detail: WARM_PLAN,
    options: [{ label: 'Approve' }, { label: 'Keep planning' }],
    intent: { kind: 'plan-review', approve: 'Approve' },
  },
])!;

const WARM_QUESTIONS: QuestionItem[] = [WARM_UP_QUESTION];

/** Props of {@link DockWarmUp}. */
interface DockWarmUpProps {
  sessionId: string;
  /** The loaded card and flow components (the warm-up waits for both). */
  ReviewCard: ComponentType<PlanReviewCardProps> | undefined;
  Flow: ComponentType<QuestionFlowProps> | undefined;
  /** A question shows in the dock: its card did the warming, so a warm-up not yet rendered never renders. */
  waiting: boolean;
}

/**
 * Rendered by the dock at all times: nothing, except for the one warm-up render of the page (in a transition), unmounted
 * after the next paint (in a transition too). A question that comes first ends it unrendered: the transition React
 * would otherwise resume right after the question's commit rendered a second card and flow inside that card's
 * frame (about 10 ms before its paint; `npm run bench:browser`, the first question flow's slowest runs).
 */
export const DockWarmUp = memo(function DockWarmUp({ sessionId, ReviewCard, Flow, waiting }: DockWarmUpProps) {
  const wanted = useSyncExternalStore(subscribe, wantedNow, wantedNow);
  const [rendering, setRendering] = useState(false);
  const ready = wanted && !waiting && ReviewCard !== undefined && Flow !== undefined;
  useEffect(() => {
    if (ready) startTransition(() => setRendering(true));
  }, [ready]);
  useEffect(() => {
    if (waiting && wanted) setState('done');
  }, [waiting, wanted]);
  const [onDone] = useState(() => () => {
    state = 'done';
    startTransition(() => setRendering(false));
  });
  if (!rendering || !wanted || waiting || ReviewCard === undefined || Flow === undefined) return null;
  return <WarmCards sessionId={sessionId} ReviewCard={ReviewCard} Flow={Flow} onDone={onDone} />;
});

/**
 * Where the warm-up renders: as wide as the dock (so text wraps as in the real card) but out of its flow, of no height
 * and clipped (it moves nothing and adds nothing to scroll), never painted nor in the accessibility tree, and inert
 * (nothing in it takes focus or a click).
 */
const WARM_BOX: CSSProperties = {
  position: 'absolute',
  insetInlineStart: 0,
  insetInlineEnd: 0,
  top: 0,
  height: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
};

/** The card and the flow in {@link WARM_BOX}; `onDone` after the paint that follows their commit. */
function WarmCards({
  sessionId,
  ReviewCard,
  Flow,
  onDone,
}: {
  sessionId: string;
  ReviewCard: ComponentType<PlanReviewCardProps>;
  Flow: ComponentType<QuestionFlowProps>;
  onDone: () => void;
}) {
  useEffect(() => afterNextPaint(onDone), [onDone]);
  return (
    <div className="dock__warm-up" style={WARM_BOX} inert data-warm-up="">
      <ReviewCard sessionId={sessionId} rpcId={WARM_UP_ID} review={WARM_REVIEW} />
      <Flow sessionId={sessionId} rpcId={WARM_UP_ID} questions={WARM_QUESTIONS} />
    </div>
  );
}
