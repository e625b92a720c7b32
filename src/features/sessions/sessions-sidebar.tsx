/**
 * The session list: a `nav` named "Sessions" with every session from `session.list`, newest first (title cut with
 * an ellipsis, the full title in `title`; relative time of the last activity; running, plan or session-mode
 * indicators; `aria-current` on the selected one), a "New session" action (`session.create`, then select it) and,
 * when the host advertises `capabilities.import`, "Open session log" (a `.jsonl` file → `session.import`, opened
 * read-only, with the lines the host could not read listed beside it). The actions stay in view while the list
 * scrolls. Badges come from the caller (the app reads them from the session stream).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_MODE } from '../../core/modes/fold.ts';
import { modeTargetOf } from '../../core/modes/projection.ts';
import type { Capabilities, ModeProjectionValue, PlanProjectionValue, SessionSummary } from '../../core/protocol/methods.ts';
import { effectiveTarget } from '../../core/plan/fold.ts';
import { callMethod } from '../../lib/api-client.ts';
import { hashOfSession, selectSession } from '../../lib/route.ts';
import { hostKeys, sessionListQueryOptions } from '../../lib/queries.ts';
import { t } from './locales.ts';
import { relativeTime, useNow } from './relative-time.ts';
import './sessions-sidebar.css';

/**
 * Badges of one session row; `title`, when given, is the live title and wins over the list's; `mode`, when given,
 * is the `mode` projection of the session-modes variant (seed 002) and replaces the plan indicator.
 */
export interface SessionRowBadges {
  running: boolean;
  plan: PlanProjectionValue | undefined;
  reviewPending: boolean;
  title?: string | undefined;
  mode?: ModeProjectionValue | undefined;
}

/** Props of `SessionsSidebar`. */
export interface SessionsSidebarProps {
  /** The selected session (from the URL hash). */
  selectedId: string | undefined;
  /** Host capabilities; "Open session log" shows only with `import`. */
  capabilities: Capabilities | undefined;
  /** Badges of a listed session (stream state merged over the list's snapshot). */
  badgesOf: (summary: SessionSummary) => SessionRowBadges;
  /** Called after a session was created or imported and selected (e.g. to focus the composer). */
  onOpened?: (sessionId: string) => void;
}

function planLabel(badges: SessionRowBadges): string | undefined {
  if (badges.reviewPending) return t.planAwaitingReview;
  if (badges.mode !== undefined) {
    const target = modeTargetOf(badges.mode);
    return target === DEFAULT_MODE ? undefined : t.modeBadge(target, target !== badges.mode.current);
  }
  if (!badges.plan) return undefined;
  // Same wording rule as the header badge: the effective target, with the pending case labelled.
  if (badges.plan.pending) return effectiveTarget(badges.plan) ? t.planEntering : t.planLeaving;
  return badges.plan.active ? t.planOn : undefined;
}

/**
 * The list in display order: newest activity first (`updatedAt`, ms; an imported log carries its own last event
 * time), ties in host order.
 */
export function newestFirst(items: readonly SessionSummary[]): SessionSummary[] {
  return items.map((summary, index) => ({ summary, index })).sort((a, b) => b.summary.updatedAt - a.summary.updatedAt || a.index - b.index).map((row) => row.summary);
}

/**
 * The 1-based line numbers a `session.import` skipped, ascending, without duplicates.
 * @param skipped the host's `skipped` list, undefined when it sent none
 */
export function skippedLines(skipped: ReadonlyArray<{ line: number }> | undefined): number[] {
  return [...new Set((skipped ?? []).map((entry) => entry.line))].sort((a, b) => a - b);
}

/** The sidebar (see `SessionsSidebarProps`). */
export function SessionsSidebar({ selectedId, capabilities, badgesOf, onOpened }: SessionsSidebarProps) {
  const queryClient = useQueryClient();
  const list = useQuery(sessionListQueryOptions());
  const now = useNow();
  const opened = async (sessionId: string) => {
    await queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
    selectSession(sessionId);
    onOpened?.(sessionId);
  };
  const create = useMutation({
    mutationFn: () => callMethod('session.create', {}),
    onSuccess: ({ sessionId }) => opened(sessionId),
  });
  const importLog = useMutation({
    mutationFn: async (file: File) => callMethod('session.import', { jsonl: await file.text() }),
    onSuccess: ({ sessionId }) => opened(sessionId),
  });

  return (
    <nav className="sessions" aria-label={t.nav}>
      <div className="sessions-actions">
        <button type="button" className="button primary" onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? t.creating : t.newSession}
        </button>
        {capabilities?.import ? (
          <label className="button file-button">
            {importLog.isPending ? t.importing : t.openLog}
            <input
              type="file"
              accept=".jsonl"
              className="visually-hidden"
              aria-label={t.openLog}
              disabled={importLog.isPending}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) importLog.mutate(file);
              }}
            />
          </label>
        ) : null}
      </div>
      {create.error ? <p role="alert" className="sessions-error">{t.createError(create.error.message)}</p> : null}
      {importLog.error ? <p role="alert" className="sessions-error">{t.importError(importLog.error.message)}</p> : null}
      {list.isPending ? <p className="quiet">{t.loading}</p> : null}
      {list.error ? (
        <div role="alert" className="sessions-error">
          <p>{t.loadError(list.error.message)}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>{t.retry}</button>
        </div>
      ) : null}
      {list.data && list.data.items.length === 0 ? <p className="quiet">{t.empty}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="sessions-list">
          {newestFirst(list.data.items).map((summary) => {
            const badges = badgesOf(summary);
            const plan = planLabel(badges);
            const selected = summary.sessionId === selectedId;
            const title = badges.title?.trim() || summary.title?.trim() || t.untitled;
            const skipped = importLog.data?.sessionId === summary.sessionId ? skippedLines(importLog.data.skipped) : [];
            const when = relativeTime(summary.updatedAt, now);
            return (
              <li key={summary.sessionId}>
                <a href={hashOfSession(summary.sessionId)} className="session-link" aria-current={selected ? 'page' : undefined}>
                  <span className="session-title" title={title}>{title}</span>
                  <span className="session-badges">
                    <time className="session-time" dateTime={new Date(summary.updatedAt).toISOString()} title={new Date(summary.updatedAt).toLocaleString()}>
                      <span className="visually-hidden">{t.updated(when)}</span>
                      <span aria-hidden="true">{when}</span>
                    </time>
                    {badges.running ? <span className="badge running">{t.running}</span> : null}
                    {plan ? <span className={`badge plan${badges.reviewPending ? ' review' : ''}`}>{plan}</span> : null}
                    {summary.readOnly ? <span className="badge">{t.readOnly}</span> : null}
                  </span>
                </a>
                {skipped.length > 0 ? <p role="status" className="session-import-note">{t.importSkipped(skipped)}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </nav>
  );
}
