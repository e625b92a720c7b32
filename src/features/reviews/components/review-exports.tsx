/**
 * The Reviews view's export row: Markdown and JSON of the review history, the session log when the host serves it,
 * and a status line for a failed log download.
 */
import { useCopy } from '../../../lib/language.ts';
import { reviewsLocales } from '../locales.ts';

/** Props of {@link ReviewExports}. */
export interface ReviewExportsProps {
  onMarkdown: () => void;
  onJson: () => void;
  /** Download the log; undefined hides the button (the host does not serve it). */
  onLog: (() => void) | undefined;
  /** Why the last log download failed; undefined when it did not. */
  failure: string | undefined;
}

/** Group "Export" of the download buttons. */
export function ReviewExports({ onMarkdown, onJson, onLog, failure }: ReviewExportsProps) {
  const copy = useCopy(reviewsLocales);
  return (
    <div className="reviews__exports" role="group" aria-label={copy.exports}>
      <button type="button" className="button" onClick={onMarkdown}>
        {copy.downloadMarkdown}
      </button>
      <button type="button" className="button" onClick={onJson}>
        {copy.downloadJson}
      </button>
      {onLog ? (
        <button type="button" className="button" onClick={onLog}>
          {copy.downloadLog}
        </button>
      ) : null}
      <span role="status" className="reviews__status">
        {failure ?? ''}
      </span>
    </div>
  );
}
