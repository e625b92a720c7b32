/**
 * Reader and writer of dsh session logs (JSONL: a `session` header line, then one `{type, data}` event
 * per line; docs/upstream-spec.md §1.1, docs/protocol.md "Session log on disk"). Reading never throws: unreadable lines, and
 * events of a known kind whose payload has the wrong shape (schemas.ts), are reported in `skipped` and still
 * consume their seq, so seq numbers (and `session/title.messageSeqs`) stay equal to line positions.
 */
import { z } from '../zod.ts';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../json-depth.ts';
import { isKnownEventValid } from './schemas.ts';
import type { SessionEvent, SessionHeader } from './types.ts';

export { isKnownEventValid } from './schemas.ts';

/**
 * A line that is not an event (or a broken header). `line` is the 1-based file line; the header is line 1. `torn` marks
 * the log's last line when it is cut mid-line: no newline ends it and it does not parse (a crash or a cut copy
 * stopped the writer inside it), as opposed to a whole line that is malformed.
 */
export interface SkippedLine {
  line: number;
  reason: string;
  torn?: true;
}

/** The reason given for a last line cut mid-line (see {@link SkippedLine}). */
export const TORN_LINE_REASON = 'cut mid-line: the log ends inside this line, with no newline after it';

/**
 * Result of `parseSessionLog`. `header` is absent for a headerless log or a broken first line;
 * `events[i].seq` is the 0-based line index after the header (so seqs have gaps where lines were skipped).
 */
export interface ParsedLog {
  header?: SessionHeader;
  events: SessionEvent[];
  skipped: SkippedLine[];
  /**
   * The 1-based file line that holds seq 0: 2 after a header line (or a broken first line), 1 for a headerless
   * log. A skipped line `L` (with `L >= firstSeqLine`) held seq `L - firstSeqLine`.
   */
  firstSeqLine: 1 | 2;
}

const headerSchema = z.looseObject({
  type: z.literal('session'),
  version: z.number({ error: 'expected a number' }),
  id: z.string({ error: 'expected a string' }),
  createdAt: z.number({ error: 'expected a number' }),
  cwd: z.string({ error: 'expected a string' }),
});

function describeIssues(error: z.core.$ZodError, root: string): string {
  return error.issues.map((issue) => `${[root, ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
}

type LineResult =
  | { kind: 'header'; header: SessionHeader }
  | { kind: 'bad-header'; reason: string }
  | { kind: 'event'; event: Omit<SessionEvent, 'seq'> }
  | { kind: 'skip'; reason: string };

function readLine(text: string): LineResult {
  if (text.trim() === '') return { kind: 'skip', reason: 'empty line' };
  // A line nested thousands deep parses, but would overflow the stack of every later JSON.stringify (storage, wire).
  if (exceedsJsonDepth(text)) return { kind: 'skip', reason: `nested too deeply (limit ${MAX_JSON_DEPTH} levels of arrays and objects)` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'skip', reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'skip', reason: 'not an object' };
  }
  const record = value as Record<string, unknown>;
  if (record.type === 'session' && !Object.hasOwn(record, 'data')) {
    const header = headerSchema.safeParse(record);
    return header.success
      ? { kind: 'header', header: header.data as SessionHeader }
      : { kind: 'bad-header', reason: `invalid session header: ${describeIssues(header.error, 'header')}` };
  }
  if (!Object.hasOwn(record, 'type')) return { kind: 'skip', reason: 'missing type' };
  if (typeof record.type !== 'string' || record.type === '') {
    return { kind: 'skip', reason: 'type is not a non-empty string' };
  }
  if (!Object.hasOwn(record, 'data')) return { kind: 'skip', reason: 'missing data' };
  const event: Omit<SessionEvent, 'seq'> = { type: record.type, data: record.data };
  // Envelope extras are carried only when well-typed; a malformed extra never costs the event.
  if (typeof record.time === 'number' && Number.isFinite(record.time)) event.time = record.time;
  if (typeof record.surfaceOp === 'string') event.surfaceOp = record.surfaceOp;
  if (Array.isArray(record.sourceEventSeqs) && record.sourceEventSeqs.every((n) => typeof n === 'number')) {
    event.sourceEventSeqs = record.sourceEventSeqs as number[];
  }
  return { kind: 'event', event };
}

/**
 * Parse a whole session log. Line 1 is the header when it is an object with `type: 'session'` (and no
 * `data`); when line 1 is an event instead, the log is read as headerless (seq 0 = line 1); when line 1 is
 * neither, it is reported as "missing session header" and events start at line 2 as usual. A `seq` stored
 * in a line is ignored in favour of the position. A final empty line (trailing newline) is fine; any other
 * empty line is skipped and reported. `\r\n` line ends and a leading byte-order mark are accepted. Never throws.
 * Source: docs/upstream-spec.md §1.1; docs/protocol.md "Session log on disk"; fixtures/dsh-recordings/README.md.
 * @param text - the whole file as UTF-8 text
 * @returns header (if any), events with seq, and skipped lines (1-based line numbers) with a reason: an envelope
 *   fault (`not JSON`, `missing data`, …), a wrong payload naming the type and field
 *   (`user/message: data: expected an object`), or {@link TORN_LINE_REASON} with `torn: true` for an unterminated last
 *   line that does not parse
 */
export function parseSessionLog(text: string): ParsedLog {
  const reader = createSessionLogReader();
  reader.push(text);
  return reader.end();
}

/** An incremental {@link parseSessionLog}: text pushed in pieces of any size, each whole line read as it arrives. */
export interface SessionLogReader {
  /** Read the next piece of the log's text (a piece may end or start inside a line, never inside a code point). */
  push(text: string): void;
  /** The log read so far, with the unterminated last line (if any) read as the last line; push nothing afterwards. */
  end(): ParsedLog;
}

/**
 * A reader that parses a session log while it arrives (a streamed import), line by line as each newline comes in,
 * so no whole-text copy or split is needed. For any cut of a text into pieces, `push`ing them in order and calling
 * `end()` gives exactly what {@link parseSessionLog} gives for the whole text (it is built on this reader).
 * Source: docs/protocol.md "Session log on disk".
 * @returns the reader; it never throws
 */
export function createSessionLogReader(): SessionLogReader {
  const parsed: ParsedLog = { events: [], skipped: [], firstSeqLine: 2 };
  let firstEventLine = 1; // file line (0-based index) that gets seq 0
  let index = 0; // 0-based file line of the next line to read
  let rest = '';
  let started = false;

  const readFileLine = (raw: string, unterminated: boolean): void => {
    const text = stripCr(raw);
    if (index === 0) {
      const first = readLine(text);
      if (first.kind === 'header') parsed.header = first.header;
      else if (first.kind === 'bad-header') parsed.skipped.push({ line: 1, reason: first.reason });
      else if (first.kind === 'skip') parsed.skipped.push({ line: 1, reason: 'missing session header' });
      else firstEventLine = 0;
      parsed.firstSeqLine = firstEventLine === 0 ? 1 : 2;
      if (firstEventLine === 1) {
        index = 1;
        return;
      }
    }
    const line = index + 1;
    const seq = index - firstEventLine;
    index += 1;
    const result = readLine(text);
    if (result.kind === 'event') {
      const reason = isKnownEventValid(result.event.type, result.event.data);
      if (reason === undefined) parsed.events.push({ ...result.event, seq });
      else parsed.skipped.push({ line, reason: `${result.event.type}: ${reason}` });
    } else if (result.kind === 'skip') {
      // Without a newline after it, the last line may be where a writer stopped mid-line.
      const torn = unterminated && result.reason === 'not JSON';
      parsed.skipped.push(torn ? { line, reason: TORN_LINE_REASON, torn: true } : { line, reason: result.reason });
    } else {
      parsed.skipped.push({ line, reason: 'session header after line 1' });
    }
  };

  return {
    push(piece) {
      if (piece === '') return;
      let text = piece;
      if (!started) {
        started = true;
        // A UTF-8 byte-order mark would otherwise make the header line unreadable.
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      // Whole lines go through one native split per piece; the piece's unterminated end waits for the next.
      const cut = text.lastIndexOf('\n');
      if (cut === -1) {
        rest += text;
        return;
      }
      const block = rest + text.slice(0, cut);
      rest = text.slice(cut + 1);
      for (const line of block.split('\n')) readFileLine(line, false);
    },
    end() {
      if (rest !== '') readFileLine(rest, true);
      rest = '';
      return parsed;
    },
  };
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * Serialise a session header as one JSON line (no trailing newline), keys in dsh order
 * (`type, version, id, createdAt, cwd`, then any extra keys the header carries).
 * @param header - the header; extra keys (e.g. a harness's `readOnly`) are kept
 * @returns the line text
 */
export function serializeHeader(header: SessionHeader): string {
  const { type, version, id, createdAt, cwd, ...rest } = header;
  return JSON.stringify({ type, version, id, createdAt, cwd, ...rest });
}

/**
 * Serialise one event as a log line (no trailing newline): `{type, data, time?, surfaceOp?, sourceEventSeqs?}`.
 * `seq` is never written (it is the line position). An `undefined` `data` is written as `null`, so the line
 * stays readable as an event.
 * Source: docs/protocol.md "Session log on disk".
 * @param event - the event; a `seq` property, if present, is ignored
 * @returns the line text
 */
export function serializeEvent(event: { type: string; data: unknown; time?: number; surfaceOp?: string; sourceEventSeqs?: number[] }): string {
  const line: Record<string, unknown> = { type: event.type, data: event.data === undefined ? null : event.data };
  if (event.time !== undefined) line.time = event.time;
  if (event.surfaceOp !== undefined) line.surfaceOp = event.surfaceOp;
  if (event.sourceEventSeqs !== undefined) line.sourceEventSeqs = event.sourceEventSeqs;
  return JSON.stringify(line);
}

/**
 * Serialise a whole log: the header line, then one line per event, each ending in `\n`.
 * Events are written in the given order; their `seq` values are not checked (positions define seq on read).
 * @param header - the session header
 * @param events - the events in seq order
 * @returns the file text, ending with a newline
 */
export function serializeSessionLog(
  header: SessionHeader,
  events: readonly { type: string; data: unknown; time?: number; surfaceOp?: string; sourceEventSeqs?: number[] }[],
): string {
  let text = serializeHeader(header) + '\n';
  for (const event of events) text += serializeEvent(event) + '\n';
  return text;
}
