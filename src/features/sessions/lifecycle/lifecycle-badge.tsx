/**
 * A session row's plan lifecycle badge: where its latest plan is ("Plan in progress (3 of 5)"), by the pure rule of
 * src/core/plan/lifecycle.ts over the projections the row already has (no request of its own). A lazy chunk off the
 * first load, prefetched at idle; until it is in, the row shows its plan-mode badge.
 */
import type { ReactNode } from 'react';
import { planLifecycleOf } from '../../../core/plan/lifecycle.ts';
import type { SessionSummary } from '../../../core/protocol/methods.ts';
import { useStreamSelectorAfterPaint } from '../../../session/select.ts';
import { sliceOf } from '../../../session/reducers.ts';
import { useCopy } from '../../../lib/language.ts';
import { rowLifecycleLocales } from './locales.ts';

/**
 * @param summary the row's `session.list` item (its listed `plan`, `todos` and `progress`; the stream's newer rows of an
 * attached session win over them)
 * @param running the session runs a turn now
 * @param fallback what the row shows when the rule has nothing to say
 */
export function PlanLifecycleBadge({ summary, running, fallback }: { summary: SessionSummary; running: boolean; fallback: ReactNode }) {
  const t = useCopy(rowLifecycleLocales);
  // Only the projections, after the paint of the frame that changed them: not every event of the session, nor in the
  // commit of a question's card.
  const rows = useStreamSelectorAfterPaint((state) => sliceOf(state, summary.sessionId).projections);
  const listed = summary.projections?.values;
  const values = {
    plan: rows.plan ? rows.plan.value : listed?.plan,
    todos: rows.todos ? rows.todos.value : listed?.todos,
    progress: rows.progress ? rows.progress.value : listed?.progress,
  };
  const stage = planLifecycleOf(values, running);
  if (!stage) return fallback;
  return <span className={`badge plan lifecycle is-${stage.kind}${stage.kind === 'review' ? ' review' : ''}`}>{t.stage(stage)}</span>;
}
