/**
 * User-facing copy of the Reviews view and the review-history Markdown export, one `ReviewsCopy`
 * dictionary per interface language (English, Simplified Chinese); the export is written in the interface language.
 */
import type { ExportedRevision } from '../../core/review/export.ts';
import type { RevisionOutcome } from '../../core/review/history.ts';
import { dictionaries } from '../../lib/language.ts';

/** Every string the Reviews view and its Markdown export show. */
export type ReviewsCopy = {
  /** Name of the Reviews region and list. */
  region: string;
  empty: string;
  /** Said while the history is folded from only the loaded part of the log (a plain dsh host). */
  partial: string;
  loadAll: string;
  loadingAll: string;
  /** Heading of one review chain. @param chain 1-based @param count revisions in it */
  chainHeading: (chain: number, count: number) => string;
  /** The button that shows a revision in the transcript. @param version @param title */
  showInTranscript: (version: number, title: string) => string;
  revision: (version: number) => string;
  /** The outcome of a revision's review, in words. */
  outcome: (outcome: RevisionOutcome, ended: boolean) => string;
  /** The audit of an approved revision whose turn ended: steps done, not done, extras and how the turn ended. */
  audit: (audit: NonNullable<ExportedRevision['audit']>) => string;
  proposedAt: (time: string) => string;
  answeredAt: (time: string) => string;
  answeredBy: (who: string) => string;
  /** Lead-in of the feedback a revision's Keep planning sent, shown under that revision. */
  feedback: string;
  /** Lead-in of the feedback that led to a revision, in the Markdown export. */
  youAsked: string;
  /** A revision's line: it was revised after the feedback shown under v`version` above it. */
  revisedAfter: (version: number) => string;
  /** Lead-in of the feedback that led to a revision whose previous revision the list does not hold. */
  feedbackBefore: string;
  /** A line comment's lines in a feedback ("Comment on lines 3–4:"). */
  commentOn: (start: number, end: number) => string;
  /** Lead-in of the general text of a feedback with line comments. */
  generalFeedback: string;
  /** The summary of an edited plan sent as feedback (its line count); opened it shows the diff of the edits. */
  editedPlan: (lines: number) => string;
  youSaid: string;
  /** The diff summary against the revision before. */
  changes: (added: number, removed: number, against: number) => string;
  identical: (against: number) => string;
  firstRevision: string;
  exports: string;
  downloadMarkdown: string;
  downloadJson: string;
  downloadLog: string;
  /** The log download failed. @param reason what the transport said */
  downloadFailed: (reason: string) => string;
  /** Markdown export: the document title. @param title the session title */
  mdTitle: (title: string) => string;
  mdSession: (sessionId: string, exportedAt: string) => string;
  mdPartial: string;
  mdChain: (chain: number) => string;
  mdRevision: (version: number, title: string) => string;
  mdOutcome: string;
  mdPlan: string;
  untitled: string;
};

const OUTCOMES = {
  approved: 'Approved',
  dismissed: 'Dismissed (Chat about it)',
};

/** English copy. */
export const reviewsEn: ReviewsCopy = {
  region: 'Reviews',
  empty: 'No plan has been put up for review in this session yet.',
  partial: 'Showing reviews from the loaded part of the log.',
  loadAll: 'Load all',
  loadingAll: 'Loading earlier parts of the log…',
  chainHeading: (chain, count) => `Plan review ${chain} · ${count} ${count === 1 ? 'revision' : 'revisions'}`,
  showInTranscript: (version, title) => `v${version} ${title}`,
  revision: (version) => `v${version}`,
  outcome: (outcome, ended) => {
    switch (outcome.kind) {
      case 'approved':
        return OUTCOMES.approved;
      case 'dismissed':
        return OUTCOMES.dismissed;
      case 'kept-planning':
        return outcome.feedback ? 'Kept planning, with feedback' : 'Kept planning';
      case 'aborted':
        return `Aborted: ${outcome.reason}`;
      case 'pending':
        return ended ? 'Unanswered (the log ends here)' : 'Waiting for your review';
      default: {
        const never: never = outcome;
        return never;
      }
    }
  },
  proposedAt: (time) => `Put up ${time}`,
  answeredAt: (time) => `answered ${time}`,
  answeredBy: (who) => `by ${who}`,
  feedback: 'Feedback:',
  youAsked: 'You asked:',
  revisedAfter: (version) => `Revised after your feedback on v${version}`,
  feedbackBefore: 'Your feedback on the revision before:',
  commentOn: (start, end) => (end > start ? `Comment on lines ${start}–${end}:` : `Comment on line ${start}:`),
  generalFeedback: 'General feedback:',
  editedPlan: (lines) => `An edited plan (${lines} line${lines === 1 ? '' : 's'}) for the agent to adopt; open for the edits`,
  youSaid: 'You said:',
  changes: (added, removed, against) => `+${added} −${removed} lines since v${against}`,
  identical: (against) => `identical to v${against}`,
  audit: ({ done, total, notDone, extra, end }) =>
    `Plan carried out: ${done} of ${total} step${total === 1 ? '' : 's'}; ${notDone} not done; ${extra} extra (${
      end.kind === 'completed'
        ? 'the turn completed'
        : end.kind === 'cancelled'
          ? 'the turn was stopped'
          : end.kind === 'error'
            ? 'the turn failed'
            : `the turn ended: ${end.kind}`
    })`,
  firstRevision: 'first revision',
  exports: 'Export',
  downloadMarkdown: 'Download Markdown',
  downloadJson: 'Download JSON',
  downloadLog: 'Download log (.jsonl)',
  downloadFailed: (reason) => `Could not download the log: ${reason}`,
  mdTitle: (title) => `Review history: ${title}`,
  mdSession: (sessionId, exportedAt) => `Session \`${sessionId}\`, exported ${exportedAt}.`,
  mdPartial: 'Only the loaded part of the log: earlier reviews may be missing.',
  mdChain: (chain) => `Plan review ${chain}`,
  mdRevision: (version, title) => `v${version}: ${title}`,
  mdOutcome: 'Outcome',
  mdPlan: 'Plan',
  untitled: 'Untitled session',
};
/** Every dictionary of the Reviews view and its export, by language. */
export const reviewsLocales = dictionaries('reviews', reviewsEn);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    reviews: ReviewsCopy;
  }
}
