/**
 * "Copy plan" and "Download .md" for one plan, on the review card and on every plan card. Copy
 * writes the markdown verbatim with `navigator.clipboard.writeText` and says "Copied" on the button for a moment (and
 * in a status line for screen readers), or why it could not (a refused permission, no clipboard in an insecure
 * context) in a note under the buttons; the download saves the same text as `<title>.md`. Nothing moves when the
 * outcome changes: the button's label box is as wide as the wider of its labels ("Copy plan" or "Copy", and
 * "Copied", in the language in force), and the status line is out of the row's flow. View state only (the last copy
 * result).
 */
import { fileNameOf, saveFile } from './download.ts';
import { useCopy } from '../lib/language.ts';
import { componentsLocales } from './locales.ts';
import { useClipboardCopy } from './use-clipboard.ts';
import './plan-actions.css';

/** Props of {@link PlanActions}. */
export interface PlanActionsProps {
  /** The plan markdown, copied and saved verbatim. */
  plan: string;
  /** The plan's title (file name and accessible names). */
  title: string;
  /** A suffix for the file name, e.g. `v2`; none when undefined. */
  fileSuffix?: string | undefined;
}

/** The two plan actions with their status line. */
export function PlanActions({ plan, title, fileSuffix }: PlanActionsProps) {
  const copy = useCopy(componentsLocales);
  const { outcome: state, copyText } = useClipboardCopy();
  const onDownload = () => {
    const name = fileNameOf(title, 'plan');
    saveFile(`${name}${fileSuffix ? `-${fileSuffix}` : ''}.md`, plan, 'text/markdown;charset=utf-8');
  };
  return (
    <div className="plan-actions" role="group" aria-label={copy.planActions(title)}>
      {/* On a narrow screen the visible text is the short form; the name stays the whole action (label in name). */}
      <button type="button" className="button plan-actions__button" aria-label={copy.copyPlan} onClick={() => void copyText(plan)}>
        {/* Every label in one grid cell, the ones not shown hidden: the button keeps the width of the widest. */}
        <span className={`plan-actions__labels${state.kind === 'copied' ? ' is-copied' : ''}`}>
          <span className="plan-actions__long">{copy.copyPlan}</span>
          <span className="plan-actions__short">{copy.copyPlanShort}</span>
          <span className="plan-actions__copied" aria-hidden="true">
            {copy.copied}
          </span>
        </span>
      </button>
      <button type="button" className="button plan-actions__button" aria-label={copy.downloadPlan} onClick={onDownload}>
        <span className="plan-actions__long">{copy.downloadPlan}</span>
        <span className="plan-actions__short">{copy.downloadPlanShort}</span>
      </button>
      <span aria-live="polite" className={`plan-actions__status${state.kind === 'failed' ? ' is-error' : ''}`}>
        {state.kind === 'copied' ? copy.copied : state.kind === 'failed' ? copy.copyPlanFailed(state.reason) : ''}
      </span>
    </div>
  );
}
