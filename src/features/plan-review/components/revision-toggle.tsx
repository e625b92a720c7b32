/** The toggle between the rendered plan and "Changes since vN" (the previous revision), two pressed-state buttons. */
import { useCopy } from '../../../lib/language.ts';
import { planReviewLocales } from '../locales.ts';

/** Props of {@link RevisionToggle}. */
export interface RevisionToggleProps {
  /** Show the changes (else the plan). */
  changes: boolean;
  /** The previous revision's number. */
  previousVersion: number;
  onChange: (changes: boolean) => void;
}

/** The toggle (see {@link RevisionToggleProps}). */
export function RevisionToggle({ changes, previousVersion, onChange }: RevisionToggleProps) {
  const copy = useCopy(planReviewLocales);
  return (
    <div className="plan-review__revision">
      <div role="group" aria-label={copy.viewToggle} className="plan-review__toggle">
        <button type="button" className="plan-review__toggle-button" aria-pressed={!changes} onClick={() => onChange(false)}>
          {copy.viewPlan}
        </button>
        <button type="button" className="plan-review__toggle-button" aria-pressed={changes} onClick={() => onChange(true)}>
          {copy.viewChanges(previousVersion)}
        </button>
      </div>
    </div>
  );
}
