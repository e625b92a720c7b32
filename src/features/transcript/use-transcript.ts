/**
 * The transcript of a growing event list, folded incrementally: when the new list extends the one folded last
 * (same array prefix), only the new events are applied; any other change (a baseline inserted earlier events)
 * refolds from scratch. No render rescans the whole log.
 */
import { useRef } from 'react';
import type { SessionEvent } from '../../core/log/types.ts';
import type { ToolView } from '../../core/protocol/methods.ts';
import { applyTranscriptEvent, initTranscript, viewOf, type TranscriptItem } from './fold.ts';

interface Cursor {
  source: readonly SessionEvent[];
  count: number;
  state: ReturnType<typeof initTranscript>;
}

/**
 * Fold `events` into transcript items, reusing the previous fold when `events` only grew.
 * @param events events sorted by seq (an array that is replaced, never mutated, when it changes)
 * @param views tool cards by seq
 * @returns the items (same array while nothing changed) and the open turn, if any
 */
export function useTranscript(events: readonly SessionEvent[], views: Readonly<Record<number, ToolView>>): { items: readonly TranscriptItem[]; openTurn: number | undefined } {
  const cursor = useRef<Cursor | undefined>(undefined);
  let current = cursor.current;
  const extends_ =
    current !== undefined &&
    current.count <= events.length &&
    (current.count === 0 || current.source[current.count - 1] === events[current.count - 1]);
  if (!current || !extends_) {
    current = { source: events, count: 0, state: initTranscript() };
  }
  for (let i = current.count; i < events.length; i += 1) {
    const event = events[i]!;
    applyTranscriptEvent(current.state, event, viewOf(views, event));
  }
  current.count = events.length;
  current.source = events;
  cursor.current = current;
  return { items: current.state.items, openTurn: current.state.openTurn };
}
