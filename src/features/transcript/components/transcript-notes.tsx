/**
 * The notes above the rows: a load error with "Try again", "Loading…", "No messages yet", how many events could not be
 * shown, and the older history not loaded yet ("Load earlier messages", or that it is on its way).
 */
import { useCopy } from '../../../lib/language.ts';
import { transcriptLocales } from '../locales.ts';

/** Props of {@link TranscriptNotes}. */
export interface TranscriptNotesProps {
  loaded: boolean;
  error: string | undefined;
  onRetry: (() => void) | undefined;
  /** No row is shown. */
  empty: boolean;
  unreadable: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: (() => void) | undefined;
}

/** The notes (see {@link TranscriptNotesProps}). */
export function TranscriptNotes({ loaded, error, onRetry, empty, unreadable, hasOlder, loadingOlder, onLoadOlder }: TranscriptNotesProps) {
  const t = useCopy(transcriptLocales);
  return (
    <>
      {error ? (
        <div role="alert" className="transcript-error">
          <p>{t.loadError(error)}</p>
          {onRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              {t.retry}
            </button>
          ) : null}
        </div>
      ) : null}
      {!loaded && empty && !error ? <p className="quiet">{t.loading}</p> : null}
      {loaded && empty && !hasOlder ? <p className="quiet">{t.empty}</p> : null}
      {unreadable > 0 ? <p className="quiet transcript-unreadable">{t.unreadable(unreadable)}</p> : null}
      {loadingOlder ? (
        <p className="quiet transcript-older" role="status">
          {t.loadingOlder}
        </p>
      ) : hasOlder ? (
        <p className="quiet transcript-older">
          {t.olderAvailable}{' '}
          {onLoadOlder ? (
            <button type="button" className="button" onClick={onLoadOlder}>
              {t.loadOlder}
            </button>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
