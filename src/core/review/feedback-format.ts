/**
 * The review feedback format: the reviewer's edited plan, line comments on a plan and the general Feedback text as one
 * plain Markdown text, the Keep planning feedback the agent receives (docs/review-comments.md "Feedback format"), and
 * its one parser. Pure. Invariant: `parseReviewFeedback(formatReviewFeedback(x))` gives back `x` (with quotes over 10
 * lines cut as sent, line ends as `\n`); text not in the format parses as general feedback alone.
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

/** The reviewer's edit of the plan as sent: the whole edited plan and a unified diff of the edits. */
export interface EditedPlan {
  /** The edited plan's Markdown, as the reviewer left it (line ends `\n`). */
  plan: string;
  /** A unified diff from the agent's plan to `plan` (`planEditDiff`), possibly shortened; `''` when none is sent (the part is left out). */
  diff: string;
}

/** A review feedback: the edited plan (when the reviewer edited it), line comments in plan order and the general text. */
export interface ReviewFeedback {
  /** Present only when the feedback carries an edited plan. */
  edit?: EditedPlan;
  comments: FeedbackComment[];
  /** The general Feedback text (`''` when none). */
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

/** The first line of a feedback that carries an edited plan: it asks the agent to adopt the plan below. */
export const EDIT_HEADER = 'Edited plan: the reviewer edited your plan. Adopt it verbatim as your next revision and present it again:';
/** The line before the diff of the edits. */
export const EDIT_DIFF_HEADER = 'The edits, as a unified diff against your plan:';
const FENCE = /^(`{3,})(markdown|diff)$/;
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
 * Write an edited plan, comments and general feedback as one feedback text (docs/review-comments.md "Feedback
 * format"): first, with an edit, `EDIT_HEADER`, the plan in a `markdown` fence, `EDIT_DIFF_HEADER` and the diff in a
 * `diff` fence (fences longer than any backtick run inside); per comment `Comment k of N on plan lines a–b:`, the
 * quote as `> ` lines, a blank line and the comment; then `General feedback:` and the general text. Without an edit
 * and comments the general text is returned verbatim.
 * @param feedback the edit, comments (sent in the given order) and general text
 * @returns the feedback text
 */
export function formatReviewFeedback(feedback: ReviewFeedback): string {
  const { comments, general, edit } = feedback;
  if (comments.length === 0 && edit === undefined) return general;
  const parts = edit === undefined ? [] : [formatEdit(edit)];
  parts.push(
    ...comments.map((comment, i) => {
      const quote = cutQuote(comment.quote)
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
      return `Comment ${i + 1} of ${comments.length} on plan ${lineLabel(comment.start, comment.end)}:\n${quote}\n\n${escapeLines(comment.text.trim())}`;
    }),
  );
  if (general.trim() !== '') parts.push(`${GENERAL}\n${escapeLines(general.trim())}`);
  return parts.join('\n\n');
}

/** A backtick fence longer than any backtick run in `texts` (at least 3), so no line inside can close it. */
function fenceFor(...texts: string[]): string {
  const longest = Math.max(0, ...texts.flatMap((text) => (text.match(/`+/g) ?? []).map((run) => run.length)));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** The edited-plan part: the header, the plan in a `markdown` fence, then the diff (when there is one) in a `diff` fence. */
function formatEdit({ plan, diff }: EditedPlan): string {
  const fence = fenceFor(plan, diff);
  const fenced = (info: string, text: string) => `${fence}${info}\n${text.replace(/\r\n?/g, '\n')}\n${fence}`;
  const head = `${EDIT_HEADER}\n${fenced('markdown', plan)}`;
  return diff === '' ? head : `${head}\n\n${EDIT_DIFF_HEADER}\n${fenced('diff', diff)}`;
}

/** Read a fenced block starting at `lines[at]` with the given info string: its text and the line after it. */
function readFenced(lines: readonly string[], at: number, info: string): { text: string; next: number } | undefined {
  const open = FENCE.exec(lines[at] ?? '');
  if (open === null || open[2] !== info) return undefined;
  const close = lines.indexOf(open[1]!, at + 1);
  return close === -1 ? undefined : { text: lines.slice(at + 1, close).join('\n'), next: close + 1 };
}

/** Read the edited-plan part at the start of a feedback: the edit and the index of the first line after it. */
function parseEdit(lines: readonly string[]): { edit: EditedPlan; next: number } | undefined {
  if (lines[0] !== EDIT_HEADER) return undefined;
  const plan = readFenced(lines, 1, 'markdown');
  if (plan === undefined) return undefined;
  const diff = lines[plan.next + 1] === EDIT_DIFF_HEADER && lines[plan.next] === '' ? readFenced(lines, plan.next + 2, 'diff') : { text: '', next: plan.next };
  if (diff === undefined || (diff.next < lines.length && lines[diff.next] !== '')) return undefined;
  return { edit: { plan: plan.text, diff: diff.text }, next: Math.min(diff.next + 1, lines.length) };
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
 * Read a feedback text back into the edited plan, comments and general feedback. Text not in the format (another
 * client's feedback, a hand-written reply) is general feedback alone, verbatim.
 * @param text a Keep planning feedback as logged
 * @returns the edited plan (when there is one), the comments in order and the general text
 */
export function parseReviewFeedback(text: string): ReviewFeedback {
  const plain: ReviewFeedback = { comments: [], general: text };
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const edited = parseEdit(lines);
  if (edited === undefined) return parseComments(lines) ?? plain;
  const rest = lines.slice(edited.next);
  if (rest.length === 0) return { edit: edited.edit, comments: [], general: '' };
  if (rest[0] === GENERAL) return { edit: edited.edit, comments: [], general: unescapeLines(rest.slice(1).join('\n')).trim() };
  const parsed = parseComments(rest);
  return parsed === undefined ? plain : { edit: edited.edit, ...parsed };
}

/** Parse comments (from the first line) and the general part; undefined when the lines are not in the format. */
function parseComments(lines: readonly string[]): ReviewFeedback | undefined {
  const first = HEADER.exec(lines[0] ?? '');
  if (first === null || first[1] !== '1') return undefined;
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
  if (heads.length !== total) return undefined;
  const comments: FeedbackComment[] = [];
  for (let k = 0; k < heads.length; k += 1) {
    const head = heads[k]!;
    const stop = k + 1 < heads.length ? heads[k + 1]!.at : (general ?? lines.length);
    const body = parseBody(lines.slice(head.at + 1, stop));
    if (body === undefined || head.end < head.start) return undefined;
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
