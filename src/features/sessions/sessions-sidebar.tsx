/**
 * The session list (`nav` "Sessions"): every session from `session.list`, newest first, with its title, last activity
 * and badges (the session stream over the list's snapshot); New session, Open session log (`capabilities.import`), a
 * title filter, and Rename / Delete with Undo (`capabilities.sessions`). A plain dsh host advertises neither
 * capability, so those actions are not shown. The selection is the URL hash.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { componentsLocales } from '../../components/locales.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { useCopy } from '../../lib/language.ts';
import { capabilityNow, sessionListQueryOptions } from '../../lib/queries.ts';
import { clearSelection, selectSession, useSelectedSessionId } from '../../lib/route.ts';
import { useHostCapabilities, useSessionBadges } from '../../session/hooks.ts';
import { useCreateSession } from './api/create-session.ts';
import { importErrorOf, useImportLog } from './api/import-log.ts';
import { useDeleteSession, useRenameSession, useRestoreSession } from './api/session-admin.ts';
import { SessionActions } from './components/session-actions.tsx';
import { SessionAlerts } from './components/session-alerts.tsx';
import { SessionList, type ListAdmin } from './components/session-list.tsx';
import { UndoNotice } from './components/undo-notice.tsx';
import { useNow } from './components/use-now.ts';
import { useUndoWindow } from './components/use-undo-window.ts';
import { sessionsLocales } from './locales.ts';
import { importNoteOf, shownRowsOf } from './model/list.ts';
import '../../components/controls.css';
import './sessions-sidebar.css';

// "Recently deleted" and the page of a deleted session are a chunk of their own (collapsed, or reached only through a
// deleted session's address), prefetched at idle (`src/app/prefetch.ts`); until it is in, they are absent.
const trash = lazyModule(() => import('./trash.ts'));

/**
 * Load the "Recently deleted" chunk now (or join the load under way).
 * @returns resolves when it was tried; never rejects
 */
export async function loadTrash(): Promise<void> {
  await trash.load();
}

/**
 * The module once loaded (loading it on first use when `wanted`), else `undefined`.
 * @param wanted whether to start loading it now (default true); a loaded module is returned either way
 */
export const useTrash = (wanted = true) => trash.use(wanted);

/** A deleted session offered for Undo, and whether it was the one shown (Undo shows it again). */
type Deleted = { sessionId: string; title: string; wasSelected: boolean };

/** The admin part of the list: which row is renamed or confirming, the three writes and the Undo offer. */
function useListAdmin(selectedId: string | undefined) {
  const [renamingId, setRenamingId] = useState<string | undefined>(undefined);
  const [confirmingId, setConfirmingId] = useState<string | undefined>(undefined);
  const [deleted, undo] = useUndoWindow<Deleted>();
  const rename = useRenameSession(() => setRenamingId(undefined));
  const remove = useDeleteSession(({ sessionId, title }) => {
    setConfirmingId(undefined);
    undo.offer({ sessionId, title, wasSelected: sessionId === selectedId });
    if (sessionId === selectedId) clearSelection();
  });
  const restore = useRestoreSession((sessionId) => {
    if (undo.take()?.wasSelected) selectSession(sessionId);
  });
  const admin: ListAdmin = {
    renamingId,
    confirmingId,
    renaming: { saving: rename.isPending, error: rename.error ? describeApiError(rename.error) : undefined },
    deleting: remove.isPending,
    startRename: (sessionId) => {
      rename.reset();
      setRenamingId(sessionId);
    },
    startDelete: setConfirmingId,
    save: (sessionId, title) => rename.mutate({ sessionId, title }),
    confirmDelete: (row) => remove.mutate({ sessionId: row.summary.sessionId, title: row.title }),
    onCancel: () => {
      setRenamingId(undefined);
      setConfirmingId(undefined);
    },
  };
  return { admin, deleted, restore, remove };
}

/**
 * The sidebar. "New session" makes a draft the host stores and lists only at its first message or command, then
 * selects it; "Open session log" opens a recorded log read-only with the lines the host could not read listed beside
 * it; Delete is confirmed, then undoable for a few seconds through `session.restore`.
 * @param onOpened called after a session was created or imported and selected (the shell focuses a created one's composer)
 * @param inbox what tops the list, above the filter and the rows (the shell's "Waiting for you" inbox)
 */
export function SessionsSidebar({ onOpened, inbox }: { onOpened?: (sessionId: string, how: 'created' | 'imported') => void; inbox?: ReactNode }) {
  const t = useCopy(sessionsLocales);
  const components = useCopy(componentsLocales);
  const selectedId = useSelectedSessionId();
  const capabilities = useHostCapabilities();
  const badgesOf = useSessionBadges();
  const list = useQuery(sessionListQueryOptions());
  const now = useNow();
  const RecentlyDeleted = useTrash()?.RecentlyDeleted;
  const [filter, setFilter] = useState('');
  const opened = (how: 'created' | 'imported') => (sessionId: string) => {
    selectSession(sessionId);
    onOpened?.(sessionId, how);
  };
  const queryClient = useQueryClient();
  const create = useCreateSession(opened('created'));
  const importLog = useImportLog(() => capabilityNow(queryClient, 'importStream'), opened('imported'));
  const { admin, deleted, restore, remove } = useListAdmin(selectedId);
  const items = list.data?.items ?? [];
  const rows = shownRowsOf(items, badgesOf, filter, t.untitled, components.leftOut);
  const imported = importLog.data;
  return (
    <nav className="sessions" aria-label={t.nav}>
      <SessionActions
        creating={create.isPending}
        onCreate={() => create.mutate()}
        canImport={capabilities?.import === true}
        importing={importLog.isPending}
        onImport={(file) => importLog.mutate(file)}
      />
      <SessionAlerts
        createError={create.error}
        importFailure={importLog.error ? importErrorOf(importLog.error) : undefined}
        restoreError={restore.error}
        deleteError={remove.error}
      />
      {list.isPending ? <p className="quiet">{t.loading}</p> : null}
      {list.error ? (
        <div role="alert" className="sessions-error">
          <p>{t.loadError(describeApiError(list.error))}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : null}
      {deleted ? (
        <UndoNotice key={deleted.sessionId} title={deleted.title} restoring={restore.isPending} onUndo={() => restore.mutate(deleted.sessionId)} />
      ) : null}
      {inbox}
      {items.length > 0 ? (
        <input
          type="search"
          className="field sessions-filter"
          aria-label={t.filter}
          placeholder={t.filterPlaceholder}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      ) : null}
      {list.data && items.length === 0 ? <p className="quiet">{t.empty}</p> : null}
      {items.length > 0 && rows.length === 0 ? <p className="quiet">{t.noMatch(filter.trim())}</p> : null}
      {rows.length > 0 ? (
        <SessionList
          rows={rows}
          selectedId={selectedId}
          now={now}
          admin={capabilities?.sessions === true ? admin : undefined}
          skipped={imported ? { sessionId: imported.sessionId, note: importNoteOf(imported) } : undefined}
        />
      ) : null}
      {RecentlyDeleted ? <RecentlyDeleted now={now} /> : null}
    </nav>
  );
}
