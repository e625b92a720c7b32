/**
 * The append-only session log of one session (docs/protocol.md "Session log on disk"). An event is stored
 * through `SessionStorage.append` first; only when that succeeds does it get its `seq` (= number of
 * events before it) and `time`, join the in-memory log and reach subscribers. A throwing append records
 * nothing and propagates as a `LogWriteError` naming the cause without paths (docs/upstream-spec.md §1.6). `stage` splits an append in two (store now, publish later in the same tick) for a response that must
 * be stored before it is acknowledged. What the log says about turns and steps is read by harness/folds/.
 */
import type { SessionEvent, SessionHeader } from '../src/core/log/types.ts';
import type { SessionStorage, StoredLine, StoredSession, WriteStop } from './types.ts';

/** Short descriptions of the storage failures a person can fix (errno code → text, as Node's `strerror` words them). */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EIO: 'i/o error',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in system',
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  EFBIG: 'file too large',
};

/**
 * A session log (or a new session's file) could not be written. `message` is safe to show to a client: it names
 * the cause (`could not write the session log: EACCES permission denied`) and never a path.
 */
export class LogWriteError extends Error {
  override readonly name = 'LogWriteError';
  /**
   * @param code - the errno code (`EACCES`, `ENOSPC`, …), or `undefined` for a failure without one
   * @param description - what went wrong, without paths (`permission denied`)
   * @param options - `cause`: the storage's own error (kept for the server log; may quote paths)
   */
  constructor(
    readonly code: string | undefined,
    description: string,
    options?: { cause?: unknown },
  ) {
    super(`could not write the session log: ${code !== undefined ? `${code} ` : ''}${description}`, options);
  }
}

/**
 * Writing to a session stopped because its log file is no longer the one this server wrote (removed, replaced or
 * written by another program) or the data directory's lock was lost: every later write of the session is refused
 * with this error, before anything is written. `message` is safe to show (no path).
 */
export class LogStoppedError extends LogWriteError {
  /**
   * @param sessionId - the session whose writes are refused
   * @param stop - why (`reason`) and the sentence after "writing to this session stopped: "
   */
  constructor(
    readonly sessionId: string,
    readonly stop: WriteStop,
  ) {
    super(undefined, stop.message);
    this.message = `writing to this session stopped: ${stop.message}`;
  }
}

/**
 * Turn whatever a storage threw into a {@link LogWriteError}: the errno `code` and its description (Node's text
 * between `CODE: ` and the first comma, else a built-in table), else the message with every absolute path replaced
 * by `<path>`. A `LogWriteError` is returned as is.
 * @param error - what `SessionStorage.append` / `create` threw
 */
export function logWriteErrorOf(error: unknown): LogWriteError {
  if (error instanceof LogWriteError) return error;
  const code =
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code !== undefined && /^[A-Z][A-Z0-9_]*$/.test(code)) {
    const fromMessage = new RegExp(`^${code}: ([^,]+)`).exec(message)?.[1]?.trim();
    return new LogWriteError(code, withoutPaths(fromMessage ?? WRITE_FAILURES[code] ?? 'write failed'), { cause: error });
  }
  return new LogWriteError(undefined, withoutPaths(message) || 'write failed', { cause: error });
}

/** A text with absolute POSIX and Windows paths (quoted or bare) replaced by `<path>`. */
function withoutPaths(text: string): string {
  return text.replace(/(['"`])(?:[A-Za-z]:[\\/]|\/|\\\\)[^'"`]*\1/g, '<path>').replace(/(?:[A-Za-z]:[\\/]|(?<![\w.])\/)[^\s'"`,;)]*/g, '<path>');
}

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
  /** Whether a staged event is stored but not yet published (no other append may happen meanwhile). */
  private staged = false;
  /** While set, every append is refused before it reaches storage (a shutdown stops writing as a crash would). */
  private halted = false;

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
   * @throws LogWriteError when `SessionStorage.append` throws (the event is neither kept nor streamed)
   */
  append(input: AppendInput): SessionEvent {
    return this.stage(input).publish();
  }

  /**
   * Store one event now and publish it later: `publish()` puts it into the in-memory log and notifies
   * subscribers. Between the two nothing else may be appended (the caller publishes in the same synchronous block,
   * e.g. after a `question/resolved` frame, so a response is stored before it is acknowledged and streamed in the
   * real host's frame order).
   * @param input - as for {@link append}
   * @returns the event as it will be logged and its `publish` (idempotent; returns the event)
   * @throws LogWriteError when storage throws or the log is halted (nothing is stored); Error when another staged event
   *   is unpublished
   */
  stage(input: AppendInput): { event: SessionEvent; publish: () => SessionEvent } {
    if (this.halted) throw new LogWriteError(undefined, 'the server is stopping');
    if (this.staged) throw new Error(`session ${this.header.id}: an event is stored but not yet published`);
    const time = this.now();
    const line: StoredLine = { type: input.type, data: input.data, time };
    if (input.surfaceOp !== undefined) line.surfaceOp = input.surfaceOp;
    if (input.sourceEventSeqs !== undefined) line.sourceEventSeqs = [...input.sourceEventSeqs];
    try {
      this.storage.append(this.header.id, line);
    } catch (error) {
      throw logWriteErrorOf(error);
    }
    const event = toEvent(line, this.list.length);
    this.staged = true;
    let published = false;
    return {
      event,
      publish: () => {
        if (published) return event;
        published = true;
        this.staged = false;
        this.list.push(event);
        for (const listener of [...this.listeners]) listener(event);
        return event;
      },
    };
  }

  /**
   * Refuse every append from now on (nothing reaches storage), until {@link resumeWrites}: a shutdown lets the agents
   * stop without logging what they were doing, exactly as a crash would leave the log (README "What survives a
   * restart").
   */
  halt(): void {
    this.halted = true;
  }

  /** Accept appends again after {@link halt}. */
  resumeWrites(): void {
    this.halted = false;
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
