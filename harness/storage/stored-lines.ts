/**
 * The stored lines of a parsed dsh log, one per seq: each readable event as it was, and a placeholder of type
 * {@link SKIPPED_LINE_TYPE} for each line the core reader skipped, so seq stays equal to the line's position after
 * the header. Shared by `session.import` and the file storage's reload, which must agree.
 */
import type { ParsedLog } from '../../src/core/log/reader.ts';
import type { StoredLine, StoredSession } from '../types.ts';

/** Type of the placeholder that keeps the seq of a line the reader skipped (never sent to a model). */
export const SKIPPED_LINE_TYPE = 'import/skipped';

/**
 * Lay a parsed log out by seq.
 * @param parsed the core reader's result (`events` with seq, `skipped` with 1-based line numbers, `firstSeqLine`)
 * @returns an array without holes: index = seq; skipped lines become `{type: 'import/skipped', data: {line, reason}}`
 */
export function storedLinesOf(parsed: ParsedLog): StoredLine[] {
  const seqOfLine = (line: number): number => line - parsed.firstSeqLine;
  const length = Math.max(
    parsed.events.reduce((max, event) => Math.max(max, event.seq + 1), 0),
    parsed.skipped.reduce((max, s) => Math.max(max, seqOfLine(s.line) + 1), 0),
  );
  const lines: StoredLine[] = Array.from({ length }, () => ({ type: SKIPPED_LINE_TYPE, data: { reason: 'unreadable line' } }));
  for (const s of parsed.skipped) {
    const seq = seqOfLine(s.line);
    if (seq >= 0) lines[seq] = { type: SKIPPED_LINE_TYPE, data: { line: s.line, reason: s.reason } };
  }
  for (const event of parsed.events) {
    const line: StoredLine = { type: event.type, data: event.data };
    if (event.time !== undefined) line.time = event.time;
    if (event.surfaceOp !== undefined) line.surfaceOp = event.surfaceOp;
    if (event.sourceEventSeqs !== undefined) line.sourceEventSeqs = event.sourceEventSeqs;
    lines[event.seq] = line;
  }
  return lines;
}

/**
 * Serialise one stored line in the dsh key order `{type,data,surfaceOp?,time?,sourceEventSeqs?}`
 * (docs/upstream-spec.md §1.1 envelope; `time` is epoch ms).
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
 * `readOnly` and `parentSessionId` when set (docs/protocol.md "Session log on disk").
 * @returns its JSON text without the trailing newline
 */
export function serializeStoredHeader(header: StoredSession['header']): string {
  const out: Record<string, unknown> = {
    type: 'session',
    version: header.version,
    id: header.id,
    createdAt: header.createdAt,
    cwd: header.cwd,
  };
  if (header.readOnly !== undefined) out.readOnly = header.readOnly;
  if (header.parentSessionId !== undefined) out.parentSessionId = header.parentSessionId;
  return JSON.stringify(out);
}
