/**
 * Pure arithmetic of `npm run bench:browser` over what the in-page probes recorded (page `performance.now()` ms).
 */
import type { KeyStamp } from './probes.ts';

/**
 * Per-keystroke figures (ms) from the probes: input delay + processing = the latest `processingEnd` of the key's Event
 * Timing entries (keydown, keypress, beforeinput, input, keyup starting between the keydown and its next paint) minus
 * the keydown's timeStamp — Event Timing reports only events of 16 ms or more, so below that the end of the input
 * event's dispatch stands in; next paint = the paint after the keydown minus its timeStamp. Keys never painted are
 * left out.
 * @param keys - the keystroke stamps, in order
 * @param events - the Event Timing entries seen so far
 * @returns one number per painted key in each list
 */
export function keystrokeFigures(
  keys: readonly KeyStamp[],
  events: readonly { name: string; startTime: number; processingEnd: number }[],
): { delay: number[]; paint: number[] } {
  const delay: number[] = [];
  const paint: number[] = [];
  for (const key of keys) {
    if (key.paint === 0) continue;
    const timed = events.filter(
      (e) => ['keydown', 'keypress', 'beforeinput', 'input', 'keyup'].includes(e.name) && e.startTime >= key.t - 1 && e.startTime <= key.paint,
    );
    // Event Timing reports only events of 16 ms or more; under that, the end of the input dispatch stands in.
    const ends = [...timed.map((e) => e.processingEnd), ...(key.handled > 0 ? [key.handled] : [])];
    if (ends.length > 0) delay.push(Math.max(...ends) - key.t);
    paint.push(key.paint - key.t);
  }
  return { delay, paint };
}
