/**
 * On the revision after a Keep planning that carried an edited plan: whether the agent adopted the edits ("The agent
 * adopted your edits") or changed them ("The agent changed your edits", with the diff from the edited text to this
 * revision), by `editOutcomeOf` (equal after normalising line ends, trailing whitespace and the final newline). The
 * edited text is read back from the previous revision's logged feedback, so it shows after a reload, for another
 * client's edits, and in imported logs.
 */
import { useMemo } from 'react';
import { parseReviewFeedback } from '../../../core/review/feedback-format.ts';
import type { PlanRevision } from '../../../core/review/history.ts';
import { editOutcomeOf } from '../../../core/review/plan-edit.ts';
import { useCopy } from '../../../lib/language.ts';
import { planEditLocales } from './locales.ts';

/** The edited plan sent with the Keep planning on `previous`, if it carried one. */
export function editSentOn(previous: PlanRevision | undefined): string | undefined {
  if (previous?.outcome.kind !== 'kept-planning' || previous.outcome.feedback === undefined) return undefined;
  return parseReviewFeedback(previous.outcome.feedback).edit?.plan;
}

/** A unified diff, one line per row, each marked added, removed or context for colour only. */
function DiffLines({ diff, label }: { diff: string; label: string }) {
  return (
    <pre className="plan-edit__diff" tabIndex={0} role="region" aria-label={label}>
      {diff.split('\n').map((line, i) => {
        const kind = line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : 'ctx';
        return (
          <span key={i} className={`plan-edit__diff-line plan-edit__diff-line--${kind}`}>
            {line}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}

/**
 * @param previous the revision before the one under review
 * @param plan the plan under review
 */
export function EditOutcome({ previous, plan }: { previous: PlanRevision; plan: string }) {
  const copy = useCopy(planEditLocales);
  const edited = editSentOn(previous);
  const outcome = useMemo(() => (edited === undefined ? undefined : editOutcomeOf(edited, plan)), [edited, plan]);
  if (outcome === undefined) return null;
  if (outcome.kind === 'adopted') {
    return (
      <p className="plan-edit__outcome plan-edit__outcome--adopted" title={copy.ruleNote}>
        {copy.adopted(previous.version)}
      </p>
    );
  }
  return (
    <details className="plan-edit__outcome plan-edit__outcome--changed">
      <summary>{copy.changed(previous.version)}</summary>
      <p className="plan-review__hint">{copy.ruleNote}</p>
      <DiffLines diff={outcome.diff} label={copy.diffLabel} />
    </details>
  );
}
