/**
 * The card's top strip: the "Plan review" label, the revision of the plan ("Revision 2 of 3", short on a phone), Edit
 * plan, Copy plan / Download .md, and Expand / Collapse. The revision and the plan's actions ride in the strip, so a phone keeps
 * its height for the plan itself.
 */
import type { ReactNode, Ref } from 'react';
import { PlanActions } from '../../../components/plan-actions.tsx';
import { planTitleOf } from '../../../core/plan/plan-text.ts';
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';
import '../../../components/controls.css';

/** Props of {@link ReviewStrip}. */
export interface ReviewStripProps {
  /** The plan's markdown; undefined for a blank plan (no revision label, no plan actions). */
  plan: string | undefined;
  /** The revision under review and the chain's length, when the history knows the plan. */
  revision: { version: number; total: number } | undefined;
  expanded: boolean;
  /** Id of the plan region the Expand button controls. */
  planId: string;
  expandRef: Ref<HTMLButtonElement>;
  onToggleExpanded: () => void;
  /** "Edit plan", when the plan can be edited now. */
  editButton?: ReactNode;
}

/** The strip (see {@link ReviewStripProps}). */
export function ReviewStrip({ plan, revision, expanded, planId, expandRef, onToggleExpanded, editButton }: ReviewStripProps) {
  const copy = useCopy(planReviewLocales);
  return (
    <div className="plan-review__strip">
      <span className="plan-review__dot" aria-hidden="true" />
      <span className="plan-review__strip-label">{copy.strip}</span>
      {plan !== undefined && revision ? (
        <span className="plan-review__revision-label" title={copy.revisionOf(revision.version, revision.total)}>
          <span className="plan-review__revision-long">{copy.revisionOf(revision.version, revision.total)}</span>
          <span className="plan-review__revision-short" aria-hidden="true">
            {copy.revisionShort(revision.version, revision.total)}
          </span>
        </span>
      ) : null}
      <span className="plan-review__strip-gap" />
      {editButton}
      {plan !== undefined ? <PlanActions plan={plan} title={planTitleOf(plan)} fileSuffix={revision ? `v${revision.version}` : undefined} /> : null}
      <button
        ref={expandRef}
        type="button"
        className="pill-button plan-review__expand"
        aria-expanded={expanded}
        aria-controls={planId}
        aria-label={expanded ? copy.collapseLabel : copy.expandLabel}
        aria-keyshortcuts={expanded ? 'Escape' : undefined}
        onClick={onToggleExpanded}
      >
        {/* Both labels in one grid cell, the other one hidden: the button keeps the wider's width, so nothing beside it moves. */}
        <span className="plan-review__expand-labels">
          <span className={expanded ? 'is-hidden' : undefined}>{copy.expand}</span>
          <span className={expanded ? undefined : 'is-hidden'}>{copy.collapse}</span>
        </span>
      </button>
    </div>
  );
}
