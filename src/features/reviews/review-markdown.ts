/**
 * The review-history Markdown export: one section per review chain, one per revision with its
 * times, outcome, feedback (or what the user said), the `+N −M` line summary against the revision before it, and the
 * plan itself in a fence longer than any backtick run in it, so a plan's own code blocks cannot close it.
 */
import type { PlanAudit } from '../../core/plan/progress.ts';
import { buildReviewHistoryExport, type ReviewHistoryExport } from '../../core/review/export.ts';
import type { ReviewHistory } from '../../core/review/history.ts';
import { currentCopy } from '../../lib/language.ts';
import { reviewsLocales } from './locales.ts';

/** A fence of backticks longer than any run of backticks in `text` (at least three). */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A blockquote of possibly multi-line text. */
function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * Build the Markdown export from the JSON export's values (one source for both).
 * @param data the JSON export (`buildReviewHistoryExport`)
 * @param ended whether the log will not go on (a pending review then reads "unanswered")
 * @returns Markdown text ending in a newline
 */
export function reviewHistoryMarkdownOf(data: ReviewHistoryExport, ended = false): string {
  const copy = currentCopy(reviewsLocales);
  const out: string[] = [`# ${copy.mdTitle(data.title ?? copy.untitled)}`, '', copy.mdSession(data.sessionId, data.exportedAt)];
  if (!data.complete) out.push('', `_${copy.mdPartial}_`);
  if (data.revisions.length === 0) out.push('', copy.empty);
  let chain = 0;
  for (const revision of data.revisions) {
    if (revision.chain !== chain) {
      chain = revision.chain;
      out.push('', `## ${copy.mdChain(chain)}`);
    }
    out.push('', `### ${copy.mdRevision(revision.version, revision.title)}`, '');
    const outcome = revision.outcome.kind === 'kept-planning' ? { kind: 'kept-planning' as const, feedback: revision.outcome.feedback } : revision.outcome;
    const answered = [revision.answeredAt ? copy.answeredAt(revision.answeredAt) : '', revision.answeredBy ? copy.answeredBy(revision.answeredBy) : '']
      .filter(Boolean)
      .join(' ');
    out.push(`- ${copy.mdOutcome}: ${copy.outcome(outcome, ended)}${answered ? ` (${answered})` : ''}`);
    if (revision.proposedAt) out.push(`- ${copy.proposedAt(revision.proposedAt)}`);
    out.push(
      `- ${
        revision.changes === null
          ? copy.firstRevision
          : revision.changes.identical
            ? copy.identical(revision.changes.against)
            : copy.changes(revision.changes.added, revision.changes.removed, revision.changes.against)
      }`,
    );
    if (revision.audit) out.push(`- ${copy.audit(revision.audit)}`);
    if (revision.prompt) out.push('', `${revision.prompt.kind === 'feedback' ? copy.youAsked : copy.youSaid}`, '', quote(revision.prompt.text));
    if (revision.outcome.kind === 'kept-planning' && revision.outcome.feedback) out.push('', copy.feedback, '', quote(revision.outcome.feedback));
    const fence = fenceFor(revision.plan);
    out.push('', `${copy.mdPlan}:`, '', `${fence}markdown`, revision.plan.replace(/\n$/, ''), fence);
  }
  return `${out.join('\n')}\n`;
}

/**
 * Both exports of a session's review history.
 * @param input session id, title, history, whether it covers the whole log, export time (epoch ms), whether the log ended
 * @returns the JSON value and the Markdown text
 */
export function reviewHistoryExports(input: {
  sessionId: string;
  title: string | undefined;
  history: ReviewHistory;
  complete: boolean;
  exportedAt: number;
  ended?: boolean;
  audits?: ReadonlyMap<string, PlanAudit> | undefined;
}): { json: ReviewHistoryExport; markdown: string } {
  const json = buildReviewHistoryExport(input);
  return { json, markdown: reviewHistoryMarkdownOf(json, input.ended ?? false) };
}
