/**
 * A session row's plan lifecycle badge: where its latest plan is ("Plan in progress (3 of 5)"), by the pure rule of
 * src/core/plan/lifecycle.ts over the projections the row already has (no request of its own). A lazy chunk off the
 * first load, prefetched at idle; until it is in, the row shows its plan-mode badge.
 */
import type { ReactNode } from 'react';
import { planLifecycleOf, type ListedProjections } from '../../../core/plan/lifecycle.ts';
import { useCopy } from '../../../lib/language.ts';
import { rowLifecycleLocales } from './locales.ts';

/**
 * @param values the row's `plan`, `todos` and `progress` values (unchecked; the rule checks them)
 * @param running the session runs a turn now
 * @param fallback what the row shows when the rule has nothing to say
 */
export function PlanLifecycleBadge({ values, running, fallback }: { values: ListedProjections; running: boolean; fallback: ReactNode }) {
  const t = useCopy(rowLifecycleLocales);
  const stage = planLifecycleOf(values, running);
  if (!stage) return fallback;
  return <span className={`badge plan lifecycle is-${stage.kind}${stage.kind === 'review' ? ' review' : ''}`}>{t.stage(stage)}</span>;
}
