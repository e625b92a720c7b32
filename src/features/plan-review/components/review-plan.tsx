/**
 * The card's plan area, its own scroll region: the plan, or "Changes since vN" (jsdiff and the diff view load on first
 * use, outside the first-load bundle), or the empty-plan note when the plan is missing or blank.
 */
import type { BlockControls } from '../../../components/markdown-block-controls.ts';
import { useCopy } from '../../../lib/language.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { planReviewLocales } from '../locales.ts';
import type { ReviewRevisions } from '../model/revisions.ts';
import { PlanBody } from './plan-body.tsx';

// Read through `lazyModule().use()` (docs/style.md "Lazy views render at once"); the card prefetches it when a
// previous revision exists, so the toggle finds it loaded.
const planChanges = lazyModule(() => import('./plan-changes.tsx'));

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
  /** The line-comment controls after each block of the plan (undefined: none). */
  blockControls?: BlockControls | undefined;
}

/** The plan region (see {@link ReviewPlanProps}). */
export function ReviewPlan({ id, plan, blank, emptyId, changes, revisions, blockControls }: ReviewPlanProps) {
  const copy = useCopy(planReviewLocales);
  const PlanChanges = planChanges.use((revisions?.chain.length ?? 0) > 1)?.default;
  return (
    <div id={id} role="region" aria-label={copy.planLabel} tabIndex={0} className="plan-review__plan">
      {blank ? (
        <p id={emptyId} className="plan-review__empty">
          {copy.emptyPlan}
        </p>
      ) : changes && revisions ? (
        PlanChanges ? (
          <PlanChanges chain={revisions.chain} current={revisions.current} />
        ) : (
          <p className="plan-review__hint">{copy.loadingDiff}</p>
        )
      ) : (
        <PlanBody plan={plan} blockControls={blockControls} />
      )}
    </div>
  );
}
