/**
 * The list of sessions: one row per shown session — its link, its admin part when the host has the sessions
 * capability, and, for the log opened last, the lines the host could not read. One Tab stop per row (the link); the
 * arrow keys, F2 and Delete do the rest (`use-row-keys.ts`).
 */
import { useId, useRef } from 'react';
import type { SessionSummary } from '../../../core/protocol/methods.ts';
import { useCopy } from '../../../lib/language.ts';
import type { SessionBadges } from '../../../session/derive.ts';
import { sessionsLocales } from '../locales.ts';
import { deleteStopsOf } from '../model/badges.ts';
import type { ImportNote } from '../model/list.ts';
import { distinctTitlePartsOf } from '../../../lib/title-parts.ts';
import { RowAdmin, type RowAdminProps } from './row-admin.tsx';
import { SessionLink } from './session-link.tsx';
import { useRowKeys } from './use-row-keys.ts';

/** One shown row. */
export interface SessionRow {
  summary: SessionSummary;
  badges: SessionBadges;
  title: string;
}

/** The admin state of the list: which row is renamed or confirming a delete, and the writes' state and callbacks. */
export interface ListAdmin extends Pick<RowAdminProps, 'renaming' | 'deleting' | 'onCancel'> {
  renamingId: string | undefined;
  confirmingId: string | undefined;
  startRename: (sessionId: string) => void;
  startDelete: (sessionId: string) => void;
  save: (sessionId: string, title: string) => void;
  confirmDelete: (row: SessionRow) => void;
}

/** Props of {@link SessionList}. */
export interface SessionListProps {
  rows: readonly SessionRow[];
  selectedId: string | undefined;
  now: number;
  /** Undefined on a host without the sessions capability (no Rename, no Delete). */
  admin: ListAdmin | undefined;
  /** What the host could not show of the log opened last, by its session id. */
  skipped: { sessionId: string; note: ImportNote | undefined } | undefined;
}

/** The list (see {@link SessionListProps}). */
export function SessionList({ rows, selectedId, now, admin, skipped }: SessionListProps) {
  const t = useCopy(sessionsLocales);
  const stopsCopy = { review: t.deleteStopsReview, question: t.deleteStopsQuestion, turn: t.deleteStopsTurn };
  const list = useRef<HTMLUListElement>(null);
  const hintId = useId();
  const onKeyDown = useRowKeys(list, admin, admin?.renamingId ?? admin?.confirmingId);
  const parts = distinctTitlePartsOf(rows.map((row) => row.title));
  return (
    <>
      <p id={hintId} className="visually-hidden">
        {admin ? t.rowKeysAdmin : t.rowKeys}
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the rows' links take the arrow keys, F2 and Delete (one Tab stop per row) */}
      <ul ref={list} className="sessions-list" aria-describedby={hintId} onKeyDown={onKeyDown}>
        {rows.map((row, index) => {
          const { sessionId } = row.summary;
          const stops = deleteStopsOf(row.badges);
          const note = skipped?.sessionId === sessionId ? skipped.note : undefined;
          return (
            <li key={sessionId}>
              <SessionLink
                summary={row.summary}
                badges={row.badges}
                title={row.title}
                parts={parts[index]!}
                shortcuts={admin ? 'F2 Delete' : undefined}
                selected={sessionId === selectedId}
                now={now}
              />
              {admin ? (
                <RowAdmin
                  mode={admin.renamingId === sessionId ? 'renaming' : admin.confirmingId === sessionId ? 'confirming' : 'idle'}
                  title={row.title}
                  initialTitle={row.summary.customTitle ?? row.title}
                  stops={stops && stopsCopy[stops]}
                  renaming={admin.renaming}
                  deleting={admin.deleting}
                  onStartRename={() => admin.startRename(sessionId)}
                  onStartDelete={() => admin.startDelete(sessionId)}
                  onSave={(title) => admin.save(sessionId, title)}
                  onConfirmDelete={() => admin.confirmDelete(row)}
                  onCancel={admin.onCancel}
                />
              ) : null}
              {note ? (
                <p role="status" className="session-import-note">
                  {t.importNote(note)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
