/**
 * In-memory `SessionStorage` for tests, the MSW adapter and demos. Holds deep copies so callers can never
 * mutate stored lines; `failAppend` makes `append` throw to exercise the engine's failure paths
 * (docs/upstream-spec.md §1.6: a throwing append keeps a plan-mode selection pending).
 */
import type { SessionMeta, SessionStorage, StoredLine, StoredSession, TrashedSession, TrashNote } from '../types.ts';
import { serializeStoredHeader, serializeStoredLine } from './stored-lines.ts';

/** Options of `MemoryStorage`. */
export interface MemoryStorageOptions {
  /** Sessions to start with (e.g. to simulate a restart); copied. */
  sessions?: StoredSession[];
  /**
   * Decides whether an `append` fails: return `true` (throws a generic error) or an `Error` to throw.
   * Called with the session id and the line about to be stored. Can be changed later via `failAppend`.
   */
  failAppend?: (sessionId: string, line: StoredLine) => boolean | Error;
}

const copy = <T>(value: T): T => structuredClone(value);

/**
 * A `SessionStorage` kept in process memory (docs/protocol.md "Session log on disk" shape, without the disk).
 * `loadAll()` returns sessions oldest first (creation order). `create` throws for a duplicate id;
 * `append` throws for an unknown session and whenever `failAppend` says so (nothing is stored then).
 */
export class MemoryStorage implements SessionStorage {
  /** Hook deciding whether the next `append` fails; reassign freely in tests. */
  failAppend: ((sessionId: string, line: StoredLine) => boolean | Error) | undefined;
  private readonly sessions = new Map<string, StoredSession>();
  /** Every deleted session by id, oldest deletion first. */
  private readonly trashed = new Map<string, { session: StoredSession; note: TrashNote | undefined }[]>();

  constructor(options: MemoryStorageOptions = {}) {
    this.failAppend = options.failAppend;
    for (const session of options.sessions ?? []) this.create(session);
  }

  loadAll(): StoredSession[] {
    return [...this.sessions.values()].map(copy);
  }

  create(session: StoredSession): void {
    if (this.sessions.has(session.header.id)) throw new Error(`session "${session.header.id}" already exists`);
    this.sessions.set(session.header.id, copy(session));
  }

  append(sessionId: string, line: StoredLine): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`session "${sessionId}" does not exist`);
    const failure = this.failAppend?.(sessionId, line);
    if (failure instanceof Error) throw failure;
    if (failure === true) throw new Error(`storage append failed for session "${sessionId}"`);
    session.lines.push(copy(line));
  }

  /** Replace the meta kept beside a session's lines (an empty one removes it). @throws for an unknown session */
  writeMeta(sessionId: string, meta: SessionMeta): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`session "${sessionId}" does not exist`);
    if (meta.title === undefined && meta.importedFrom === undefined) delete session.meta;
    else session.meta = copy(meta);
  }

  /** Move a session to the trash, beside any earlier deleted session of its id. @throws for an unknown session */
  trash(sessionId: string, note?: TrashNote): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`session "${sessionId}" does not exist`);
    this.sessions.delete(sessionId);
    this.trashed.set(sessionId, [...(this.trashed.get(sessionId) ?? []), { session, note: note && { ...note } }]);
  }

  /** The deleted-last log of every id in the trash, newest deletion first (without a note: title `null`, time 0). */
  listTrash(): TrashedSession[] {
    const found: TrashedSession[] = [];
    for (const [sessionId, entries] of this.trashed) {
      const last = entries.at(-1);
      if (last) found.push({ sessionId, title: last.note?.title ?? null, deletedAt: last.note?.deletedAt ?? 0 });
    }
    return found.sort((a, b) => b.deletedAt - a.deletedAt);
  }

  /** Bring back the session of this id deleted last. @throws when it is not in the trash or the id is taken */
  restore(sessionId: string): StoredSession {
    const session = this.trashed.get(sessionId)?.at(-1)?.session;
    if (!session) throw new Error(`session "${sessionId}" is not in the trash`);
    if (this.sessions.has(sessionId)) throw new Error(`session "${sessionId}" already exists`);
    this.trashed.get(sessionId)?.pop();
    if (this.trashed.get(sessionId)?.length === 0) this.trashed.delete(sessionId);
    this.sessions.set(sessionId, session);
    return copy(session);
  }

  /**
   * The session as the file storage would write it (header, then one line per stored line, each ending in `\n`).
   * @returns UTF-8 bytes, or `undefined` for an unknown session
   */
  readLog(sessionId: string): Uint8Array | undefined {
    const session = this.sessions.get(sessionId);
    if (!session) return undefined;
    const text = [serializeStoredHeader(session.header), ...session.lines.map(serializeStoredLine)].join('\n') + '\n';
    return new TextEncoder().encode(text);
  }

  /**
   * A deep copy of one stored session, or `undefined` when it does not exist (tests read what was stored).
   * @param sessionId - `session-<uuid>`
   */
  get(sessionId: string): StoredSession | undefined {
    const session = this.sessions.get(sessionId);
    return session ? copy(session) : undefined;
  }
}
