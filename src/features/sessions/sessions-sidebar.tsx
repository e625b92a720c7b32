/**
 * The session list (`nav` "Sessions"): every session from `session.list`, newest first, with its title, last activity
 * and badges; New session, Open session log (`capabilities.import`), a title filter, and Rename / Delete with Undo
 * (`capabilities.sessions`). A plain dsh host advertises neither capability, so those actions are not shown. Errors
 * are worded by `describeApiError`; badges come from the caller (the app reads them from the session stream).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_MODE } from '../../core/modes/fold.ts';
import { modeTargetOf } from '../../core/modes/projection.ts';
import {
  importRefusalSchema,
  MAX_IMPORT_JSONL_CHARS,
  type Capabilities,
  type ModeProjectionValue,
  type PlanProjectionValue,
  type SessionSummary,
} from '../../core/protocol/methods.ts';
import { planBadgeStateOf } from '../../core/plan/fold.ts';
import { ApiError, callMethod } from '../../lib/api-client.ts';
import { describeApiError } from '../../lib/describe-api-error.ts';
import { clearSelection, hashOfSession, selectSession } from '../../lib/route.ts';
import { planBadgeLocales } from '../../lib/locales.ts';
import { DeleteDialog } from './delete-dialog.tsx';
import { RenameForm } from './rename-form.tsx';
import { hostKeys, sessionListQueryOptions } from '../../lib/queries.ts';
import { currentCopy, useLanguage } from '../../lib/language.ts';
import { sessionsLocales } from './locales.ts';
import { absoluteTime, relativeTime, useNow } from './relative-time.ts';
import './sessions-sidebar.css';

/**
 * Badges of one session row; `title`, when given, is the live title and wins over the list's; `mode`, when given,
 * is the `mode` projection of the session-modes variant (seed 002) and replaces the plan indicator.
 */
export interface SessionRowBadges {
  running: boolean;
  plan: PlanProjectionValue | undefined;
  /** A plan review waits for the user: "Waiting for your review" replaces the running and plan indicators. */
  reviewPending: boolean;
  /** Another question waits for the user: "Waiting for your answer" replaces the running indicator. */
  questionPending?: boolean | undefined;
  title?: string | undefined;
  mode?: ModeProjectionValue | undefined;
}

/** Props of `SessionsSidebar`. */
export interface SessionsSidebarProps {
  /** The selected session (from the URL hash). */
  selectedId: string | undefined;
  /** Host capabilities; "Open session log" shows only with `import`. */
  capabilities: Capabilities | undefined;
  /** Badges of a listed session (stream state merged over the list's snapshot). */
  badgesOf: (summary: SessionSummary) => SessionRowBadges;
  /** Called after a session was created or imported and selected (e.g. to focus the composer of a created one). */
  onOpened?: (sessionId: string, how: 'created' | 'imported') => void;
}

function planLabel(badges: SessionRowBadges): string | undefined {
  const t = currentCopy(sessionsLocales);
  if (badges.reviewPending) return t.planAwaitingReview;
  if (badges.mode !== undefined) {
    const target = modeTargetOf(badges.mode);
    return target === DEFAULT_MODE ? undefined : t.modeBadge(target, target !== badges.mode.current);
  }
  if (!badges.plan) return undefined;
  // The header badge's rule and words; "off" is the quiet default, not labelled in the list.
  const state = planBadgeStateOf(badges.plan);
  return state === 'off' ? undefined : currentCopy(planBadgeLocales)[state];
}

/**
 * The list in display order: newest activity first (`updatedAt`, ms; an imported log carries its own last event
 * time), ties in host order.
 */
export function newestFirst(items: readonly SessionSummary[]): SessionSummary[] {
  return items
    .map((summary, index) => ({ summary, index }))
    .sort((a, b) => b.summary.updatedAt - a.summary.updatedAt || a.index - b.index)
    .map((row) => row.summary);
}

/** How long a deleted session's Undo stays offered, in ms (the log waits in the host's trash regardless). */
export const UNDO_MS = 8000;

/**
 * The title a row shows: the person's own (`customTitle`), else the stream's live title, else the list's, else
 * "New session".
 * @param summary the list item
 * @param badges the row's badges (`title` from the stream)
 */
export function rowTitleOf(summary: SessionSummary, badges: Pick<SessionRowBadges, 'title'>): string {
  return summary.customTitle?.trim() || badges.title?.trim() || summary.title?.trim() || currentCopy(sessionsLocales).untitled;
}

const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/**
 * Whether a title matches the filter box: case-insensitive (and width-insensitive, NFKC) substring of the trimmed
 * query; an empty query matches everything. Chinese and any other script match as typed.
 * @param title the shown title
 * @param query the filter text
 */
export function matchesFilter(title: string, query: string): boolean {
  const q = folded(query.trim());
  return q === '' || folded(title).includes(q);
}

/**
 * The 1-based line numbers a `session.import` skipped, ascending, without duplicates.
 * @param skipped the host's `skipped` list, undefined when it sent none
 */
export function skippedLines(skipped: ReadonlyArray<{ line: number }> | undefined): number[] {
  return [...new Set((skipped ?? []).map((entry) => entry.line))].sort((a, b) => a - b);
}

/** A file refused before upload: over the import limit (`bytes`, its size). */
class ImportTooLargeError extends Error {
  readonly bytes: number;
  constructor(bytes: number) {
    super(currentCopy(sessionsLocales).importTooLarge(bytes, MAX_IMPORT_JSONL_CHARS));
    this.name = 'ImportTooLargeError';
    this.bytes = bytes;
  }
}

/**
 * Read a chosen log and import it, refusing a file over the limit without reading or sending it.
 * @param file the chosen file; its size in bytes is compared with `MAX_IMPORT_JSONL_CHARS` (a UTF-8 file is never
 *   fewer bytes than UTF-16 code units, so a file within it always fits the payload)
 * @returns the host's `session.import` value
 * @throws Error (too large, before upload) or ApiError from the host or the transport
 */
export async function importLogFile(file: Blob) {
  if (file.size > MAX_IMPORT_JSONL_CHARS) throw new ImportTooLargeError(file.size);
  return callMethod('session.import', { jsonl: await file.text() });
}

/**
 * What the sidebar says about a failed import: a headline (one plain sentence) and the host's own wording as
 * `detail` (shown in the headline's `title`), when there is more to say.
 * @param error what `importLogFile` rejected with
 * @returns `headline`: "This log is too large to open (…)", "This file is not a dsh session log: …", or "Could not
 *   open the log: <describeApiError>"; `detail`: the host's message for a refusal it explained, else `undefined`
 */
export function importErrorOf(error: unknown): { headline: string; detail: string | undefined } {
  const t = currentCopy(sessionsLocales);
  // Worded now, not when thrown: the language may have changed since.
  if (error instanceof ImportTooLargeError) return { headline: t.importTooLarge(error.bytes, MAX_IMPORT_JSONL_CHARS), detail: undefined };
  if (error instanceof ApiError) {
    const refusal = importRefusalSchema.safeParse(error.details?.refusal);
    if (refusal.success) return { headline: t.importRefused(refusal.data), detail: error.message };
  }
  return { headline: t.importError(describeApiError(error)), detail: undefined };
}

/**
 * The sidebar (see `SessionsSidebarProps`). A row: the title cut with an ellipsis (the full title in `title`), the
 * relative time of the last activity, running / plan / session-mode badges ("Waiting for your review" / "Waiting for
 * your answer" instead of running while a question waits), `aria-current` on the selected one. "New session" makes a
 * draft the host stores and lists only at its first message or command, then selects it. "Open session log" sends a
 * `.jsonl` file to `session.import` and opens it read-only with the lines the host could not read listed beside it; a
 * file over the 16 MB import limit is refused before upload, and a refusal is said in a plain sentence with the
 * host's detail in its `title`. The filter is case-insensitive on the shown title. Rename is kept beside the log by
 * the host; Delete is confirmed in a dialog, then undoable for {@link UNDO_MS} ms through `session.restore`. The
 * actions stay in view while the list scrolls.
 */
export function SessionsSidebar({ selectedId, capabilities, badgesOf, onOpened }: SessionsSidebarProps) {
  const language = useLanguage();
  const t = sessionsLocales[language];
  const queryClient = useQueryClient();
  const list = useQuery(sessionListQueryOptions());
  const now = useNow();
  const opened = async (sessionId: string, how: 'created' | 'imported') => {
    await queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
    selectSession(sessionId);
    onOpened?.(sessionId, how);
  };
  const admin = capabilities?.sessions === true;
  const [filter, setFilter] = useState('');
  const [renaming, setRenaming] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  const [deleted, setDeleted] = useState<{ sessionId: string; title: string; wasSelected: boolean } | undefined>(undefined);
  const undoButton = useRef<HTMLButtonElement>(null);
  const refreshList = () => queryClient.invalidateQueries({ queryKey: hostKeys.sessions() });
  const create = useMutation({
    // A draft is stored and listed by the host only at its first message or command.
    mutationFn: () => callMethod('session.create', admin ? { draft: true } : {}),
    onSuccess: ({ sessionId }) => opened(sessionId, 'created'),
  });
  const rename = useMutation({
    mutationFn: ({ sessionId, title }: { sessionId: string; title: string }) => callMethod('session.rename', { sessionId, title }),
    onSuccess: async () => {
      setRenaming(undefined);
      await refreshList();
    },
  });
  const remove = useMutation({
    mutationFn: ({ sessionId }: { sessionId: string; title: string }) => callMethod('session.delete', { sessionId }),
    onSuccess: async (_value, { sessionId, title }) => {
      setConfirming(undefined);
      const wasSelected = sessionId === selectedId;
      setDeleted({ sessionId, title, wasSelected });
      if (wasSelected) clearSelection();
      await refreshList();
    },
  });
  const restore = useMutation({
    mutationFn: (sessionId: string) => callMethod('session.restore', { sessionId }),
    onSuccess: async ({ sessionId }) => {
      const again = deleted;
      setDeleted(undefined);
      await refreshList();
      if (again?.wasSelected) selectSession(sessionId);
    },
  });
  // Undo is offered for a few seconds; the log stays in the host's trash either way, so closing the tab loses nothing.
  useEffect(() => {
    if (!deleted) return undefined;
    undoButton.current?.focus();
    const timer = setTimeout(() => setDeleted(undefined), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);
  const importLog = useMutation({
    mutationFn: importLogFile,
    onSuccess: ({ sessionId }) => opened(sessionId, 'imported'),
  });

  const importFailure = importLog.error ? importErrorOf(importLog.error) : undefined;

  return (
    <nav className="sessions" aria-label={t.nav}>
      <div className="sessions-actions">
        <button type="button" className="button primary" onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? t.creating : t.newSession}
        </button>
        {capabilities?.import ? (
          <label className="button file-button">
            {importLog.isPending ? t.importing : t.openLog}
            <input
              type="file"
              accept=".jsonl"
              className="visually-hidden"
              aria-label={t.openLog}
              disabled={importLog.isPending}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) importLog.mutate(file);
              }}
            />
          </label>
        ) : null}
      </div>
      {create.error ? (
        <p role="alert" className="sessions-error">
          {t.createError(describeApiError(create.error))}
        </p>
      ) : null}
      {importFailure ? (
        <p role="alert" className="sessions-error" title={importFailure.detail}>
          {importFailure.headline}
        </p>
      ) : null}
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
        <div role="status" className="session-deleted">
          <span>{t.deleted(deleted.title)}</span>
          <button ref={undoButton} type="button" className="button" onClick={() => restore.mutate(deleted.sessionId)} disabled={restore.isPending}>
            {t.undo}
          </button>
        </div>
      ) : null}
      {restore.error ? (
        <p role="alert" className="sessions-error">
          {t.restoreError(describeApiError(restore.error))}
        </p>
      ) : null}
      {remove.error ? (
        <p role="alert" className="sessions-error">
          {t.deleteError(describeApiError(remove.error))}
        </p>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <input
          type="search"
          className="sessions-filter"
          aria-label={t.filter}
          placeholder={t.filterPlaceholder}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      ) : null}
      {list.data && list.data.items.length === 0 ? <p className="quiet">{t.empty}</p> : null}
      {list.data && list.data.items.length > 0 && !list.data.items.some((summary) => matchesFilter(rowTitleOf(summary, badgesOf(summary)), filter)) ? (
        <p className="quiet">{t.noMatch(filter.trim())}</p>
      ) : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="sessions-list">
          {newestFirst(list.data.items).map((summary) => {
            const badges = badgesOf(summary);
            const title = rowTitleOf(summary, badges);
            if (!matchesFilter(title, filter)) return null;
            const plan = planLabel(badges);
            const selected = summary.sessionId === selectedId;
            const skipped = importLog.data?.sessionId === summary.sessionId ? skippedLines(importLog.data.skipped) : [];
            const when = relativeTime(summary.updatedAt, now, language);
            return (
              <li key={summary.sessionId}>
                <a href={hashOfSession(summary.sessionId)} className="session-link" aria-current={selected ? 'page' : undefined}>
                  <span className="session-title" title={title}>
                    {title}
                  </span>
                  <span className="session-badges">
                    <time className="session-time" dateTime={new Date(summary.updatedAt).toISOString()} title={absoluteTime(summary.updatedAt, language)}>
                      <span className="visually-hidden">{t.updated(when)}</span>
                      <span aria-hidden="true">{when}</span>
                    </time>
                    {badges.questionPending && !badges.reviewPending ? (
                      <span className="badge waiting">{t.awaitingAnswer}</span>
                    ) : badges.running && !badges.reviewPending ? (
                      <span className="badge running">{t.running}</span>
                    ) : null}
                    {plan ? <span className={`badge plan${badges.reviewPending ? ' review' : ''}`}>{plan}</span> : null}
                    {summary.readOnly ? <span className="badge read-only">{t.readOnly}</span> : null}
                  </span>
                </a>
                {admin && renaming !== summary.sessionId ? (
                  <div className="session-row-actions">
                    <button
                      type="button"
                      className="button quiet-button"
                      aria-label={t.rename(title)}
                      onClick={() => {
                        rename.reset();
                        setRenaming(summary.sessionId);
                      }}
                    >
                      {t.renameShort}
                    </button>
                    <button type="button" className="button quiet-button" aria-label={t.delete(title)} onClick={() => setConfirming(summary.sessionId)}>
                      {t.deleteShort}
                    </button>
                  </div>
                ) : null}
                {renaming === summary.sessionId ? (
                  <RenameForm
                    initial={summary.customTitle ?? title}
                    saving={rename.isPending}
                    error={rename.error ? t.renameError(describeApiError(rename.error)) : undefined}
                    onSave={(next) => rename.mutate({ sessionId: summary.sessionId, title: next })}
                    onCancel={() => setRenaming(undefined)}
                  />
                ) : null}
                {confirming === summary.sessionId ? (
                  <DeleteDialog
                    title={title}
                    stops={
                      badges.reviewPending
                        ? t.deleteStopsReview
                        : badges.questionPending
                          ? t.deleteStopsQuestion
                          : badges.running
                            ? t.deleteStopsTurn
                            : undefined
                    }
                    deleting={remove.isPending}
                    onConfirm={() => remove.mutate({ sessionId: summary.sessionId, title })}
                    onCancel={() => setConfirming(undefined)}
                  />
                ) : null}
                {skipped.length > 0 ? (
                  <p role="status" className="session-import-note">
                    {t.importSkipped(skipped)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </nav>
  );
}
