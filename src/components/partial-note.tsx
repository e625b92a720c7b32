/**
 * The note a view shows while it covers only the loaded part of a log (a plain dsh host has no projection for it):
 * what is missing, **Load all** when the caller can load the rest, and a status while older pages are on their way.
 */

/**
 * @param text what the partial view may miss
 * @param loadAllLabel the Load all button's label
 * @param loadingLabel the status while loading
 * @param onLoadAll load the whole log; no button when undefined
 * @param loading an older page is on its way
 * @param className the note's class (each view styles its own)
 */
export function PartialNote({
  text,
  loadAllLabel,
  loadingLabel,
  onLoadAll,
  loading,
  className,
}: {
  text: string;
  loadAllLabel: string;
  loadingLabel: string;
  onLoadAll: (() => void) | undefined;
  loading: boolean;
  className: string;
}) {
  return (
    <p className={className} role="note">
      {text}{' '}
      {onLoadAll ? (
        <button type="button" className="button" onClick={onLoadAll}>
          {loadAllLabel}
        </button>
      ) : null}
      {loading ? <span role="status"> {loadingLabel}</span> : null}
    </p>
  );
}
