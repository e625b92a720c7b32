/**
 * The append-only session log of one session (PROTOCOL.md "Session log on disk"). An event is stored
 * through `SessionStorage.append` first; only when that succeeds does it get its `seq` (= number of
 * events before it) and `time`, join the in-memory log and reach subscribers. A throwing append records
 * nothing and propagates (upstream spec §1.6). Also holds the small log-derived facts the engine needs.
 */
import type { SessionEvent, SessionHeader } from '../src/core/log/types.ts';
import type { SessionStorage, StoredLine, StoredSession } from './types.ts';

/** What a caller appends; `seq` and `time` are assigned by the log. */
export interface AppendInput {
  type: string;
  data: unknown;
  surfaceOp?: string;
  sourceEventSeqs?: number[];
}

/** Header of a stored session (dsh header plus ui-plan's `readOnly` / `parentSessionId`). */
export type LogHeader = SessionHeader & { readOnly?: boolean; parentSessionId?: string };

/**
 * One session's log. Synchronous by design, so that "stored before streamed" holds without awaits.
 */
export class SessionLog {
  readonly header: LogHeader;
  private readonly list: SessionEvent[] = [];
  private readonly listeners = new Set<(event: SessionEvent) => void>();

  /**
   * @param header - the stored header (its `id` is the session id)
   * @param storage - where lines are stored; `append` goes there first
   * @param now - clock in epoch ms
   * @param lines - already-stored lines (reload, fork, import); they get `seq` = index and are NOT re-stored
   */
  constructor(
    header: LogHeader,
    private readonly storage: SessionStorage,
    private readonly now: () => number,
    lines: readonly StoredLine[] = [],
  ) {
    this.header = header;
    for (const line of lines) this.list.push(toEvent(line, this.list.length));
  }

  /** The session id (`header.id`). */
  get sessionId(): string {
    return this.header.id;
  }

  /** Every event in seq order. The array is live; do not mutate it. */
  get events(): readonly SessionEvent[] {
    return this.list;
  }

  /** Seq of the last event, or -1 for an empty log. */
  get lastSeq(): number {
    return this.list.length - 1;
  }

  /**
   * Append one event: store it (throws and records nothing on failure), then assign `seq`/`time`, then
   * notify subscribers in subscription order.
   * @param input - `{type, data, surfaceOp?, sourceEventSeqs?}`
   * @returns the logged event with its envelope
   * @throws whatever `SessionStorage.append` throws
   */
  append(input: AppendInput): SessionEvent {
    const time = this.now();
    const line: StoredLine = { type: input.type, data: input.data, time };
    if (input.surfaceOp !== undefined) line.surfaceOp = input.surfaceOp;
    if (input.sourceEventSeqs !== undefined) line.sourceEventSeqs = [...input.sourceEventSeqs];
    this.storage.append(this.header.id, line);
    const event = toEvent(line, this.list.length);
    this.list.push(event);
    for (const listener of [...this.listeners]) listener(event);
    return event;
  }

  /**
   * Subscribe to appended events (not to the ones already present).
   * @returns an idempotent unsubscribe
   */
  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The log as storage holds it (header plus lines), e.g. to seed a fork. */
  toStored(end: number = this.list.length): StoredSession {
    return { header: { ...this.header }, lines: this.list.slice(0, end).map(toLine) };
  }
}

/** Convert a stored line into an event with its seq. */
function toEvent(line: StoredLine, seq: number): SessionEvent {
  const event: SessionEvent = { type: line.type, seq, data: line.data };
  if (line.time !== undefined) event.time = line.time;
  if (line.surfaceOp !== undefined) event.surfaceOp = line.surfaceOp;
  if (line.sourceEventSeqs !== undefined) event.sourceEventSeqs = line.sourceEventSeqs;
  return event;
}

/** Convert an event back into a stored line (drops `seq`, which is positional). */
export function toLine(event: SessionEvent): StoredLine {
  const line: StoredLine = { type: event.type, data: event.data };
  if (event.time !== undefined) line.time = event.time;
  if (event.surfaceOp !== undefined) line.surfaceOp = event.surfaceOp;
  if (event.sourceEventSeqs !== undefined) line.sourceEventSeqs = event.sourceEventSeqs;
  return line;
}

/**
 * The open turn of a log: the last `turn/start` with no later `turn/end` (upstream spec §1.5: "idle" is
 * decided by this fold, not by agent status).
 * @param events - the log
 * @returns the open turn number, or `undefined` when no turn is open
 */
export function openTurnOf(events: readonly SessionEvent[]): number | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as SessionEvent;
    if (event.type === 'turn/end') return undefined;
    if (event.type === 'turn/start') {
      const turn = (event.data as { turn?: unknown } | null)?.turn;
      return typeof turn === 'number' ? turn : 0;
    }
  }
  return undefined;
}

/**
 * The highest turn number logged so far (0 when none), so the next turn is `lastTurnOf(events) + 1`.
 * @param events - the log
 */
export function lastTurnOf(events: readonly SessionEvent[]): number {
  let last = 0;
  for (const event of events) {
    if (event.type !== 'turn/start') continue;
    const turn = (event.data as { turn?: unknown } | null)?.turn;
    if (typeof turn === 'number' && turn > last) last = turn;
  }
  return last;
}

/**
 * Index of the last `request/header` event, or -1 when none was logged (upstream spec §1.7).
 * @param events - the log
 */
export function lastHeaderIndex(events: readonly SessionEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) if ((events[i] as SessionEvent).type === 'request/header') return i;
  return -1;
}
