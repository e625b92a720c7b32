/**
 * Which folded rows the transcript shows and what its turn line says. While older pages are missing, a tool result
 * whose call is on one of them is left out (it joins its card once the call is loaded: loaded history is one run up to
 * the tail), and an assistant step that ended before its first word is never shown (the turn's end line says what
 * happened). Pure.
 */
import type { TranscriptItem, TranscriptView } from '../../../core/transcript/fold.ts';

type AssistantItem = Extract<TranscriptItem, { kind: 'assistant' }>;

/**
 * Whether an assistant row has nothing to show: no non-blank block and no longer streaming (a step stopped before
 * its first word). The transcript leaves such rows out; the turn's end line says what happened.
 * @param item an `assistant` transcript item
 */
export function isEmptyAssistant(item: AssistantItem): boolean {
  return !item.streaming && item.blocks.every((b) => b.text.trim() === '');
}

/**
 * The rows to show: without assistant steps that ended with nothing to show and, while older pages are missing
 * (`hasOlder`), without results whose call is not loaded; the same array when nothing is left out.
 */
export function shownRows(items: readonly TranscriptItem[], hasOlder: boolean): readonly TranscriptItem[] {
  const hidden = (item: TranscriptItem) => (item.kind === 'tool' && item.orphan === true && hasOlder) || (item.kind === 'assistant' && isEmptyAssistant(item));
  return items.some(hidden) ? items.filter((item) => !hidden(item)) : items;
}

/** The last row is an assistant message still streaming: its own "Writing…" already says the turn is running. */
export function streamingLast(items: readonly TranscriptItem[]): boolean {
  const last = items[items.length - 1];
  return last !== undefined && last.kind === 'assistant' && last.streaming;
}

/** The quiet line under the rows, as a key of the transcript's copy; undefined for none. */
export type TurnLine = 'waitingReview' | 'waitingAnswer' | 'logEndsInTurn' | 'running';

/**
 * The line under the rows: what a question waits for ("Waiting for your review" / "… answer") instead of "Running…";
 * else, while a turn is open and no streaming message says so already, "Running…" — or, in a log that will not go on,
 * "The log ends during this turn."
 * @param waiting what the session waits for
 * @param ended the transcript is a read-only log
 */
export function turnLineOf(
  view: Pick<TranscriptView, 'openTurn'>,
  shown: readonly TranscriptItem[],
  waiting: 'review' | 'answer' | undefined,
  ended: boolean,
): TurnLine | undefined {
  if (waiting !== undefined) return waiting === 'review' ? 'waitingReview' : 'waitingAnswer';
  if (view.openTurn === undefined || streamingLast(shown)) return undefined;
  return ended ? 'logEndsInTurn' : 'running';
}

/**
 * The index a find move lands on: one step through the matches, wrapping at both ends.
 * @param at the current match's index (may be past the end after the matches shrank)
 * @param count how many matches there are
 */
export function stepMatch(at: number, count: number, step: 1 | -1): number {
  return count === 0 ? 0 : (Math.min(at, count - 1) + step + count) % count;
}
