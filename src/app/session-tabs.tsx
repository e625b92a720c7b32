/**
 * The tab list of a session (WAI-ARIA tabs pattern): Transcript, Reviews (with the number of plan reviews) and What the
 * model sees; arrows move to the previous or next tab (wrapping), Home and End to the first or last, and select it. The panels are the caller's (`tab-<name>-<sessionId>` labels
 * `panel-<name>-<sessionId>`).
 */
import type { KeyboardEvent } from 'react';
import { useCopy } from '../lib/language.ts';
import { appLocales } from './locales.ts';

/** The session's views, in tab order. */
export type SessionTab = 'transcript' | 'reviews' | 'model';
const ORDER: readonly SessionTab[] = ['transcript', 'reviews', 'model'];

/**
 * @param tab the selected tab
 * @param reviews how many plan reviews (review chains, not revisions) the Reviews tab counts
 * @param onSelect select a tab (by click or key)
 */
export function SessionTabs({
  sessionId,
  tab,
  reviews,
  onSelect,
}: {
  sessionId: string;
  tab: SessionTab;
  reviews: number;
  onSelect: (tab: SessionTab) => void;
}) {
  const t = useCopy(appLocales);
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const at = ORDER.indexOf(tab);
    const step = event.key === 'ArrowLeft' ? -1 : 1;
    const next = event.key === 'Home' ? ORDER[0]! : event.key === 'End' ? ORDER.at(-1)! : ORDER[(at + step + ORDER.length) % ORDER.length]!;
    onSelect(next);
    document.getElementById(`tab-${next}-${sessionId}`)?.focus();
  };
  const tabs: [SessionTab, string][] = [
    ['transcript', t.transcriptTab],
    ['reviews', t.reviewsTab(reviews)],
    ['model', t.modelTab],
  ];
  return (
    <div className="session-tabs" role="tablist" aria-label={t.sessionViews}>
      {tabs.map(([name, label]) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`tab-${name}-${sessionId}`}
          aria-selected={tab === name}
          tabIndex={tab === name ? 0 : -1}
          aria-controls={`panel-${name}-${sessionId}`}
          className="session-tab"
          onKeyDown={onKey}
          onClick={() => onSelect(name)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
