/**
 * The "What the model sees" view of a session: the steps (one request each) with turn, step and time, the steps
 * whose request header changed marked with the reason, and the chosen step in detail (`StepDetail`). Says whether the
 * steps come from the host's projection over the whole log or from the loaded part only. Long lists show their last
 * {@link PAGE} steps first, so opening the view on a long log renders a bounded list.
 */
import { useState } from 'react';
import { PartialNote } from '../../components/partial-note.tsx';
import type { ModelView } from '../../core/model-view/fold.ts';
import { useCopy, useLanguage } from '../../lib/language.ts';
import { modelViewLocales } from './locales.ts';
import { StepDetail } from './step-detail.tsx';
import './model-view.css';

/** Steps shown at a time in the list (more on request). */
export const PAGE = 200;

/** Props of {@link ModelViewPanel}. */
export interface ModelViewPanelProps {
  view: ModelView;
  /** The view covers the whole log; false shows the partial note and Load all. */
  complete: boolean;
  source: 'projection' | 'loaded';
  onLoadAll?: (() => void) | undefined;
  loadingAll?: boolean;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeOf(ms: number | undefined, language: string): string | undefined {
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  let format = timeFormats.get(language);
  if (!format) timeFormats.set(language, (format = new Intl.DateTimeFormat(language, { timeStyle: 'medium' })));
  return format.format(new Date(ms));
}

/** Render the view (see {@link ModelViewPanelProps}). */
export function ModelViewPanel({ view, complete, source, onLoadAll, loadingAll = false }: ModelViewPanelProps) {
  const copy = useCopy(modelViewLocales);
  const language = useLanguage();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [shown, setShown] = useState(PAGE);
  const last = view.steps.length - 1;
  const index = chosen !== undefined && chosen <= last ? chosen : last;
  const first = Math.max(0, view.steps.length - shown);
  return (
    <section className="model-view" aria-label={copy.region}>
      {source === 'projection' ? <p className="quiet">{copy.fromProjection}</p> : null}
      {!complete ? (
        <PartialNote
          className="model-view__partial"
          text={copy.partial}
          loadAllLabel={copy.loadAll}
          loadingLabel={copy.loadingAll}
          onLoadAll={onLoadAll}
          loading={loadingAll}
        />
      ) : null}
      {last < 0 ? (
        <p className="quiet">{copy.empty}</p>
      ) : (
        <div className="model-view__layout">
          <nav className="model-view__steps" aria-label={copy.steps}>
            {first > 0 ? (
              <button type="button" className="button model-view__earlier" onClick={() => setShown((n) => n + PAGE)}>
                {copy.earlierSteps(first)}
              </button>
            ) : null}
            <ol>
              {view.steps.slice(first).map((step, i) => {
                const at = first + i;
                const header = step.changed ? view.headers[step.header] : undefined;
                const time = timeOf(step.time, language);
                return (
                  <li key={step.seq}>
                    <button type="button" className="model-view__step" aria-current={at === index ? 'true' : undefined} onClick={() => setChosen(at)}>
                      <span className="model-view__step-name">{copy.stepLabel(step.turn, step.step)}</span>
                      {time ? <span className="quiet"> · {time}</span> : null}
                      {header ? <span className="model-view__mark"> · {copy.headerChanged(header.reason)}</span> : null}
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
          <StepDetail view={view} index={index} />
        </div>
      )}
    </section>
  );
}
