/**
 * Session titles that tell sessions apart: the latest plan's title once an `exit_plan_mode` plan
 * exists, else a title the host logged itself (a `session/title` that is not the five-word `fallback`), else the first
 * user message, else the first command line — cut to a display width at a word boundary with an ellipsis.
 * Pure and incremental: `sessionTitleUnit` is a projection unit (the host's `title` projection, and the client's
 * fold of loaded events on a plain dsh host); its `apply` returns the same state for an event that changes nothing.
 */
import { MAX_CUSTOM_TITLE_CHARS } from './limits.ts';
import { commandRunOf } from '../log/guards.ts';
import { userTextOf } from '../log/content.ts';
import type { SessionEvent } from '../log/types.ts';
import { planTitleOf } from '../plan/plan-text.ts';
import type { ProjectionUnit } from '../projection.ts';

/** Widest title, in display columns (a CJK character or an emoji counts 2, anything else 1). */
export const MAX_TITLE_WIDTH = 60;

const ELLIPSIS = '…';
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;
/** Characters a cut title does not end on (the ellipsis follows the last word, not a dangling separator). */
const TRAILING = /[\s,;:\-–—/|(\[{'"“‘]+$/u;

/**
 * Characters a title never shows: C0/C1 controls become a space; direction overrides, embeddings, isolates and marks
 * (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are dropped, so a title cannot reverse the text after it.
 * Zero-width joiners stay: emoji sequences need them.
 */
const CONTROLS = /\p{Cc}/gu;
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/gu;

/**
 * How much of a text the cut looks at, in UTF-16 code units: far more than {@link MAX_TITLE_WIDTH} columns of any
 * script, so a 10 MB message costs what its first lines cost (the word and grapheme segmentation of one long run
 * grows faster than linearly).
 */
const CUT_WINDOW = 4096;

/**
 * A text with the characters a title never shows removed (see `CONTROLS`, `DIRECTION_CONTROLS`).
 * @param text - any text
 */
export function printableTitleText(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '').replace(CONTROLS, ' ');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Display width of a text: the sum over its grapheme clusters of 2 (CJK, fullwidth forms, emoji) or 1.
 * @param text - any text
 * @returns columns
 */
export function titleWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += WIDE.test(segment) ? 2 : 1;
  return width;
}

/**
 * Cut a text to a one-line title: whitespace runs become one space; a text wider than `maxWidth` is cut at the last
 * word boundary (`Intl.Segmenter`, granularity `word`, so Chinese cuts between words) that leaves room for `…`,
 * trailing separators dropped; a first word wider than that alone is cut between grapheme clusters. Never splits a
 * surrogate pair or a grapheme cluster (emoji with modifiers, combining marks).
 * Source: README "Using it", Sessions (cut at a word boundary, `Intl.Segmenter`).
 * @param text - the raw text (a message, a command line, a heading)
 * @param maxWidth - columns, default {@link MAX_TITLE_WIDTH}; at least 2
 * @returns the title, `''` for a blank text
 */
export function cutTitle(text: string, maxWidth: number = MAX_TITLE_WIDTH): string {
  let flat = printableTitleText(text.length > CUT_WINDOW * 2 ? text.slice(0, CUT_WINDOW * 2) : text)
    .replace(/\s+/gu, ' ')
    .trim();
  if (flat.length > CUT_WINDOW) {
    // Only the window is measured; its last grapheme may be cut in two by the slice, so it is dropped.
    const window = [...graphemes.segment(flat.slice(0, CUT_WINDOW))];
    flat = window
      .slice(0, -1)
      .map((g) => g.segment)
      .join('');
    if (flat === '') return ELLIPSIS;
    return cutTitle(flat, maxWidth).replace(new RegExp(`${ELLIPSIS}?$`, 'u'), ELLIPSIS);
  }
  if (titleWidth(flat) <= maxWidth) return flat;
  const room = Math.max(1, maxWidth - 1);
  let width = 0;
  let end = 0;
  let lastWordEnd = 0;
  for (const { segment, index } of words.segment(flat)) {
    const next = width + titleWidth(segment);
    if (next > room) break;
    width = next;
    end = index + segment.length;
    // A cut after a space would leave a dangling separator; emoji and symbols are content, not separators.
    if (segment.trim() !== '') lastWordEnd = end;
  }
  let head = flat.slice(0, lastWordEnd || end).replace(TRAILING, '');
  if (head === '') {
    // One word wider than the room: cut it between grapheme clusters.
    width = 0;
    for (const { segment } of graphemes.segment(flat)) {
      width += titleWidth(segment);
      if (width > room) break;
      head += segment;
    }
  }
  return head + ELLIPSIS;
}

/** What the title fold keeps: the candidates, raw (cut only in the view). */
export interface SessionTitleState {
  /** The latest `exit_plan_mode` plan's heading. */
  readonly plan: string | undefined;
  /** The latest `session/title` a host logged that is not its five-word fallback. */
  readonly logged: string | undefined;
  /** The first user message's text. */
  readonly firstMessage: string | undefined;
  /** The first command line (`/plan add a flag`). */
  readonly firstCommand: string | undefined;
}

const INITIAL: SessionTitleState = Object.freeze({ plan: undefined, logged: undefined, firstMessage: undefined, firstCommand: undefined });

/**
 * A revision marker at the end of a plan heading — `(revised)`, `[updated]`, `(v2)`, `(revision 3)`, `— revised`,
 * `（修订版）` — which says which revision a plan is, not what the session is about: a session keeps its title
 * across the revisions of its plan (the review card says "Revision 2 of 2").
 */
const REVISION_MARKER =
  /\s*(?:[([（【]\s*(?:revised|revision(?:\s*\d+)?|updated|v\d+|修订版?|修改版|第\s*\d+\s*版)\s*[)\]）】]|[-–—:]\s*(?:revised|updated|v\d+))\s*$/iu;

/**
 * A plan heading as a session title: its trailing revision markers removed (see `REVISION_MARKER`).
 * @param heading - the plan's first heading
 * @returns the heading without them; the heading as is when nothing else would be left
 */
function withoutRevisionMarker(heading: string): string {
  let title = heading;
  for (let previous = ''; previous !== title;) {
    previous = title;
    title = title.replace(REVISION_MARKER, '');
  }
  return title.trim() === '' ? heading : title;
}

/** The heading of an `exit_plan_mode` call's plan, or `undefined` (another tool, unreadable arguments, no heading). */
function planHeadingOf(event: SessionEvent): string | undefined {
  const data = event.data as { name?: unknown; arguments?: unknown } | null;
  if (data === null || typeof data !== 'object' || data.name !== 'exit_plan_mode' || typeof data.arguments !== 'string') return undefined;
  let plan: unknown;
  try {
    plan = (JSON.parse(data.arguments) as { plan?: unknown } | null)?.plan;
  } catch {
    return undefined;
  }
  if (typeof plan !== 'string' || !/^#{1,6}\s+\S/m.test(plan)) return undefined;
  return withoutRevisionMarker(planTitleOf(plan).trim()).trim() || undefined;
}

function withCandidate<K extends keyof SessionTitleState>(state: SessionTitleState, key: K, value: SessionTitleState[K]): SessionTitleState {
  return value === undefined || state[key] === value ? state : { ...state, [key]: value };
}

/**
 * Fold one event into the title state.
 * @param state - the state so far
 * @param event - the next logged event
 * @returns the next state; the same object when the event changes no candidate
 */
export function applySessionTitle(state: SessionTitleState, event: SessionEvent): SessionTitleState {
  switch (event.type) {
    case 'tool/call':
      return withCandidate(state, 'plan', planHeadingOf(event));
    case 'session/title': {
      const data = event.data as { title?: unknown; source?: { kind?: unknown } } | null;
      const title = typeof data?.title === 'string' ? data.title.trim() : '';
      return data?.source?.kind === 'fallback' || title === '' ? state : withCandidate(state, 'logged', title);
    }
    case 'user/message': {
      if (state.firstMessage !== undefined) return state;
      const kind = (event.data as { source?: { kind?: unknown } } | null)?.source?.kind;
      if (kind !== undefined && kind !== 'user') return state;
      const text = userTextOf(event).trim();
      return text === '' ? state : withCandidate(state, 'firstMessage', text);
    }
    case 'command/run': {
      if (state.firstCommand !== undefined) return state;
      const run = commandRunOf(event);
      return run ? withCandidate(state, 'firstCommand', `/${run.name}${run.args ? ` ${run.args.trim()}` : ''}`) : state;
    }
    default:
      return state;
  }
}

/**
 * The title a state stands for: plan heading, else a host-logged title, else the first user message, else the first
 * command line, cut by {@link cutTitle}.
 * @param state - the fold state
 * @returns the title, or `null` while the session has none of them (the client then says "New session")
 */
export function sessionTitleOf(state: SessionTitleState): string | null {
  const raw = state.plan ?? state.logged ?? state.firstMessage ?? state.firstCommand;
  const title = raw === undefined ? '' : cutTitle(raw);
  return title === '' ? null : title;
}

/** The `title` projection unit (host registry and client fallback alike). */
export const sessionTitleUnit: ProjectionUnit<SessionTitleState, string | null, 'title'> = {
  key: 'title',
  init: () => INITIAL,
  apply: applySessionTitle,
  view: sessionTitleOf,
};

/**
 * The derived title of a whole log (or of the loaded part of one).
 * @param events - logged events in seq order
 * @returns the title, or `null`
 */
export function foldSessionTitle(events: readonly SessionEvent[]): string | null {
  let state = INITIAL;
  for (const event of events) state = applySessionTitle(state, event);
  return sessionTitleOf(state);
}

/**
 * Validate a title a person gave a session (`session.rename`): trimmed, whitespace runs kept as typed but line breaks
 * made spaces; at most {@link MAX_CUSTOM_TITLE_CHARS} characters.
 * @param title - the typed title
 * @returns `{ok:true, title}` (`title` `undefined` = back to the derived title, for an empty or blank text), or
 *   `{ok:false, message}` naming the limit
 */
export function customTitleOf(title: string): { ok: true; title: string | undefined } | { ok: false; message: string } {
  const clean = printableTitleText(title.replace(/[\r\n\t]+/gu, ' ')).trim();
  if (clean.length > MAX_CUSTOM_TITLE_CHARS) return { ok: false, message: `title: must be at most ${MAX_CUSTOM_TITLE_CHARS} characters` };
  return { ok: true, title: clean === '' ? undefined : clean };
}
