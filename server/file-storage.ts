/**
 * Session logs on disk: one dsh JSONL file per session, `<dataDir>/sessions/<sessionId>.jsonl` (docs/protocol.md
 * "Session log on disk"). Invariants: an append is one synchronous `writeSync` of a whole line, in the file before
 * the engine streams it; a torn last line is cut on load, on bytes (never re-encoded); an event's seq is its line
 * position across restarts; an unreadable file never stops a load. Beside each log, never in it, `<id>.meta.json`
 * (written atomically); a deleted session's files move to `<dataDir>/trash/` until `restore`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serializeStoredHeader, serializeStoredLine, storedLinesOf } from '../harness/storage/stored-lines.ts';
import type { SessionMeta, SessionStorage, StoredLine, StoredSession } from '../harness/types.ts';
import { parseSessionLog, type ParsedLog } from '../src/core/log/reader.ts';
import type { SessionHeader } from '../src/core/log/types.ts';

/** Where FileStorage reports what it repaired or skipped. */
export interface StorageLogger {
  warn(message: string): void;
}

/** Options of {@link FileStorage}. */
export interface FileStorageOptions {
  /** Root data directory; sessions live in `<dataDir>/sessions/`. Created when missing. */
  dataDir: string;
  /** Receives one line per repaired or skipped file. Default: `console.warn`. */
  logger?: StorageLogger;
  /** Also `fsync` after every append (durable across power loss; slower). Default false. */
  fsync?: boolean;
}

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The stored header of a parsed log: the dsh fields plus ui-plan's `readOnly` / `parentSessionId` when well-typed. */
function storedHeaderOf(parsed: ParsedLog): StoredSession['header'] | undefined {
  const h = parsed.header as (SessionHeader & Record<string, unknown>) | undefined;
  if (h === undefined || h.id === '') return undefined;
  const header: StoredSession['header'] = { type: 'session', version: h.version, id: h.id, createdAt: h.createdAt, cwd: h.cwd };
  if (typeof h.readOnly === 'boolean') header.readOnly = h.readOnly;
  if (typeof h.parentSessionId === 'string') header.parentSessionId = h.parentSessionId;
  return header;
}

/** Whether one line (no newline) is complete: a readable event, or the header when it is the file's first line. */
function isCompleteLine(bytes: Buffer, first: boolean): boolean {
  const parsed = parseSessionLog(bytes.toString('utf8'));
  return first ? parsed.header !== undefined && parsed.skipped.length === 0 : parsed.events.length === 1 && parsed.skipped.length === 0;
}

/**
 * `SessionStorage` over JSONL files (harness/types.ts contract). Not safe for two processes over the
 * same directory. Call {@link FileStorage.close} to release the append file descriptors. A torn last line (crash
 * mid-write) is cut from the file on load with a warning, working on bytes, so any content — invalid UTF-8 included —
 * is cut exactly after its last newline; lines are read by the core reader (`parseSessionLog`), an unreadable line
 * keeping its seq as an in-memory placeholder. `<id>.meta.json` keeps a person's title and where an import came from.
 */
export class FileStorage implements SessionStorage {
  readonly dir: string;
  /** Where deleted sessions wait for `restore`: `<dataDir>/trash/`. */
  readonly trashDir: string;
  private readonly logger: StorageLogger;
  private readonly fsync: boolean;
  private readonly fds = new Map<string, number>();

  /**
   * @param options data directory, logger, fsync
   * @throws when `<dataDir>/sessions` cannot be created
   */
  constructor(options: FileStorageOptions) {
    this.dir = path.join(options.dataDir, 'sessions');
    this.trashDir = path.join(options.dataDir, 'trash');
    this.logger = options.logger ?? { warn: (m) => console.warn(m) };
    this.fsync = options.fsync ?? false;
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /**
   * The session's file as stored, byte for byte (the log download).
   * @returns the bytes, or `undefined` for an unsafe id or a file that cannot be read
   */
  readLog(sessionId: string): Uint8Array | undefined {
    if (!SESSION_ID.test(sessionId)) return undefined;
    try {
      return fs.readFileSync(this.fileOf(sessionId));
    } catch {
      return undefined;
    }
  }

  /** Path of a session's log file. @throws on an id that is not a safe file name */
  fileOf(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new Error(`unsafe session id ${JSON.stringify(sessionId)}`);
    return path.join(this.dir, `${sessionId}.jsonl`);
  }

  /** Path of a session's meta file, beside its log. @throws on an id that is not a safe file name */
  metaFileOf(sessionId: string): string {
    return this.fileOf(sessionId).replace(/\.jsonl$/, '.meta.json');
  }

  /**
   * Read every `*.jsonl` session file, oldest `createdAt` first (ties by file name). A last line without its
   * newline is repaired first (see `repairTornLine`); then the file is read with the core reader, and every line it
   * skips (not JSON, not an event, a known kind with a wrong-shaped payload, an empty line) is kept as a
   * `{type: 'import/skipped', data: {line, reason}}` placeholder in memory (the file is not changed), so seqs stay
   * equal to line positions. A file whose first line is not a session header, or whose header id differs from
   * the file name, is skipped. Each repair or skip is one `logger.warn`.
   * @returns the stored sessions
   */
  loadAll(): StoredSession[] {
    const sessions: StoredSession[] = [];
    const names = fs
      .readdirSync(this.dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort();
    for (const name of names) {
      const file = path.join(this.dir, name);
      try {
        const session = this.loadFile(file);
        if (session) sessions.push(session);
      } catch (error) {
        this.logger.warn(`ui-plan: skipped ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return sessions.sort((a, b) => a.header.createdAt - b.header.createdAt);
  }

  /**
   * Repair a file whose last byte is not `\n` (a crash mid-append): a last line that is complete (a readable event,
   * or the header when it is the only line) gets its newline; any other last line is cut by truncating the file to
   * just after its last `\n` byte. Offsets are byte offsets into the file as read, so invalid UTF-8 or multi-byte
   * characters anywhere in the file never move the cut. A file with no newline at all and no complete header is left
   * as it is (it is skipped as unreadable, never emptied).
   * @param file the session file
   * @param bytes its whole content
   * @returns the content as it now is on disk
   */
  private repairTornLine(file: string, bytes: Buffer): Buffer {
    if (bytes.length === 0 || bytes[bytes.length - 1] === 0x0a) return bytes;
    const cut = bytes.lastIndexOf(0x0a) + 1;
    const tail = bytes.subarray(cut);
    if (isCompleteLine(tail, cut === 0)) {
      fs.appendFileSync(file, '\n');
      this.logger.warn(`ui-plan: ${file}: added the missing newline after the last line`);
      return Buffer.concat([bytes, Buffer.from('\n')]);
    }
    if (cut === 0) return bytes;
    fs.truncateSync(file, cut);
    this.logger.warn(`ui-plan: ${file}: cut a torn last line (${tail.length} bytes)`);
    return bytes.subarray(0, cut);
  }

  private loadFile(file: string): StoredSession | undefined {
    const bytes = this.repairTornLine(file, fs.readFileSync(file));
    const parsed = parseSessionLog(bytes.toString('utf8'));
    const header = parsed.firstSeqLine === 2 ? storedHeaderOf(parsed) : undefined;
    if (!header) {
      this.logger.warn(`ui-plan: skipped ${file}: the header line is unreadable`);
      return undefined;
    }
    if (`${header.id}.jsonl` !== path.basename(file)) {
      this.logger.warn(`ui-plan: skipped ${file}: header id ${header.id} does not match the file name`);
      return undefined;
    }
    const lines = storedLinesOf(parsed);
    for (const skipped of parsed.skipped) {
      if (skipped.line >= parsed.firstSeqLine) this.logger.warn(`ui-plan: ${file}:${skipped.line}: skipped an unreadable line (${skipped.reason})`);
    }
    // Every line after the header is an event or a skipped line, so the array has no holes.
    const meta = this.readMeta(file.replace(/\.jsonl$/, '.meta.json'));
    return meta ? { header, lines, meta } : { header, lines };
  }

  /** A meta file's content, or `undefined` when it is missing or unreadable (a warning; the log still loads). */
  private readMeta(file: string): SessionMeta | undefined {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const raw = JSON.parse(text) as Record<string, unknown>;
      const meta: SessionMeta = {};
      if (typeof raw.title === 'string') meta.title = raw.title;
      const from = raw.importedFrom as Record<string, unknown> | undefined;
      if (from && typeof from.digest === 'string') meta.importedFrom = { digest: from.digest, ...(typeof from.id === 'string' ? { id: from.id } : {}) };
      return meta;
    } catch {
      this.logger.warn(`ui-plan: ${file}: ignored an unreadable meta file`);
      return undefined;
    }
  }

  /**
   * Replace what is kept beside a session's log: written to a `.tmp` file and renamed (atomic); an empty `meta`
   * removes the file. The log itself is never touched.
   * @throws for an unknown session or when the write fails
   */
  writeMeta(sessionId: string, meta: SessionMeta): void {
    if (!fs.existsSync(this.fileOf(sessionId))) throw new Error(`session ${sessionId} has no log file`);
    const file = this.metaFileOf(sessionId);
    if (meta.title === undefined && meta.importedFrom === undefined) {
      fs.rmSync(file, { force: true });
      return;
    }
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(meta) + '\n');
    fs.renameSync(tmp, file);
  }

  /**
   * Move a session's log and meta file to `<dataDir>/trash/` (closing its append descriptor first). A trashed file of
   * the same name (deleted, restored, deleted again) is replaced.
   * @throws for an unknown session or when the move fails
   */
  trash(sessionId: string): void {
    const file = this.fileOf(sessionId);
    if (!fs.existsSync(file)) throw new Error(`session ${sessionId} has no log file`);
    this.closeOne(sessionId);
    fs.mkdirSync(this.trashDir, { recursive: true });
    const meta = this.metaFileOf(sessionId);
    if (fs.existsSync(meta)) fs.renameSync(meta, path.join(this.trashDir, path.basename(meta)));
    fs.renameSync(file, path.join(this.trashDir, path.basename(file)));
  }

  /**
   * Move a trashed session back and load it (torn-line repair and skipped lines as in `loadAll`).
   * @returns the session as `loadAll` would return it
   * @throws when it is not in the trash, a live session has its id, or its log is unreadable
   */
  restore(sessionId: string): StoredSession {
    const file = this.fileOf(sessionId);
    const trashed = path.join(this.trashDir, path.basename(file));
    if (!fs.existsSync(trashed)) throw new Error(`session ${sessionId} is not in the trash`);
    if (fs.existsSync(file)) throw new Error(`session ${sessionId} already exists`);
    const meta = this.metaFileOf(sessionId);
    const trashedMeta = path.join(this.trashDir, path.basename(meta));
    if (fs.existsSync(trashedMeta)) fs.renameSync(trashedMeta, meta);
    fs.renameSync(trashed, file);
    const session = this.loadFile(file);
    if (!session) throw new Error(`session ${sessionId} could not be read`);
    return session;
  }

  private closeOne(sessionId: string): void {
    const fd = this.fds.get(sessionId);
    if (fd === undefined) return;
    this.fds.delete(sessionId);
    try {
      fs.closeSync(fd);
    } catch {
      /* already closed */
    }
  }

  /**
   * Create a session file with its header and initial lines (fork/import). Written to a `.tmp` file and
   * renamed, so a crash never leaves a half-written import.
   * @throws when the session exists or the write fails
   */
  create(session: StoredSession): void {
    const file = this.fileOf(session.header.id);
    if (fs.existsSync(file)) throw new Error(`session ${session.header.id} already exists`);
    const text = [serializeStoredHeader(session.header), ...session.lines.map(serializeStoredLine)].join('\n') + '\n';
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, text, { flag: 'w' });
    if (this.fsync) {
      const fd = fs.openSync(tmp, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
    fs.renameSync(tmp, file);
  }

  /**
   * Append one line with a single synchronous write (on disk before the engine streams it).
   * @throws when the session file does not exist or the write fails
   */
  append(sessionId: string, line: StoredLine): void {
    let fd = this.fds.get(sessionId);
    if (fd === undefined) {
      const file = this.fileOf(sessionId);
      if (!fs.existsSync(file)) throw new Error(`session ${sessionId} has no log file`);
      fd = fs.openSync(file, 'a');
      this.fds.set(sessionId, fd);
    }
    const bytes = Buffer.from(serializeStoredLine(line) + '\n', 'utf8');
    let written = 0;
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    if (this.fsync) fs.fsyncSync(fd);
  }

  /** Close every open append descriptor. The storage may still be used afterwards (they reopen). */
  close(): void {
    for (const fd of this.fds.values()) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already closed */
      }
    }
    this.fds.clear();
  }
}
