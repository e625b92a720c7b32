/**
 * `session.import`: whether an uploaded file is a dsh session log, and the harness's words for a refusal
 * (`details.refusal` carries the typed {@link ImportRefusal} the client words itself). An accepted log becomes a
 * read-only session whose skipped lines keep their seq as `import/skipped` placeholders (harness/storage/stored-lines.ts).
 */
import type { z } from '../../src/core/zod.ts';
import { createSessionLogReader, type ParsedLog, type SkippedLine } from '../../src/core/log/reader.ts';
import { isKnownEventType } from '../../src/core/log/schemas.ts';
import { MAX_IMPORT_JSONL_CHARS, type ImportRefusal, type ImportReport } from '../../src/core/protocol/methods.ts';

/** At most this many skipped lines are named in a `session.import` answer (the first ones); `skippedCount` counts all. */
export const REPORTED_SKIPPED_LINES = 20;
/** At most this many unknown event kinds are named (the most frequent first); `unknown.count` counts every such line. */
export const REPORTED_UNKNOWN_KINDS = 5;

/**
 * What an accepted `session.import` says about the lines it could not show, bounded whatever the log: the first
 * {@link REPORTED_SKIPPED_LINES} skipped lines with their reasons (a torn last line always among them) and their
 * count, and the events of kinds dsh logs do not have (read, kept, never shown) counted by kind.
 * Source: docs/protocol.md "Session log on disk" (an unreadable line is skipped and reported, never fatal).
 * @param parsed - `parseSessionLog(text)` of the accepted log
 * @returns `skipped` (at most 20 entries, ascending lines), `skippedCount` (all of them) and `unknown` (absent when
 *   every event is of a known kind) with `kinds` sorted by count, then by first line
 */
export function importReportOf(parsed: ParsedLog): ImportReport {
  const skipped: SkippedLine[] = parsed.skipped.slice(0, REPORTED_SKIPPED_LINES);
  const torn = parsed.skipped.at(-1);
  if (torn?.torn && !skipped.includes(torn)) skipped[skipped.length - 1] = torn;
  const kinds = new Map<string, { type: string; count: number; firstLine: number }>();
  let count = 0;
  for (const event of parsed.events) {
    if (isKnownEventType(event.type)) continue;
    count += 1;
    const kind = kinds.get(event.type);
    if (kind) kind.count += 1;
    else kinds.set(event.type, { type: event.type, count: 1, firstLine: event.seq + parsed.firstSeqLine });
  }
  const byCount = [...kinds.values()].sort((a, b) => b.count - a.count || a.firstLine - b.firstLine);
  return {
    skipped,
    skippedCount: parsed.skipped.length,
    ...(count > 0 ? { unknown: { count, kinds: byCount.slice(0, REPORTED_UNKNOWN_KINDS), kindCount: byCount.length } } : {}),
  };
}

/**
 * Why a file cannot be imported as a recorded session, or `undefined` when it can. A dsh log is recognised by its
 * session header or, without one, by at least one event of a kind dsh logs; a recognised log with at least one line
 * after the header is imported even when every event is unreadable (the lines are skipped and
 * reported, kept as `import/skipped`, never fatal). Without a header, events of unknown kinds alone are not a log.
 * @param text - the uploaded file's text
 * @param parsed - `parseSessionLog(text)`
 * @returns the refusal as the error's `details.refusal` carries it (`empty`, `header-only`, `no-events`)
 */
export function importRefusalFactsOf(text: string, parsed: ParsedLog): ImportRefusal | undefined {
  const known = parsed.events.some((event) => isKnownEventType(event.type));
  if (parsed.header ? parsed.events.length + parsed.skipped.length > 0 : known) return undefined;
  if (text.replace(/^\uFEFF/, '').trim() === '') return { kind: 'empty' };
  const count = parsed.skipped.length + parsed.events.length;
  if (count === 0) return { kind: 'header-only' };
  // A file that is not a log at all fails its first line as "missing session header"; the next line says what it is.
  const first = parsed.skipped.find((s) => s.reason !== 'missing session header') ??
    parsed.skipped[0] ?? { line: parsed.firstSeqLine, reason: 'no session header and no event of a kind dsh logs' };
  return { kind: 'no-events', lines: count, first: { line: first.line, reason: first.reason } };
}

/**
 * The harness's message for a refused import (`the file is empty`, `no dsh session events found: 12 lines could not
 * be read (first: line 1, not JSON)`, `the log is too large to open: over 16777216 characters (16 MB)`).
 * @param refusal - from {@link importRefusalFactsOf}, or `too-large` from payload validation
 */
export function importRefusalText(refusal: ImportRefusal): string {
  switch (refusal.kind) {
    case 'empty':
      return 'the file is empty';
    case 'header-only':
      return 'no dsh session events found: the log has only its session header';
    case 'no-events':
      return `no dsh session events found: ${refusal.lines} ${refusal.lines === 1 ? 'line' : 'lines'} could not be read (first: line ${refusal.first.line}, ${refusal.first.reason})`;
    case 'too-large':
      return `the log is too large to open: over ${refusal.limit} characters (the limit is ${Math.round(refusal.limit / (1024 * 1024))} MB)`;
    default: {
      const never: never = refusal;
      return String(never);
    }
  }
}

/**
 * The `too-large` refusal when a `session.import` payload failed validation because its `jsonl` is over
 * {@link MAX_IMPORT_JSONL_CHARS} (the one payload error a person meets by hand; its answer names the limit).
 * @param method - the called method
 * @param error - the payload's validation error
 * @returns the refusal, or `undefined` for any other payload error
 */
export function importTooLargeOf(method: string, error: z.core.$ZodError): ImportRefusal | undefined {
  const tooLarge = method === 'session.import' && error.issues.some((issue) => issue.code === 'too_big' && issue.path[0] === 'jsonl');
  return tooLarge ? { kind: 'too-large', limit: MAX_IMPORT_JSONL_CHARS } : undefined;
}

/** A streamed log as read: its text and parse, or `too-large` as soon as more than the limit of it arrived. */
export type StreamedLog = { kind: 'ok'; text: string; parsed: ParsedLog } | { kind: 'too-large'; refusal: ImportRefusal };

/**
 * Read a log sent as raw UTF-8 bytes (the streamed import route) and parse it line by line while it arrives. The text
 * is decoded as `Blob.text()` decodes a chosen file (a leading byte-order mark dropped, invalid bytes as U+FFFD), so
 * the text, the parse and so the imported session equal those of `session.import {jsonl: await file.text()}`.
 * The limit is the one `session.import`'s payload has ({@link MAX_IMPORT_JSONL_CHARS} UTF-16 code units), checked
 * on every chunk: reading stops as soon as it is passed, the rest is neither read nor parsed.
 * Source: docs/protocol.md "The streamed import".
 * @param chunks - the body's bytes in order, chunks of any size (a chunk may end inside a UTF-8 sequence)
 * @param maxChars - the limit in UTF-16 code units (tests lower it)
 * @returns the text and its `parseSessionLog` equivalent, or the `too-large` refusal naming the limit
 * @throws whatever iterating `chunks` throws (a carrier's aborted or refused body)
 */
export async function readStreamedLog(chunks: AsyncIterable<Uint8Array>, maxChars = MAX_IMPORT_JSONL_CHARS): Promise<StreamedLog> {
  const decoder = new TextDecoder('utf-8');
  const reader = createSessionLogReader();
  const pieces: string[] = [];
  let chars = 0;
  const take = (piece: string): boolean => {
    chars += piece.length;
    if (chars > maxChars) return false;
    pieces.push(piece);
    reader.push(piece);
    return true;
  };
  const tooLarge: StreamedLog = { kind: 'too-large', refusal: { kind: 'too-large', limit: maxChars } };
  for await (const chunk of chunks) {
    if (!take(decoder.decode(chunk, { stream: true }))) return tooLarge;
  }
  if (!take(decoder.decode())) return tooLarge;
  return { kind: 'ok', text: pieces.join(''), parsed: reader.end() };
}
