/**
 * The Reviews view's grouping and times, without React: exported revisions in runs of one review chain (the order
 * of the export kept), and the short local time a revision line shows.
 */
import type { ReviewHistoryExport } from '../../../core/review/export.ts';

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

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * @param iso an ISO 8601 time from the log, or null when the log has none
 * @returns e.g. "Nov 30, 2026, 12:00 PM" in the page's time zone, or undefined for null
 */
export function reviewTimeOf(iso: string | null): string | undefined {
  return iso === null ? undefined : timeFormat.format(new Date(iso));
}
