/**
 * One session's link in the list, two lines: its title (the shared start cut with an ellipsis, the words that tell it
 * from its neighbours kept in view; the whole title in the link's `title` and its accessible name), then one line that
 * never wraps: the relative time of its last activity (the full date in `title`) and its badges — "Waiting for your
 * answer" or "Running", the plan-mode or session-mode indicator ("Waiting for your review" while a review waits) or,
 * once its lazy chunk is in, where the latest plan is ("Plan in progress (3 of 5)", src/core/plan/lifecycle.ts),
 * "Read-only". `aria-current` marks the selected session, which is scrolled into view when it becomes selected (a log
 * just opened sorts by its own date, maybe far down).
 */
import { useEffect, useRef } from 'react';
import type { SessionSummary } from '../../../core/protocol/methods.ts';
import { useCopy, useLanguage } from '../../../lib/language.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { planBadgeLocales } from '../../../lib/locales.ts';
import { hashOfSession } from '../../../lib/route.ts';
import type { SessionBadges } from '../../../session/derive.ts';
import { sessionsLocales } from '../locales.ts';
import { rowActivityOf, rowPlanLabelOf, type RowPlanLabel } from '../model/badges.ts';
import { absoluteTime, relativeTime } from '../model/relative-time.ts';
import type { TitleParts } from '../../../lib/title-parts.ts';

// The plan lifecycle badge and its rule: a chunk off the first load, in the idle prefetch list (src/app/prefetch.ts).
const lifecycleBadge = lazyModule(() => import('../lifecycle/lifecycle-badge.tsx'));

/**
 * Load the rows' plan lifecycle chunk (or join the load under way).
 * @returns resolves when it was tried; never rejects
 */
export async function loadRowLifecycle(): Promise<void> {
  await lifecycleBadge.load();
}

/** Props of {@link SessionLink}. */
export interface SessionLinkProps {
  summary: SessionSummary;
  badges: SessionBadges;
  /** The shown title (`rowTitleOf`). */
  title: string;
  /** The title as shown: a head that may be cut and the distinguishing words (`distinctTitlePartsOf`). */
  parts: TitleParts;
  /** Keys that act on the row (`aria-keyshortcuts`), when it has any. */
  shortcuts?: string | undefined;
  selected: boolean;
  /** The current time, ms since the epoch (the list's coarse tick). */
  now: number;
}

/** The link (see {@link SessionLinkProps}). */
export function SessionLink({ summary, badges, title, parts, shortcuts, selected, now }: SessionLinkProps) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const row = link.current;
    if (!selected || !row) return;
    row.scrollIntoView({ block: 'nearest' });
    // The list's room changes when a group at the sidebar's foot arrives after its chunk, or with the window: the
    // current row stays in view through such a change.
    const scroller = row.closest('nav');
    if (!scroller || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => row.scrollIntoView({ block: 'nearest' }));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [selected]);
  const language = useLanguage();
  const t = useCopy(sessionsLocales);
  const planCopy = useCopy(planBadgeLocales);
  const activity = rowActivityOf(badges);
  const label: RowPlanLabel = rowPlanLabelOf(badges);
  const plan =
    label?.kind === 'review'
      ? t.planAwaitingReview
      : label?.kind === 'mode'
        ? t.modeBadge(label.mode, label.pending)
        : label
          ? planCopy[label.state]
          : undefined;
  const when = relativeTime(summary.updatedAt, now, language, t);
  const Lifecycle = lifecycleBadge.use(false)?.PlanLifecycleBadge;
  // A waiting review, a session mode and a pending plan-mode switch say more than the plan's stage.
  const staged = Lifecycle !== undefined && (label === undefined || (label.kind === 'plan' && label.state === 'on'));
  const planBadge = plan ? <span className={`badge plan${label?.kind === 'review' ? ' review' : ''}`}>{plan}</span> : null;
  return (
    <a
      ref={link}
      href={hashOfSession(summary.sessionId)}
      className="session-link"
      data-session-id={summary.sessionId}
      title={title}
      aria-current={selected ? 'page' : undefined}
      aria-keyshortcuts={shortcuts}
    >
      {/* Screen readers get the whole title as written; the cut view is for the eyes (flex items lose edge spaces). */}
      <span className="visually-hidden">{title}</span>
      <span className="session-title" aria-hidden="true">
        <span className="session-title-head">{parts.head}</span>
        {parts.tail ? <span className="session-title-tail">{parts.tail}</span> : null}
      </span>
      <span className="session-badges">
        <time className="session-time" dateTime={new Date(summary.updatedAt).toISOString()} title={absoluteTime(summary.updatedAt, language)}>
          <span className="visually-hidden">{t.updated(when)}</span>
          <span aria-hidden="true">{when}</span>
        </time>
        {activity ? <span className={`badge ${activity === 'running' ? 'running' : 'waiting'}`}>{t[activity]}</span> : null}
        {staged ? <Lifecycle summary={summary} running={badges.running} fallback={planBadge} /> : planBadge}
        {summary.readOnly ? <span className="badge read-only">{t.readOnly}</span> : null}
      </span>
    </a>
  );
}
