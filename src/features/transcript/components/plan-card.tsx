/**
 * The `exit_plan_mode` card, one line: titled by the plan's first heading (the host's `view.title`,
 * else `planTitleOf`, docs/upstream-spec.md §1.9 "Presentation"), the review outcome read from the tool result (approved,
 * keep planning, dismissed to talk, awaiting review) and "Show the plan", which expands the full plan markdown;
 * the reviewer's feedback of a keep planning shows under the line. The card carries its revision label (v2 of a
 * chain) and Copy plan / Download .md.
 */
import { memo, useId, useState, type ReactNode } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import { PlanActions } from '../../../components/plan-actions.tsx';
import { planTitleOf } from '../../../core/plan/plan-text.ts';
import { parseArguments, reviewOutcomeOf, type TranscriptItem } from '../../../core/transcript/fold.ts';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';
import { useLogEnded } from './log-ended.ts';
import { useRecordedMarkdown } from './recorded-text.tsx';
import { usePlanRevision } from './plan-revisions.ts';
import '../../../components/controls.css';

/**
 * A plan title with its inline code spans (`` `x` ``) rendered as code, as the plan's own heading would be.
 * @returns the parts to render and the plain text (backticks removed) for accessible names
 */
export function titleParts(title: string): { parts: ReactNode[]; plain: string } {
  const pieces = title.split(/`([^`]+)`/);
  return {
    parts: pieces.map((piece, i) => (i % 2 === 1 ? <code key={i}>{piece}</code> : piece)),
    plain: pieces.join(''),
  };
}

/** @param item a `tool` transcript item whose name is `exit_plan_mode` */
export const PlanCard = memo(function PlanCard({ item }: { item: Extract<TranscriptItem, { kind: 'tool' }> }) {
  const t = useCopy(transcriptLocales);
  const args = parseArguments(item.arguments);
  const fromView = item.view?.view.content?.find((c) => c.type === 'text')?.text;
  const plan = typeof args?.plan === 'string' ? args.plan : (fromView ?? '');
  const title = item.view?.view.title ?? planTitleOf(plan);
  const outcome = reviewOutcomeOf(item.result);
  const ended = useLogEnded();
  const recorded = useRecordedMarkdown();
  const revision = usePlanRevision(item.callId);
  const { parts, plain } = titleParts(title);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <article className={`card plan-card outcome-${outcome.kind}`} aria-label={t.planCard(plain)}>
      <header className="card-head">
        <code className="tool-name">exit_plan_mode</code>
        <h3 className="plan-title">{parts}</h3>
        {revision ? (
          <span className="plan-revision" title={t.revisionName(revision.version, revision.total)}>
            <span aria-hidden="true">{t.revisionBadge(revision.version)}</span>
            <span className="visually-hidden">{t.revisionName(revision.version, revision.total)}</span>
          </span>
        ) : null}
        <p className={`review-outcome${outcome.kind === 'failed' ? ' is-error' : ''}`}>
          {outcome.kind === 'waiting' && (ended ? t.reviewUnanswered : t.reviewWaiting)}
          {outcome.kind === 'approved' && t.reviewApproved}
          {outcome.kind === 'dismissed' && t.reviewDismissed}
          {outcome.kind === 'keep-planning' && t.reviewKeepPlanning}
          {outcome.kind === 'failed' && `${t.reviewFailed}: ${outcome.text}`}
        </p>
        <button type="button" className="pill-button plan-card-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
          <span className="disclosure-chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {t.showPlan}
        </button>
      </header>
      {outcome.kind === 'keep-planning' && outcome.feedback ? (
        <blockquote className="review-feedback" aria-label={t.reviewFeedback}>
          {outcome.feedback}
        </blockquote>
      ) : null}
      <div id={panelId} className="plan-card-panel" hidden={!open}>
        {open && plan.trim() !== '' ? <PlanActions plan={plan} title={plain} fileSuffix={revision ? `v${revision.version}` : undefined} /> : null}
        {open ? <Markdown className="plan-body" text={recorded(plan)} titled /> : null}
      </div>
    </article>
  );
});
