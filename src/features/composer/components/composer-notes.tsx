/**
 * The lines under the composer: a status (why Send and Stop are disabled while offline, or that a stop is on its
 * way; empty, it takes no room but stays a live region) and the last send or stop error as an alert.
 */
import { describeApiError } from '../../../lib/describe-api-error.ts';
import { useCopy } from '../../../lib/language.ts';
import { composerLocales } from '../locales.ts';

/** Props of {@link ComposerNotes}. */
export interface ComposerNotesProps {
  statusId: string;
  /** Why the composer cannot send now, undefined while it can. */
  offline: string | undefined;
  stopping: boolean;
  errorId: string;
  /** The last send or stop error, worded by `describeApiError` (the typed text is kept). */
  error: unknown;
}

/** The status and error lines (see {@link ComposerNotesProps}). */
export function ComposerNotes({ statusId, offline, stopping, errorId, error }: ComposerNotesProps) {
  const copy = useCopy(composerLocales);
  return (
    <>
      <p id={statusId} role="status" className="composer__status">
        {offline ?? (stopping ? copy.stoppingStatus : '')}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="composer__error">
          {describeApiError(error, { keepsText: true })}
        </p>
      ) : null}
    </>
  );
}
