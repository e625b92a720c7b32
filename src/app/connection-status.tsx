/**
 * The downlink's connection state as a `status` ("Connected" / "Reconnecting…" / "Connecting…"), not live itself:
 * the app's live region announces its changes once.
 */
import { useSessionConnection } from '../session/hooks.ts';
import { useCopy } from '../lib/language.ts';
import { appLocales } from './locales.ts';

/** Render the connection state. */
export function ConnectionStatus() {
  const t = useCopy(appLocales);
  const state = useSessionConnection();
  return (
    <span role="status" aria-live="off" aria-label={t.connection[state]} className={`connection connection-${state}`}>
      <span className="connection-dot" aria-hidden="true" />
      {t.connection[state]}
    </span>
  );
}
