/**
 * Work split into steps run at idle times: each idle callback runs steps while its idle period lasts (at least one
 * step per callback), so a frame that comes meanwhile waits for one short step at most. The warm-ups of a page (the
 * markdown pipeline, the wire schemas) run this way, after its first paint (docs/style.md "Lazy views render at once").
 */

import { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS } from './lazy-module.ts';

/** Leave this much of an idle period unused (ms): a step may take a little longer than the last. */
const IDLE_MARGIN_MS = 2;

/**
 * Run `steps` in order at idle times (`requestIdleCallback`, 2,000 ms timeout; `setTimeout` 200 ms where it is missing,
 * one step each). A step that throws stops nothing: the error is reported (`reportError`) and the next step runs.
 * @param steps functions of no argument, each short (a few ms at most, apart from a first run's compilation)
 */
export function runStepsAtIdle(steps: readonly (() => void)[]): void {
  let index = 0;
  const runOne = () => {
    const step = steps[index++]!;
    try {
      step();
    } catch (error) {
      reportError(error);
    }
  };
  const next = () => {
    if (index >= steps.length) return;
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(
        (deadline) => {
          do runOne();
          while (index < steps.length && !deadline.didTimeout && deadline.timeRemaining() > IDLE_MARGIN_MS);
          next();
        },
        { timeout: IDLE_TIMEOUT_MS },
      );
    else
      setTimeout(() => {
        runOne();
        next();
      }, IDLE_FALLBACK_MS);
  };
  next();
}
