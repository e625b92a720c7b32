/**
 * The transcript's find box: a labelled search field over every folded row, not only the rendered ones
 * (the transcript is virtualised, so the browser's own find cannot see most rows). It shows "n of m" matching
 * rows; Enter and Shift+Enter (or the buttons) move to the next and previous match, wrapping; Escape closes it.
 * While older history is not loaded it says it searched the loaded rows only and offers "Load all".
 * Holds only view state (the query and the current match); the rows come from the transcript fold.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';

/** Props of `FindBox`. */
export interface FindBoxProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** 1-based position of the current match, 0 when there is none. */
  current: number;
  /** Number of matching rows. */
  total: number;
  /** Move by one match: +1 next, -1 previous (wrapping). */
  onMove: (step: 1 | -1) => void;
  onClose: () => void;
  /** Older history is not loaded: the search covered the loaded rows only. */
  partial: boolean;
  /** Load the whole history (shown with `partial`); undefined hides the button. */
  onLoadAll: (() => void) | undefined;
  loadingAll: boolean;
}

/** Render the find box; it takes focus when it opens. */
export function FindBox({ query, onQueryChange, current, total, onMove, onClose, partial, onLoadAll, loadingAll }: FindBoxProps) {
  const t = useCopy(transcriptLocales);
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onMove(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <div className="find-box" role="search" aria-label={t.findLabel}>
      <input
        ref={input}
        type="search"
        className="find-input"
        aria-label={t.findLabel}
        aria-describedby={statusId}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={statusId} className="find-status" role="status">
        {query.trim() ? t.findStatus(current, total) : ''}
      </span>
      <button type="button" className="button" onClick={() => onMove(-1)} disabled={total === 0} aria-label={t.findPrevious}>
        ↑
      </button>
      <button type="button" className="button" onClick={() => onMove(1)} disabled={total === 0} aria-label={t.findNext}>
        ↓
      </button>
      <button type="button" className="button" onClick={onClose} aria-label={t.findClose}>
        ✕
      </button>
      {partial && query.trim() ? (
        <span className="find-partial">
          {t.findLoadedOnly}{' '}
          {onLoadAll ? (
            <button
              type="button"
              className="button"
              disabled={loadingAll}
              onClick={() => {
                onLoadAll();
                // The button goes once everything is loaded: keep typing (and Escape) in the field.
                input.current?.focus();
              }}
            >
              {t.findLoadAll}
            </button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
