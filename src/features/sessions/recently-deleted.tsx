/**
 * "Recently deleted" under the session list (`capabilities.sessions`): the deleted sessions the host can bring back
 * (`session.listDeleted`), newest first, each with its title, when it was deleted and Restore, which brings the log back
 * as it was and opens it. Collapsed by default; absent while the trash is empty.
 */
import { useCopy, useLanguage } from '../../lib/language.ts';
import { selectSession } from '../../lib/route.ts';
import { useDeletedSessions } from './api/deleted-sessions.ts';
import { useRestoreSession } from './api/session-admin.ts';
import { SessionAlerts } from './components/session-alerts.tsx';
import { sessionsLocales } from './locales.ts';
import { absoluteTime, relativeTime } from './model/relative-time.ts';

/** @param now the current time, ms since the epoch (the list's coarse tick) */
export function RecentlyDeleted({ now }: { now: number }) {
  const t = useCopy(sessionsLocales);
  const language = useLanguage();
  const items = useDeletedSessions();
  const restore = useRestoreSession(selectSession);
  if (items.length === 0) return null;
  return (
    <details className="sessions-trash">
      <summary>{t.recentlyDeleted(items.length)}</summary>
      <SessionAlerts createError={undefined} importFailure={undefined} deleteError={undefined} restoreError={restore.error} />
      <ul className="sessions-trash-list">
        {items.map(({ sessionId, title, deletedAt }) => {
          const shown = title?.trim() || t.untitledDeleted;
          return (
            <li key={sessionId}>
              <span className="sessions-trash-title" title={shown}>
                {shown}
              </span>
              <time className="session-time" dateTime={new Date(deletedAt).toISOString()} title={absoluteTime(deletedAt, language)}>
                {t.deletedWhen(relativeTime(deletedAt, now, language))}
              </time>
              <button
                type="button"
                className="button quiet-button"
                aria-label={t.restoreNamed(shown)}
                disabled={restore.isPending}
                onClick={() => restore.mutate(sessionId)}
              >
                {restore.isPending && restore.variables === sessionId ? t.restoring : t.restore}
              </button>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
