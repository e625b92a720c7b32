/**
 * The page for the address of a deleted session (Back onto it, a reload of it): "This session was deleted", its title
 * and when, and Restore while its log waits in the trash. Nothing live: no composer, no picker, no transcript; once it
 * is restored the shell shows the session itself.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useCopy, useLanguage } from '../../lib/language.ts';
import type { DeletedSession } from './api/deleted-sessions.ts';
import { useRestoreSession } from './api/session-admin.ts';
import { SessionAlerts } from './components/session-alerts.tsx';
import { useNow } from './components/use-now.ts';
import { sessionsLocales } from './locales.ts';
import { relativeTime } from './model/relative-time.ts';

/**
 * @param deleted the deleted session the address points at
 * @param leading header content before the heading (the shell's sessions toggle on narrow screens)
 */
export function DeletedSessionPage({ deleted, leading }: { deleted: DeletedSession; leading?: ReactNode }) {
  const t = useCopy(sessionsLocales);
  const language = useLanguage();
  const now = useNow();
  const restore = useRestoreSession(() => undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  // The page replaced what was shown: its heading takes focus, so a screen reader says where the person is.
  useEffect(() => heading.current?.focus(), [deleted.sessionId]);
  const title = deleted.title?.trim() || t.untitledDeleted;
  return (
    <div className="session-view">
      <header className="session-header">
        {leading}
        <h1 ref={heading} tabIndex={-1} className="session-heading">
          {t.deletedPageTitle}
        </h1>
      </header>
      <main className="session-main empty-state">
        <p>{t.deletedPageBody(title, relativeTime(deleted.deletedAt, now, language))}</p>
        <button type="button" className="button primary" disabled={restore.isPending} onClick={() => restore.mutate(deleted.sessionId)}>
          {restore.isPending ? t.restoring : t.restore}
        </button>
        <SessionAlerts createError={undefined} importFailure={undefined} deleteError={undefined} restoreError={restore.error} />
      </main>
    </div>
  );
}
