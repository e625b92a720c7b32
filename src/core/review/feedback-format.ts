/**
 * The review feedback format: line comments on a plan and the general Feedback text as one plain Markdown text, the
 * Keep planning feedback the agent receives (docs/review-comments.md "Feedback format"), and its one parser. Pure.
 * Invariant: `parseReviewFeedback(formatReviewFeedback(x))` gives back `x` (with quotes over 10 lines cut as sent);
 * text not in the format parses as general feedback alone.
 */
import { MAX_REQUEST_BODY_BYTES } from '../protocol/methods.ts';

/** A line comment as sent: its anchor lines (1-based, inclusive), the quoted source and the comment text. */
export interface FeedbackComment {
  start: number;
  end: number;
  /** The quoted plan lines (cut to 3 + "…" + 3 when over `MAX_QUOTE_LINES`). */
  quote: string;
  /** The comment, trimmed, not blank. */
  text: string;
}

/** A review feedback: its line comments in plan order and the general Feedback text (`''` when none). */
export interface ReviewFeedback {
  comments: FeedbackComment[];
  general: string;
}

/** A quote longer than this (lines) is cut to its first and last `QUOTE_KEEP_LINES` lines around "…". */
export const MAX_QUOTE_LINES = 10;
/** Lines kept at each end of a cut quote. */
export const QUOTE_KEEP_LINES = 3;
/** The line of a cut quote that stands for the lines left out. */
export const QUOTE_CUT_MARK = '…';
/** Bytes kept for the rest of the `/api/respond` body around the feedback (ids, labels, JSON). */
const RESPOND_ENVELOPE_BYTES = 4 * 1024;

const HEADER = /^Comment (\d+) of (\d+) on plan lines? (\d+)(?:[–-](\d+))?:$/;
const GENERAL = 'General feedback:';
// A text line that would read as a header or the general marker is written with one more leading backslash.
const ESCAPABLE = /^\\*(?:Comment \d+ of \d+ on plan lines? \d+(?:[–-]\d+)?:|General feedback:)$/;

/**
 * The quote as sent: the anchored lines, cut to the first and last 3 around a "…" line when over 10 lines.
 * @param quote the anchored source lines joined by `\n`
 */
export function cutQuote(quote: string): string {
  const lines = quote.split('\n');
  if (lines.length <= MAX_QUOTE_LINES) return quote;
  return [...lines.slice(0, QUOTE_KEEP_LINES), QUOTE_CUT_MARK, ...lines.slice(-QUOTE_KEEP_LINES)].join('\n');
}

function escapeLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (ESCAPABLE.test(line) ? `\\${line}` : line))
    .join('\n');
}

function unescapeLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('\\') && ESCAPABLE.test(line) ? line.slice(1) : line))
    .join('\n');
}

function lineLabel(start: number, end: number): string {
  return end > start ? `lines ${start}–${end}` : `line ${start}`;
}

/**
 * Write comments and general feedback as one feedback text (docs/review-comments.md "Feedback format"): per comment
 * `Comment k of N on plan lines a–b:`, the quote as `> ` lines, a blank line and the comment; then
 * `General feedback:` and the general text. Without comments the general text is returned verbatim.
 * @param feedback comments (sent in the given order) and general text
 * @returns the feedback text
 */
export function formatReviewFeedback(feedback: ReviewFeedback): string {
  const { comments, general } = feedback;
  if (comments.length === 0) return general;
  const parts = comments.map((comment, i) => {
    const quote = cutQuote(comment.quote)
      .split('\n')
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n');
    return `Comment ${i + 1} of ${comments.length} on plan ${lineLabel(comment.start, comment.end)}:\n${quote}\n\n${escapeLines(comment.text.trim())}`;
  });
  if (general.trim() !== '') parts.push(`${GENERAL}\n${escapeLines(general.trim())}`);
  return parts.join('\n\n');
}

/** Parse one comment's lines (after its header): the `>` quote, a blank line, the text. */
function parseBody(lines: readonly string[]): { quote: string; text: string } | undefined {
  let i = 0;
  const quote: string[] = [];
  while (i < lines.length && (lines[i] === '>' || lines[i]!.startsWith('> '))) {
    quote.push(lines[i] === '>' ? '' : lines[i]!.slice(2));
    i += 1;
  }
  if (quote.length === 0 || lines[i] !== '') return undefined;
  const text = unescapeLines(lines.slice(i + 1).join('\n')).trim();
  return text === '' ? undefined : { quote: quote.join('\n'), text };
}

/**
 * Read a feedback text back into comments and general feedback. Text not in the format (another client's feedback,
 * a hand-written reply) is general feedback alone, verbatim.
 * @param text a Keep planning feedback as logged
 * @returns the comments in order and the general text
 */
export function parseReviewFeedback(text: string): ReviewFeedback {
  const plain: ReviewFeedback = { comments: [], general: text };
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const first = HEADER.exec(lines[0] ?? '');
  if (first === null || first[1] !== '1') return plain;
  const total = Number(first[2]);
  const heads: { at: number; start: number; end: number }[] = [];
  let general: number | undefined;
  for (let i = 0; i < lines.length; i += 1) {
    const match = HEADER.exec(lines[i]!);
    if (match && Number(match[1]) === heads.length + 1 && Number(match[2]) === total && (i === 0 || lines[i - 1] === '')) {
      heads.push({ at: i, start: Number(match[3]), end: Number(match[4] ?? match[3]) });
    } else if (lines[i] === GENERAL && heads.length === total && lines[i - 1] === '') {
      general = i;
      break;
    }
  }
  if (heads.length !== total) return plain;
  const comments: FeedbackComment[] = [];
  for (let k = 0; k < heads.length; k += 1) {
    const head = heads[k]!;
    const stop = k + 1 < heads.length ? heads[k + 1]!.at : (general ?? lines.length);
    const body = parseBody(lines.slice(head.at + 1, stop));
    if (body === undefined || head.end < head.start) return plain;
    comments.push({ start: head.start, end: head.end, ...body });
  }
  return { comments, general: general === undefined ? '' : unescapeLines(lines.slice(general + 1).join('\n')).trim() };
}

/** UTF-8 length of a well-formed string (JSON.stringify escapes lone surrogates), in bytes. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * Whether a feedback text fits the `/api/respond` request body limit (docs/protocol.md "Unary calls": 1 MiB), with
 * room for the rest of the answer.
 * @param text the feedback text
 * @returns `{fits, bytes, limit}`: the text's bytes as a JSON string (UTF-8) and the limit it must stay under
 */
export function feedbackFits(text: string): { fits: boolean; bytes: number; limit: number } {
  const bytes = utf8Bytes(JSON.stringify(text));
  const limit = MAX_REQUEST_BODY_BYTES - RESPOND_ENVELOPE_BYTES;
  return { fits: bytes <= limit, bytes, limit };
}
