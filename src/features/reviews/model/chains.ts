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
 * The feedback a revision's line quotes below its own prompt: a kept-planning answer's feedback, unless the next
 * revision's "You asked" already quotes the same text (the list shows each piece of feedback once, under the revision
 * it led to; the last revision of a chain keeps it, nothing follows to show it).
 * @param revision the revision whose outcome may carry feedback
 * @param next the revision after it in the export, if any
 */
export function ownFeedbackOf(revision: ExportedRevision, next: ExportedRevision | undefined): string | undefined {
  if (revision.outcome.kind !== 'kept-planning') return undefined;
  const feedback = revision.outcome.feedback;
  if (!feedback) return undefined;
  const quotedNext = next?.chain === revision.chain && next.prompt?.kind === 'feedback' && next.prompt.text.trim() === feedback.trim();
  return quotedNext ? undefined : feedback;
}
