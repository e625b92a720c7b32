/**
 * Session logs on disk, `<dataDir>/sessions/<sessionId>.jsonl` (docs/protocol.md "Session log on disk"). Invariants:
 * an append starts on a line boundary or not at all (checked against the file's identity and last acknowledged byte;
 * a failed write is cut back); when durable nothing is acknowledged before it is synced (`flush`, group commit); a
 * torn last line is cut on load, on bytes; an event's seq is its line position across restarts. `<id>.meta.json`
 * sits beside each log, never in it; deleted logs move to `<dataDir>/trash/` under names of their own, all kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serializeStoredHeader, serializeStoredLine, storedLinesOf } from '../harness/storage/stored-lines.ts';
import { LogStoppedError } from '../harness/log.ts';
import type { SessionMeta, SessionStorage, StoredLine, StoredSession, TrashedSession, TrashNote, WriteStop, WriteStopReason } from '../harness/types.ts';
import { parseSessionLog, type ParsedLog } from '../src/core/log/reader.ts';
import type { SessionHeader } from '../src/core/log/types.ts';

/** Where FileStorage reports what it repaired or skipped. */
export interface StorageLogger {
  warn(message: string): void;
}

/** Foreign bytes after the last acknowledged line up to this many are read to tell a torn line from whole lines. */
const MAX_TORN_TAIL = 1024 * 1024;

/** What a stopped session's writes answer, after "writing to this session stopped: " (never a path). */
const STOP_MESSAGES: Readonly<Record<Exclude<WriteStopReason, 'lock-lost' | 'sync-failed'>, string>> = {
  'log-removed': "its log file was removed by another program; what ui-plan had written is kept in the data directory's recovered folder",
  'log-replaced':
    "its log file was replaced by another program (an editor's save, sed -i, a sync tool); what ui-plan had written is kept in the data directory's recovered folder, and a restart opens the file now there",
  'log-changed': 'its log file was written by another program; a restart reads it as it is now',
};

/** Whether acknowledged events are synced to disk first (`durable`, the default) or not (`relaxed`). */
export type Durability = 'durable' | 'relaxed';

/** What FileStorage uses of `node:fs` (an injected one must behave the same). */
export type StorageFileSystem = Pick<
  typeof fs,
  | 'appendFileSync'
  | 'closeSync'
  | 'existsSync'
  | 'fdatasyncSync'
  | 'fstatSync'
  | 'ftruncateSync'
  | 'mkdirSync'
  | 'openSync'
  | 'readdirSync'
  | 'readFileSync'
  | 'readSync'
  | 'renameSync'
  | 'rmSync'
  | 'statSync'
  | 'truncateSync'
  | 'writeFileSync'
  | 'writeSync'
> & {
  /** fdatasync(2) of an open file, off the event loop. */
  fdatasync(fd: number, callback: (error: NodeJS.ErrnoException | null) => void): void;
  /** fsync(2) of an open descriptor (a directory's, after a rename into it), off the event loop. */
  fsync(fd: number, callback: (error: NodeJS.ErrnoException | null) => void): void;
};

/** A session log open for appending: its descriptor and where its last acknowledged line ends (bytes). */
interface OpenLog {
  fd: number;
  end: number;
}

/** Options of {@link FileStorage}. */
export interface FileStorageOptions {
  /** Root data directory; sessions live in `<dataDir>/sessions/`. Created when missing. */
  dataDir: string;
  /** Receives one line per repaired or skipped file. Default: `console.warn`. */
  logger?: StorageLogger;
  /**
   * `durable` (the default): every append, new file and renamed file is synced (fdatasync/fsync) before anything
   * acknowledges it ({@link FileStorage.flush}, group commit); `relaxed`: nothing is synced (a power loss may drop
   * acknowledged events; a process crash never does).
   */
  durability?: Durability;
  /** The file system (default `node:fs`); tests inject one. */
  fs?: StorageFileSystem;
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
  private readonly fs: StorageFileSystem;
  private readonly durable: boolean;
  /** Group commit: what was written and not yet synced, and the sync rounds. */
  private readonly unsynced = { files: new Map<number, string>(), dirs: new Set<string>(), writes: 0 };
  private synced = 0;
  private round: { covers: number; done: Promise<void> } | undefined;
  private next: { done: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | undefined;
  /** Descriptors a sync round still uses: closed when it ends. */
  private readonly syncing = new Set<number>();
  private readonly closeAfterSync = new Set<number>();
  /** The open append file of each session written since start. */
  private readonly logs = new Map<string, OpenLog>();
  /** Where each known session's log ends: the byte after its last acknowledged line. */
  private readonly ends = new Map<string, number>();
  /** Sessions whose writes are refused, and why. */
  private readonly stopped = new Map<string, WriteStop>();
  /** Set once the data directory's lock is lost: every write is refused. */
  private stoppedAll: WriteStop | undefined;
  private readonly stopListeners = new Set<(sessionId: string | undefined) => void>();
  /** Where logs of stopped sessions are copied when the file at their path is no longer the one written. */
  readonly recoveredDir: string;

  /**
   * @param options data directory, logger, fsync
   * @throws when `<dataDir>/sessions` cannot be created
   */
  constructor(options: FileStorageOptions) {
    this.dir = path.join(options.dataDir, 'sessions');
    this.trashDir = path.join(options.dataDir, 'trash');
    this.recoveredDir = path.join(options.dataDir, 'recovered');
    this.logger = options.logger ?? { warn: (m) => console.warn(m) };
    this.fs = options.fs ?? fs;
    this.durable = (options.durability ?? 'durable') === 'durable';
    this.fs.mkdirSync(this.dir, { recursive: true });
  }

  /**
   * The session's file as stored, byte for byte (the log download).
   * @returns the bytes, or `undefined` for an unsafe id or a file that cannot be read
   */
  readLog(sessionId: string): Uint8Array | undefined {
    if (!SESSION_ID.test(sessionId)) return undefined;
    try {
      return this.fs.readFileSync(this.fileOf(sessionId));
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
      this.fs.appendFileSync(file, '\n');
      this.syncNow(file);
      this.logger.warn(`ui-plan: ${file}: added the missing newline after the last line`);
      return Buffer.concat([bytes, Buffer.from('\n')]);
    }
    if (cut === 0) return bytes;
    this.fs.truncateSync(file, cut);
    this.syncNow(file);
    this.logger.warn(`ui-plan: ${file}: the last line was cut mid-line (${tail.length} bytes with no newline, e.g. a crash while writing); removed them`);
    return bytes.subarray(0, cut);
  }

  /** When durable, fdatasync a file now (a start-up repair, a recovered copy: rare, and before anything is served). */
  private syncNow(file: string): void {
    if (!this.durable) return;
    const fd = this.fs.openSync(file, 'r+');
    try {
      this.fs.fdatasyncSync(fd);
    } finally {
      this.fs.closeSync(fd);
    }
  }

  private loadFile(file: string): StoredSession | undefined {
    const bytes = this.repairTornLine(file, this.fs.readFileSync(file));
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
    this.ends.set(header.id, bytes.length);
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
      text = this.fs.readFileSync(file, 'utf8');
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
    this.refuseWhenStopped(sessionId);
    if (!this.fs.existsSync(this.fileOf(sessionId))) throw new Error(`session ${sessionId} has no log file`);
    const file = this.metaFileOf(sessionId);
    if (meta.title === undefined && meta.importedFrom === undefined) {
      this.fs.rmSync(file, { force: true });
      this.dirChanged(this.dir);
      return;
    }
    this.writeWhole(`${file}.tmp`, Buffer.from(JSON.stringify(meta) + '\n', 'utf8'));
    this.fs.renameSync(`${file}.tmp`, file);
    this.dirChanged(this.dir);
  }

  /**
   * Move a session's log and meta file to `<dataDir>/trash/` (closing its append descriptor first) under a name of
   * their own, `<sessionId>~<n>.jsonl` and `<sessionId>~<n>.meta.json` (`~` is never part of a session id), `n` one
   * more than the highest of that id in the trash: a session deleted, created again under its id and deleted again
   * keeps every deleted log. `note` goes beside it as `<sessionId>~<n>.deleted.json` (the "Recently deleted" list).
   * @throws for an unknown session or when the move fails
   */
  trash(sessionId: string, note?: TrashNote): void {
    this.refuseWhenStopped(sessionId);
    const file = this.fileOf(sessionId);
    if (this.stopped.has(sessionId) && !this.fs.existsSync(file)) {
      // Its file was removed by another program (what this server wrote is in recovered/): nothing is left to move.
      this.stopped.delete(sessionId);
      this.closeOne(sessionId);
      return;
    }
    this.stopped.delete(sessionId);
    if (!this.fs.existsSync(file)) throw new Error(`session ${sessionId} has no log file`);
    this.closeOne(sessionId);
    this.fs.mkdirSync(this.trashDir, { recursive: true });
    const n = (this.trashedOf(sessionId).at(-1)?.n ?? 0) + 1;
    const meta = this.metaFileOf(sessionId);
    if (this.fs.existsSync(meta)) this.fs.renameSync(meta, path.join(this.trashDir, `${sessionId}~${n}.meta.json`));
    this.fs.renameSync(file, path.join(this.trashDir, `${sessionId}~${n}.jsonl`));
    if (note) this.writeWhole(path.join(this.trashDir, `${sessionId}~${n}.deleted.json`), Buffer.from(JSON.stringify(note) + '\n', 'utf8'));
    this.dirChanged(this.dir);
    this.dirChanged(this.trashDir);
  }

  /**
   * Every id in the trash once, with its log deleted last (`<id>~<n>.jsonl`, highest `n`; `<id>.jsonl` counts as 0),
   * newest deletion first. The title and time come from its `.deleted.json` note; without a readable note the title is
   * `null` and the time the log's status-change time (the move into the trash).
   */
  listTrash(): TrashedSession[] {
    let names: string[];
    try {
      names = this.fs.readdirSync(this.trashDir);
    } catch {
      return [];
    }
    const last = new Map<string, number>();
    for (const name of names) {
      const match = /^([A-Za-z0-9][A-Za-z0-9._-]*?)(?:~([1-9]\d*))?\.jsonl$/.exec(name);
      if (!match) continue;
      const [, sessionId, n] = match as unknown as [string, string, string | undefined];
      last.set(sessionId, Math.max(last.get(sessionId) ?? -1, n === undefined ? 0 : Number(n)));
    }
    const found: TrashedSession[] = [];
    for (const [sessionId, n] of last) {
      const base = n === 0 ? sessionId : `${sessionId}~${n}`;
      found.push({ sessionId, ...this.trashNoteOf(base) });
    }
    return found.sort((a, b) => b.deletedAt - a.deletedAt);
  }

  /** The note of a trashed log (`<base>.deleted.json`), else `null` and the log's status-change time. */
  private trashNoteOf(base: string): TrashNote {
    try {
      const note = JSON.parse(this.fs.readFileSync(path.join(this.trashDir, `${base}.deleted.json`), 'utf8')) as Partial<TrashNote> | null;
      if (note && typeof note.deletedAt === 'number' && (note.title === null || typeof note.title === 'string'))
        return { title: note.title, deletedAt: note.deletedAt };
    } catch {
      // No note (a log trashed by an earlier version) or an unreadable one: fall back to the file's time.
    }
    try {
      return { title: null, deletedAt: this.fs.statSync(path.join(this.trashDir, `${base}.jsonl`)).ctimeMs };
    } catch {
      return { title: null, deletedAt: 0 };
    }
  }

  /**
   * The trashed logs of a session, oldest deletion first: `<id>~<n>.jsonl` by `n`, after a `<id>.jsonl` an earlier
   * version of ui-plan trashed (as `n` 0).
   * @returns each trashed log's number and its log and meta file names
   */
  private trashedOf(sessionId: string): { n: number; log: string; meta: string }[] {
    let names: string[];
    try {
      names = this.fs.readdirSync(this.trashDir);
    } catch {
      return [];
    }
    const found: { n: number; log: string; meta: string }[] = [];
    for (const name of names) {
      if (name === `${sessionId}.jsonl`) found.push({ n: 0, log: name, meta: `${sessionId}.meta.json` });
      const n = name.startsWith(`${sessionId}~`) ? /^~([1-9]\d*)\.jsonl$/.exec(name.slice(sessionId.length))?.[1] : undefined;
      if (n !== undefined) found.push({ n: Number(n), log: name, meta: `${sessionId}~${n}.meta.json` });
    }
    return found.sort((a, b) => a.n - b.n);
  }

  /**
   * Move the session's log deleted last (an Undo restores what was just deleted) back from the trash and load it
   * (torn-line repair and skipped lines as in `loadAll`); earlier deleted logs of the same id stay in the trash.
   * @returns the session as `loadAll` would return it
   * @throws when it is not in the trash, a live session has its id, or its log is unreadable
   */
  restore(sessionId: string): StoredSession {
    this.refuseWhenStopped(sessionId);
    const file = this.fileOf(sessionId);
    const last = this.trashedOf(sessionId).at(-1);
    if (last === undefined) throw new Error(`session ${sessionId} is not in the trash`);
    if (this.fs.existsSync(file)) throw new Error(`session ${sessionId} already exists`);
    const trashedMeta = path.join(this.trashDir, last.meta);
    if (this.fs.existsSync(trashedMeta)) this.fs.renameSync(trashedMeta, this.metaFileOf(sessionId));
    this.fs.renameSync(path.join(this.trashDir, last.log), file);
    this.fs.rmSync(path.join(this.trashDir, last.log.replace(/\.jsonl$/, '.deleted.json')), { force: true });
    this.dirChanged(this.dir);
    this.dirChanged(this.trashDir);
    const session = this.loadFile(file);
    if (!session) throw new Error(`session ${sessionId} could not be read`);
    return session;
  }

  /** Close a session's append descriptor (synced first when durable); `forget` also drops where its log ends. */
  private closeOne(sessionId: string, forget = true): void {
    const log = this.logs.get(sessionId);
    if (forget) this.ends.delete(sessionId);
    if (log === undefined) return;
    this.logs.delete(sessionId);
    this.release(log.fd);
  }

  /** Sync a descriptor's unsynced lines now (durable), then close it — once no sync round uses it any more. */
  private release(fd: number): void {
    if (this.unsynced.files.delete(fd)) {
      try {
        this.fs.fdatasyncSync(fd);
      } catch (error) {
        this.logger.warn(`ui-plan: could not sync a session log before closing it: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (this.syncing.has(fd)) this.closeAfterSync.add(fd);
    else this.closeDescriptor(fd);
  }

  private closeDescriptor(fd: number): void {
    try {
      this.fs.closeSync(fd);
    } catch {
      /* already closed */
    }
  }

  /**
   * Create a session file with its header and initial lines (fork/import). Written to a `.tmp` file (synced when
   * durable) and renamed, so a crash never leaves a half-written import; the directory entry is synced with the next
   * round ({@link flush}).
   * @throws when the session exists or the write fails
   */
  create(session: StoredSession): void {
    this.refuseWhenStopped(session.header.id);
    const file = this.fileOf(session.header.id);
    if (this.fs.existsSync(file)) throw new Error(`session ${session.header.id} already exists`);
    const text = [serializeStoredHeader(session.header), ...session.lines.map(serializeStoredLine)].join('\n') + '\n';
    this.writeWhole(`${file}.tmp`, Buffer.from(text, 'utf8'));
    this.fs.renameSync(`${file}.tmp`, file);
    this.dirChanged(this.dir);
    this.ends.set(session.header.id, Buffer.byteLength(text));
  }

  /**
   * Write a whole new file (replacing one of that name) and, when durable, fdatasync it before it is renamed into
   * place, so a crash never leaves a renamed file without its content.
   */
  private writeWhole(file: string, bytes: Buffer): void {
    const fd = this.fs.openSync(file, 'w');
    try {
      let written = 0;
      while (written < bytes.length) written += this.fs.writeSync(fd, bytes, written, bytes.length - written);
      if (this.durable) this.fs.fdatasyncSync(fd);
    } finally {
      this.fs.closeSync(fd);
    }
  }

  /** A file was created, renamed or removed in `dir`: its entry is synced with the next round. */
  private dirChanged(dir: string): void {
    if (!this.durable) return;
    this.unsynced.dirs.add(dir);
    this.unsynced.writes += 1;
  }

  /**
   * Append one line, starting on a line boundary or not at all: before writing, the file must end exactly where the
   * last acknowledged line ended ({@link checkBoundary} cuts a torn line found after it); the line is written with
   * synchronous writes (on disk before the engine streams it); a write that fails — after writing part of the line
   * (ENOSPC on a full disk) or not — is cut back to the last acknowledged byte, so what was refused leaves no trace.
   * @throws when the session file does not exist or the write fails (the file then ends where it ended before)
   */
  append(sessionId: string, line: StoredLine): void {
    const stop = this.writeStopOf(sessionId);
    if (stop) throw new LogStoppedError(sessionId, stop);
    const log = this.openLog(sessionId);
    this.checkBoundary(sessionId, log);
    const bytes = Buffer.from(serializeStoredLine(line) + '\n', 'utf8');
    try {
      let written = 0;
      while (written < bytes.length) written += this.fs.writeSync(log.fd, bytes, written, bytes.length - written);
    } catch (error) {
      this.cutBack(sessionId, log);
      throw error;
    }
    log.end += bytes.length;
    if (this.durable) {
      this.unsynced.files.set(log.fd, sessionId);
      this.unsynced.writes += 1;
    }
  }

  /**
   * Resolve once every line appended and every file created or moved so far is on disk. Group commit: one round —
   * an fdatasync of each log written since the last round and an fsync of each changed directory, off the event loop —
   * covers everything written before it starts; a round starts once the current synchronous work is done, and the
   * next one as soon as it ends, so a stream of appends costs one sync per round, not per line.
   * @returns `undefined` when nothing waits to be synced (or durability is relaxed)
   * @throws (rejects) the sync's errno error when a round fails; a log whose sync failed stops (`sync-failed`)
   */
  flush(): Promise<void> | undefined {
    if (!this.durable || this.unsynced.writes === this.synced) return undefined;
    if (this.round && this.unsynced.writes <= this.round.covers) return this.round.done;
    if (!this.next) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      done.catch(() => {}); // a caller may not wait; the error still reaches every caller that does
      this.next = { done, resolve, reject };
      if (!this.round) queueMicrotask(() => this.startRound());
    }
    return this.next.done;
  }

  /** Start a sync round for the waiting callers ({@link flush}). */
  private startRound(): void {
    const waiting = this.next;
    if (!waiting || this.round) return;
    this.next = undefined;
    const covers = this.unsynced.writes;
    const files = [...this.unsynced.files];
    const dirs = [...this.unsynced.dirs];
    this.unsynced.files.clear();
    this.unsynced.dirs.clear();
    for (const [fd] of files) this.syncing.add(fd);
    this.round = { covers, done: waiting.done };
    const syncs = [
      ...files.map(([fd, sessionId]) =>
        this.syncDescriptor(fd, 'fdatasync').catch((error: unknown) => {
          this.syncFailed(sessionId, error);
          throw error;
        }),
      ),
      ...dirs.map((dir) => this.syncDirectory(dir)),
    ];
    void Promise.all(syncs)
      .then(
        () => waiting.resolve(),
        (error: unknown) => waiting.reject(error),
      )
      .finally(() => {
        this.synced = covers;
        this.round = undefined;
        for (const [fd] of files) {
          this.syncing.delete(fd);
          if (this.closeAfterSync.delete(fd)) this.closeDescriptor(fd);
        }
        if (this.next) this.startRound();
      });
  }

  private syncDescriptor(fd: number, how: 'fdatasync' | 'fsync'): Promise<void> {
    return new Promise((resolve, reject) => this.fs[how](fd, (error) => (error ? reject(error) : resolve())));
  }

  private async syncDirectory(dir: string): Promise<void> {
    const fd = this.fs.openSync(dir, 'r');
    try {
      await this.syncDescriptor(fd, 'fsync');
    } finally {
      this.closeDescriptor(fd);
    }
  }

  /** A log's fdatasync failed: what is on disk is unknown, so nothing more is written to it until a restart reads it. */
  private syncFailed(sessionId: string, error: unknown): void {
    if (this.stopped.has(sessionId)) return;
    const code = (error as { code?: unknown } | null)?.code;
    const stop: WriteStop = {
      reason: 'sync-failed',
      message: `the disk reported an error${typeof code === 'string' ? ` (${code})` : ''} when its log file was synced; a restart reads what is on disk`,
    };
    this.stopped.set(sessionId, stop);
    this.logger.warn(`ui-plan: ${this.fileOf(sessionId)}: writing to this session stopped: ${stop.message}`);
    this.closeOne(sessionId, false);
    for (const listener of [...this.stopListeners]) listener(sessionId);
  }

  /** The open append file of a session (opened read-write in append mode on first use). @throws when it has no file */
  private openLog(sessionId: string): OpenLog {
    let log = this.logs.get(sessionId);
    if (log === undefined) {
      const file = this.fileOf(sessionId);
      if (!this.fs.existsSync(file)) throw new Error(`session ${sessionId} has no log file`);
      const fd = this.fs.openSync(file, 'a+');
      log = { fd, end: this.ends.get(sessionId) ?? this.fs.fstatSync(fd).size };
      this.logs.set(sessionId, log);
    }
    return log;
  }

  /**
   * Before an append: the file at the session's path must still be the one this server writes (same device and inode
   * as the open descriptor), and it must end at the last acknowledged byte. Bytes after it that hold no newline (a
   * line cut by a failed write whose cut-back failed too, or a partial line someone appended) are cut, as the start-up
   * repair cuts a torn last line, with a warning. A file removed, replaced or written by another program stops the
   * session ({@link stopSession}).
   * @throws LogStoppedError when writing to the session stops; file-system errors
   */
  private checkBoundary(sessionId: string, log: OpenLog): void {
    let atPath: fs.Stats;
    try {
      atPath = this.fs.statSync(this.fileOf(sessionId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.stopSession(sessionId, log, 'log-removed');
      throw error;
    }
    const own = this.fs.fstatSync(log.fd);
    if (own.ino !== atPath.ino || own.dev !== atPath.dev) this.stopSession(sessionId, log, 'log-replaced');
    if (own.size === log.end) return;
    if (own.size > log.end && own.size - log.end <= MAX_TORN_TAIL) {
      const tail = Buffer.alloc(own.size - log.end);
      this.fs.readSync(log.fd, tail, 0, tail.length, log.end);
      if (!tail.includes(0x0a)) {
        this.fs.ftruncateSync(log.fd, log.end);
        this.logger.warn(
          `ui-plan: ${this.fileOf(sessionId)}: the last line was cut mid-line (${tail.length} bytes with no newline); removed them before appending`,
        );
        return;
      }
    }
    this.stopSession(sessionId, log, 'log-changed');
  }

  /**
   * Stop writing one session: keep what this server wrote when the file at the path is no longer it (copied from the
   * open descriptor to `<dataDir>/recovered/<id>~<n>.jsonl`), close the descriptor, tell the listeners, and throw.
   * @throws LogStoppedError always
   */
  private stopSession(sessionId: string, log: OpenLog, reason: Exclude<WriteStopReason, 'lock-lost' | 'sync-failed'>): never {
    const stop: WriteStop = { reason, message: STOP_MESSAGES[reason] };
    this.stopped.set(sessionId, stop);
    if (reason !== 'log-changed') {
      try {
        const written = Buffer.alloc(log.end);
        this.fs.readSync(log.fd, written, 0, log.end, 0);
        this.fs.mkdirSync(this.recoveredDir, { recursive: true });
        let n = 1;
        while (this.fs.existsSync(path.join(this.recoveredDir, `${sessionId}~${n}.jsonl`))) n += 1;
        this.writeWhole(path.join(this.recoveredDir, `${sessionId}~${n}.jsonl`), written);
        this.dirChanged(this.recoveredDir);
      } catch (error) {
        this.logger.warn(`ui-plan: could not keep the log of ${sessionId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.logger.warn(`ui-plan: ${this.fileOf(sessionId)}: writing to this session stopped: ${stop.message}`);
    this.closeOne(sessionId, false);
    for (const listener of [...this.stopListeners]) listener(sessionId);
    throw new LogStoppedError(sessionId, stop);
  }

  /**
   * Why writes to this session are refused, or `undefined` while it may be written (SessionStorage contract).
   * @param sessionId - the session
   */
  writeStopOf(sessionId: string): WriteStop | undefined {
    return this.stoppedAll ?? this.stopped.get(sessionId);
  }

  /** Be told when writing stops (`undefined`: every session). @returns unsubscribe */
  onWriteStop(listener: (sessionId: string | undefined) => void): () => void {
    this.stopListeners.add(listener);
    return () => void this.stopListeners.delete(listener);
  }

  /**
   * Stop every write to the data directory (its lock was lost to another server): appends, new sessions, meta files,
   * the trash. Idempotent.
   * @param reason - why, as the lock said it (no path)
   */
  stopAll(reason: string): void {
    if (this.stoppedAll) return;
    this.stoppedAll = { reason: 'lock-lost', message: reason };
    this.logger.warn(`ui-plan: writing to ${this.dir} stopped: ${reason}`);
    for (const listener of [...this.stopListeners]) listener(undefined);
  }

  /** @throws LogStoppedError once the data directory's lock is lost */
  private refuseWhenStopped(sessionId: string): void {
    if (this.stoppedAll) throw new LogStoppedError(sessionId, this.stoppedAll);
  }

  /** After a failed write: cut the file back to the last acknowledged byte (when that fails too, the next append cuts it). */
  private cutBack(sessionId: string, log: OpenLog): void {
    try {
      this.fs.ftruncateSync(log.fd, log.end);
    } catch (error) {
      this.logger.warn(`ui-plan: ${this.fileOf(sessionId)}: could not cut a failed write back yet: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Close every open append descriptor, syncing what was not synced yet (durable). The storage may still be used
   * afterwards (they reopen).
   */
  close(): void {
    for (const log of this.logs.values()) this.release(log.fd);
    this.logs.clear();
  }
}
