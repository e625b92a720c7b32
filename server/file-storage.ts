/**
 * Session logs on disk: one dsh JSONL file per session, `<dataDir>/sessions/<sessionId>.jsonl`
 * (PROTOCOL.md "Session log on disk"). Invariants: every append is written synchronously with one
 * `writeSync` of a whole line, so it is in the file before the engine streams it; a torn last line
 * (crash mid-write) is cut from the file on load with a warning; an unreadable file never stops a load.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SessionStorage, StoredLine, StoredSession } from '../harness/types.ts';

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

/**
 * Serialise one stored line in the dsh key order `{type,data,surfaceOp?,time?,sourceEventSeqs?}`
 * (upstream spec §1.1 envelope; `time` is epoch ms).
 * @param line a stored line
 * @returns its JSON text without the trailing newline
 */
export function serializeStoredLine(line: StoredLine): string {
  const out: Record<string, unknown> = { type: line.type, data: line.data };
  if (line.surfaceOp !== undefined) out.surfaceOp = line.surfaceOp;
  if (line.time !== undefined) out.time = line.time;
  if (line.sourceEventSeqs !== undefined) out.sourceEventSeqs = line.sourceEventSeqs;
  return JSON.stringify(out);
}

/**
 * Serialise a session header `{type:'session',version,id,createdAt,cwd}` plus the ui-plan extensions
 * `readOnly` and `parentSessionId` when set (PROTOCOL.md "Session log on disk").
 * @returns its JSON text without the trailing newline
 */
export function serializeStoredHeader(header: StoredSession['header']): string {
  const out: Record<string, unknown> = {
    type: 'session', version: header.version, id: header.id, createdAt: header.createdAt, cwd: header.cwd,
  };
  if (header.readOnly !== undefined) out.readOnly = header.readOnly;
  if (header.parentSessionId !== undefined) out.parentSessionId = header.parentSessionId;
  return JSON.stringify(out);
}

function readHeader(text: string): StoredSession['header'] | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null) return undefined;
  const h = raw as Record<string, unknown>;
  if (h.type !== 'session' || typeof h.id !== 'string' || h.id === '') return undefined;
  if (typeof h.createdAt !== 'number' || typeof h.cwd !== 'string') return undefined;
  const header: StoredSession['header'] = {
    type: 'session',
    version: typeof h.version === 'number' ? h.version : 0,
    id: h.id,
    createdAt: h.createdAt,
    cwd: h.cwd,
  };
  if (typeof h.readOnly === 'boolean') header.readOnly = h.readOnly;
  if (typeof h.parentSessionId === 'string') header.parentSessionId = h.parentSessionId;
  return header;
}

function readLine(text: string): StoredLine | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.type !== 'string' || r.type === '' || r.type === 'session') return undefined;
  const line: StoredLine = { type: r.type, data: r.data };
  if (typeof r.time === 'number') line.time = r.time;
  if (typeof r.surfaceOp === 'string') line.surfaceOp = r.surfaceOp;
  if (Array.isArray(r.sourceEventSeqs) && r.sourceEventSeqs.every((n) => typeof n === 'number')) {
    line.sourceEventSeqs = r.sourceEventSeqs as number[];
  }
  return line;
}

/**
 * `SessionStorage` over JSONL files (harness/types.ts contract). Not safe for two processes over the
 * same directory. Call {@link FileStorage.close} to release the append file descriptors.
 */
export class FileStorage implements SessionStorage {
  readonly dir: string;
  private readonly logger: StorageLogger;
  private readonly fsync: boolean;
  private readonly fds = new Map<string, number>();

  /**
   * @param options data directory, logger, fsync
   * @throws when `<dataDir>/sessions` cannot be created
   */
  constructor(options: FileStorageOptions) {
    this.dir = path.join(options.dataDir, 'sessions');
    this.logger = options.logger ?? { warn: (m) => console.warn(m) };
    this.fsync = options.fsync ?? false;
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** Path of a session's log file. @throws on an id that is not a safe file name */
  fileOf(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new Error(`unsafe session id ${JSON.stringify(sessionId)}`);
    return path.join(this.dir, `${sessionId}.jsonl`);
  }

  /**
   * Read every `*.jsonl` session file, oldest `createdAt` first (ties by file name). A last line that
   * is not a readable event is cut from the file (a valid last line missing only its newline gets the
   * newline); an unreadable line elsewhere is skipped; a file whose header is unreadable is skipped.
   * Each repair or skip is one `logger.warn`.
   * @returns the stored sessions
   */
  loadAll(): StoredSession[] {
    const sessions: StoredSession[] = [];
    const names = fs.readdirSync(this.dir).filter((n) => n.endsWith('.jsonl')).sort();
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

  private loadFile(file: string): StoredSession | undefined {
    let text = fs.readFileSync(file, 'utf8');
    if (text.length > 0 && !text.endsWith('\n')) {
      const cut = text.lastIndexOf('\n') + 1;
      const tail = text.slice(cut);
      if (cut > 0 && readLine(tail) !== undefined) {
        fs.appendFileSync(file, '\n');
        text += '\n';
        this.logger.warn(`ui-plan: ${file}: added the missing newline after the last line`);
      } else {
        fs.truncateSync(file, Buffer.byteLength(text.slice(0, cut), 'utf8'));
        text = text.slice(0, cut);
        this.logger.warn(`ui-plan: ${file}: cut a torn last line (${Buffer.byteLength(tail, 'utf8')} bytes)`);
      }
    }
    const rows = text.split('\n');
    rows.pop();
    const header = rows.length > 0 ? readHeader(rows[0] ?? '') : undefined;
    if (!header) {
      this.logger.warn(`ui-plan: skipped ${file}: the header line is unreadable`);
      return undefined;
    }
    if (`${header.id}.jsonl` !== path.basename(file)) {
      this.logger.warn(`ui-plan: skipped ${file}: header id ${header.id} does not match the file name`);
      return undefined;
    }
    const lines: StoredLine[] = [];
    for (let i = 1; i < rows.length; i += 1) {
      const row = rows[i] ?? '';
      if (row.trim() === '') continue;
      const line = readLine(row);
      if (line) lines.push(line);
      else this.logger.warn(`ui-plan: ${file}:${i + 1}: skipped an unreadable line`);
    }
    return { header, lines };
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
      try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
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
      try { fs.closeSync(fd); } catch { /* already closed */ }
    }
    this.fds.clear();
  }
}
