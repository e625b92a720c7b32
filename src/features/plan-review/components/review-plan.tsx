/**
 * The card's plan area, its own scroll region: the plan, or "Changes since vN" (jsdiff and the diff view load on first
 * use, outside the first-load bundle), or the empty-plan note when the plan is missing or blank.
 */
import { lazy, Suspense } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';
import type { ReviewRevisions } from '../model/revisions.ts';
import { PlanBody } from './plan-body.tsx';

const PlanChanges = lazy(() => import('./plan-changes.tsx'));

/** Props of {@link ReviewPlan}. */
export interface ReviewPlanProps {
  id: string;
  plan: string;
  /** The plan is missing or blank: the note (with `emptyId`) replaces it. */
  blank: boolean;
  emptyId: string;
  /** Show the changes against the previous revision instead of the plan (only with a previous revision). */
  changes: boolean;
  revisions: ReviewRevisions | undefined;
}

/** The plan region (see {@link ReviewPlanProps}). */
export function ReviewPlan({ id, plan, blank, emptyId, changes, revisions }: ReviewPlanProps) {
  const copy = useCopy(planReviewLocales);
  return (
    <div id={id} role="region" aria-label={copy.planLabel} tabIndex={0} className="plan-review__plan">
      {blank ? (
        <p id={emptyId} className="plan-review__empty">
          {copy.emptyPlan}
        </p>
      ) : changes && revisions ? (
        <Suspense fallback={<p className="plan-review__hint">{copy.loadingDiff}</p>}>
          <PlanChanges chain={revisions.chain} current={revisions.current} />
        </Suspense>
      ) : (
        <PlanBody plan={plan} />
      )}
    </div>
  );
}
