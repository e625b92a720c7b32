/**
 * The view when no session is selected: a header with the connection state and a "New session" call to action; the
 * session it creates takes keyboard focus in its composer.
 */
import type { ReactNode } from 'react';
import { focusComposer } from '../features/composer/composer.tsx';
import { useCreateSession } from '../features/sessions/api/create-session.ts';
import { selectSession } from '../lib/route.ts';
import { ConnectionStatus } from './connection-status.tsx';
import { useCopy } from '../lib/language.ts';
import { appLocales } from './locales.ts';

/** @param leading header content before the title (the sessions toggle on narrow screens) */
export function EmptyState({ leading }: { leading?: ReactNode }) {
  const t = useCopy(appLocales);
  const create = useCreateSession((sessionId) => {
    selectSession(sessionId);
    focusComposer();
  });
  return (
    <div className="session-view">
      <header className="session-header">
        {leading}
        <h1 className="session-heading">{t.appName}</h1>
        <div className="session-header-controls">
          <ConnectionStatus />
        </div>
      </header>
      <main className="session-main empty-state">
        <h2>{t.emptyTitle}</h2>
        <p>{t.emptyBody}</p>
        <button type="button" className="button primary" onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? t.creating : t.newSession}
        </button>
        {create.error ? <p role="alert">{t.createError(create.error.message)}</p> : null}
      </main>
    </div>
  );
}
