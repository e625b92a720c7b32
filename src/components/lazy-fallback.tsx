/**
 * What stands in for a lazily loaded view until its chunk is there: a quiet loading line, or — when the import failed
 * (the app was updated while the page was open, or the network) — that failure said as an alert with Try again, never
 * a loading line that does not end (docs/style.md "Lazy views render at once").
 */

/** Props of {@link LazyFallback}. */
export interface LazyFallbackProps {
  /** The chunk's import failed (`lazyModule().useFailed()`). */
  failed: boolean;
  /** Shown while the chunk is on its way. */
  loading: string;
  /** Shown when it failed, a whole sentence. */
  failure: string;
  /** The Try again button's text. */
  retry: string;
  /** Import the chunk again. */
  onRetry: () => void;
}

/** The loading line or the failure with Try again (see {@link LazyFallbackProps}). */
export function LazyFallback({ failed, loading, failure, retry, onRetry }: LazyFallbackProps) {
  if (!failed) return <p className="quiet">{loading}</p>;
  return (
    <div role="alert" className="lazy-load-error">
      <p>{failure}</p>
      <button type="button" className="button" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
