/**
 * The card's plan area with its outline: the plan region (children) after the plan outline, read from the lazily
 * loaded comments chunk (`lazyModule().use()`, loaded with the card by the dock, so no fallback ever shows); no
 * outline for a blank plan or until the chunk is there.
 */
import type { ReactNode } from 'react';
import type { PlanRevision } from '../../../core/review/history.ts';
import { reviewComments } from '../components/use-review-comments.tsx';

/** Props of {@link PlanWithOutline}. */
export interface PlanWithOutlineProps {
  /** The plan under review, or undefined when it is blank (no outline). */
  plan: string | undefined;
  /** The previous revision, on revision 2+ (its changed sections are marked). */
  previous: PlanRevision | undefined;
  planId: string;
  /** Called with `false` to show the plan (not "Changes since vN") before scrolling to a heading. */
  onShowPlan: (changes: false) => void;
  /** The plan region. */
  children: ReactNode;
}

/** The plan area (see {@link PlanWithOutlineProps}). */
export function PlanWithOutline({ plan, previous, planId, onShowPlan, children }: PlanWithOutlineProps) {
  const ui = reviewComments.use(plan !== undefined);
  return (
    <div className="plan-review__body">
      {ui !== undefined && plan !== undefined ? (
        <ui.PlanOutline
          plan={plan}
          previous={previous ? { plan: previous.plan, version: previous.version } : undefined}
          planId={planId}
          onShowPlan={() => onShowPlan(false)}
        />
      ) : null}
      {children}
    </div>
  );
}
