/** The downlink's connection state as a live `status` ("Connected" / "Reconnecting…" / "Connecting…"). */
import { useConnectionState } from '../features/session-stream/session-stream.tsx';
import { useCopy } from '../lib/language.ts';
import { appLocales } from './locales.ts';

/** Render the connection state. */
export function ConnectionStatus() {
  const t = useCopy(appLocales);
  const state = useConnectionState();
  return (
    <span role="status" aria-label={t.connection[state]} className={`connection connection-${state}`}>
      <span className="connection-dot" aria-hidden="true" />
      {t.connection[state]}
    </span>
  );
}
