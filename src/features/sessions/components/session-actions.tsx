/**
 * The sidebar's actions, which stay in view while the list scrolls: New session, and Open session log (a `.jsonl` file
 * input behind a button-styled label) when the host can import.
 */
import { useCopy } from '../../../lib/language.ts';
import { sessionsLocales } from '../locales.ts';

/** Props of {@link SessionActions}. */
export interface SessionActionsProps {
  creating: boolean;
  onCreate: () => void;
  /** The host can import (`capabilities.import`): Open session log shows. */
  canImport: boolean;
  importing: boolean;
  onImport: (file: File) => void;
}

/** The two actions (see {@link SessionActionsProps}). */
export function SessionActions({ creating, onCreate, canImport, importing, onImport }: SessionActionsProps) {
  const t = useCopy(sessionsLocales);
  return (
    <div className="sessions-actions">
      <button type="button" className="button primary" onClick={onCreate} disabled={creating}>
        {creating ? t.creating : t.newSession}
      </button>
      {canImport ? (
        <label className="button file-button">
          {importing ? t.importing : t.openLog}
          <input
            type="file"
            accept=".jsonl"
            className="visually-hidden"
            aria-label={t.openLog}
            disabled={importing}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) onImport(file);
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
