/**
 * The data layer's warm-up. The first question of a page ran the store's intake, the reducers, the transcript's
 * incremental fold and the question views for the first time inside its own frame: in traced CPU profiles of 8 first
 * and 8 later question flows of a page (`npm run bench:browser`'s fixture), the frame's data path took 3.1 ms against
 * 1.2 ms for a later one, and the transcript fold's first run 1.2 ms against 0.1 ms. Once the page is idle after its
 * first paint, a throwaway store with no downlink and no history (`createSessionStreamStore`, never started) takes a
 * turn that ends in a plan review and a question, one frame a step (`runStepsAtIdle`); the page's own store, its
 * listeners and the host see nothing of it. Source of the rule: docs/style.md "Lazy views render at once".
 */
import type { MuxFrame } from '../core/protocol/frames.ts';
import { WARM_UP_QUESTION, WARM_UP_REVIEW, WARM_UP_ID, WARM_UP_TURN } from '../lib/wire-warm-up.ts';
import { planReviewOf } from '../core/questions/plan-review.ts';
import { questionViewsOf, waitingOf } from './derive.ts';
import { sliceOf } from './reducers.ts';
import { createSessionStreamStore, type SessionStreamStore } from './store.ts';

const eventFrame = ([type, data]: readonly [string, unknown], index: number): MuxFrame =>
  ({ type: 'session/event', sessionId: WARM_UP_ID, event: { type, seq: index + 1, data } }) as MuxFrame;

/** A plan review (as `exit_plan_mode` asks it) and a generic question, as `question/requested` frames. */
const QUESTIONS: readonly [string, MuxFrame][] = [
  [
    `${WARM_UP_ID}-review`,
    {
      type: 'question/requested',
      sessionId: WARM_UP_ID,
      questions: [WARM_UP_REVIEW],
    } as MuxFrame,
  ],
  [
    `${WARM_UP_ID}-question`,
    {
      type: 'question/requested',
      sessionId: WARM_UP_ID,
      questions: [WARM_UP_QUESTION],
    } as MuxFrame,
  ],
];

/** Read what the hooks read when a question shows: the slice, the transcript, the question views and the review. */
function readAsTheDockDoes(store: SessionStreamStore): void {
  const slice = sliceOf(store.getState(), WARM_UP_ID);
  store.transcriptOf(WARM_UP_ID);
  const views = questionViewsOf(slice.questions);
  waitingOf(slice.questions);
  for (const view of views) planReviewOf(view.questions);
}

/**
 * The warm-up's steps, for `runStepsAtIdle`: each applies a frame to the throwaway store (the turn's events queued as
 * a burst, as live ones are; a question applies them and itself, as a live one does) and reads the result as the dock
 * does; the last resolves the questions. No step throws (the store and the reads never do on
 * these frames).
 * @param store the store warmed (tests pass their own); by default a new one that is never started (no downlink
 *   opens, no history is asked for) and whose queued events wait for the next question, as they do when a review
 *   comes right behind them
 * @returns the steps, in order
 */
export function sessionWarmUpSteps(store: SessionStreamStore = createSessionStreamStore({ scheduleBurst: () => undefined })): (() => void)[] {
  const steps: (() => void)[] = WARM_UP_TURN.map((event, index) => () => store.applyMux(eventFrame(event, index), WARM_UP_ID));
  for (const [rpcId, frame] of QUESTIONS)
    steps.push(() => {
      store.applyMux(frame, rpcId);
      readAsTheDockDoes(store);
    });
  steps.push(() => {
    for (const [rpcId] of QUESTIONS)
      store.applyMux({ type: 'question/resolved', sessionId: WARM_UP_ID, questionRpcId: rpcId, outcome: 'answered' } as MuxFrame, 'r');
    readAsTheDockDoes(store);
  });
  return steps;
}
