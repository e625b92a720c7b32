/**
 * The Reviews view's grouping and times, without React: exported revisions in runs of one review chain (the order
 * of the export kept), and the short local time a revision line shows.
 */
import type { ReviewHistoryExport } from '../../../core/review/export.ts';
import type { Language } from '../../../lib/language.ts';

/** One exported revision (`ReviewHistoryExport["revisions"]`). */
export type ExportedRevision = ReviewHistoryExport['revisions'][number];

/** A run of revisions of one review chain. */
export interface ChainGroup {
  chain: number;
  revisions: ExportedRevision[];
}

/**
 * Consecutive revisions of the same `chain` grouped, in order; a chain that comes back after another starts a new
 * group (the export keeps the order of the log).
 */
export function chainsOf(revisions: readonly ExportedRevision[]): ChainGroup[] {
  const out: ChainGroup[] = [];
  for (const revision of revisions) {
    const last = out[out.length - 1];
    if (last && last.chain === revision.chain) last.revisions.push(revision);
    else out.push({ chain: revision.chain, revisions: [revision] });
  }
  return out;
}

const timeFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * @param iso an ISO 8601 time from the log, or null when the log has none
 * @param language the interface language the date is worded in (`Intl.DateTimeFormat`, built once per language)
 * @returns e.g. "Nov 30, 2026, 12:00 PM" (en) or "2026年11月30日 12:00" (zh-CN) in the page's time zone; undefined
 *   for null or a time that does not parse
 */
export function reviewTimeOf(iso: string | null, language: Language): string | undefined {
  if (iso === null || Number.isNaN(Date.parse(iso))) return undefined;
  let format = timeFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    timeFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

/**
 * The feedback a revision's own decision sent back (a Keep planning with feedback): the Reviews list shows it under
 * that revision, beside "Kept planning, with feedback", never under the revision it led to.
 * @param revision the revision whose outcome may carry feedback
 * @returns the feedback as logged, or undefined for any other outcome and for a Keep planning without feedback
 */
export function feedbackSentOf(revision: ExportedRevision): string | undefined {
  return revision.outcome.kind === 'kept-planning' && revision.outcome.feedback ? revision.outcome.feedback : undefined;
}

/** What a revision's line says of what led to it (see {@link promptShownOf}). */
export type ShownPrompt =
  /** The feedback sent with the previous revision of its chain, which shows it: named, not quoted again. */
  | { kind: 'revised-after'; version: number }
  /** Feedback on a revision the list does not hold (a partial log), quoted and named as such. */
  | { kind: 'feedback'; text: string }
  /** Messages the user sent between the revisions. */
  | { kind: 'message'; text: string };

/**
 * What a revision's line says of what led to it: the feedback of the previous revision of its chain is shown there
 * (`feedbackSentOf`), so this one only says it was revised after it; other feedback and messages are quoted.
 * @param revision the revision
 * @param previous the revision before it in the export, if any
 * @returns undefined when nothing led to it that the log records (a chain's v1, a Keep planning without feedback)
 */
export function promptShownOf(revision: ExportedRevision, previous: ExportedRevision | undefined): ShownPrompt | undefined {
  const prompt = revision.prompt;
  if (!prompt) return undefined;
  if (prompt.kind === 'message') return { kind: 'message', text: prompt.text };
  const sent = previous?.chain === revision.chain ? feedbackSentOf(previous) : undefined;
  if (previous !== undefined && sent !== undefined && sent.trim() === prompt.text.trim()) return { kind: 'revised-after', version: previous.version };
  return { kind: 'feedback', text: prompt.text };
}
