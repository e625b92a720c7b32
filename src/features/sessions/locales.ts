/**
 * User-facing copy of the session list, one `SessionsLocale` dictionary per interface language (English, Simplified
 * Chinese). Relative times and dates are not here: `model/relative-time.ts` words them through `Intl` in the same language.
 */
import type { ImportRefusal } from '../../core/protocol/methods.ts';
import type { ImportNote } from './model/list.ts';
import { dictionaries } from '../../lib/language.ts';

/** Every string the session list shows. */
export interface SessionsLocale {
  nav: string;
  newSession: string;
  creating: string;
  openLog: string;
  importing: string;
  untitled: string;
  running: string;
  /** Status badge while a plan review waits for the user, instead of `running`. */
  planAwaitingReview: string;
  /** Status badge while any other question waits for the user, instead of `running`. */
  awaitingAnswer: string;
  readOnly: string;
  loading: string;
  empty: string;
  loadError: (message: string) => string;
  retry: string;
  createError: (message: string) => string;
  importError: (message: string) => string;
  /** A file over the import limit, refused before upload (`bytes` its size, `limit` in bytes; shown in MB). */
  importTooLarge: (bytes: number, limit: number) => string;
  /** The host refused the file (`details.refusal` of its error), as one plain sentence. */
  importRefused: (refusal: ImportRefusal) => string;
  /** After an import: the line numbers (1-based) the host could not read. */
  /** The note under an opened log's row: a last line cut mid-line, unreadable lines, events of unknown kinds. */
  importNote: (note: ImportNote) => string;
  /** A last activity under a minute ago (or slightly in the future: clock skew); longer ones are worded by `Intl`. */
  justNow: string;
  /** Accessible label of a session's last activity. */
  updated: (when: string) => string;
  /** Badge of a session's mode in the session-modes variant ("Review mode", "Plan mode (pending)"). */
  modeBadge: (mode: string, pending: boolean) => string;
  /** The filter box above the list (matches titles, case-insensitive). */
  filter: string;
  filterPlaceholder: string;
  /** No session title matches the filter text. */
  noMatch: (query: string) => string;
  /** Accessible name of a row's rename button, and its visible text. */
  rename: (title: string) => string;
  renameShort: string;
  /** Label of the rename field. */
  titleField: string;
  /** Under the rename field: what an empty title does. */
  titleHint: string;
  save: string;
  cancel: string;
  renameError: (message: string) => string;
  /** Accessible name of a row's delete button, and its visible text. */
  delete: (title: string) => string;
  deleteShort: string;
  /** The delete confirmation: heading, body and the confirming button. */
  confirmDeleteTitle: string;
  confirmDeleteBody: (title: string) => string;
  confirmDelete: string;
  /** Added to the confirmation when deleting stops something: the plan under review, a question, a running turn. */
  deleteStopsReview: string;
  deleteStopsQuestion: string;
  deleteStopsTurn: string;
  /** After a delete, while undo is offered. */
  deleted: (title: string) => string;
  undo: string;
  deleteError: (message: string) => string;
  restoreError: (message: string) => string;
  /** How the keyboard works in the list (visually hidden, describes it): without and with Rename / Delete. */
  rowKeys: string;
  rowKeysAdmin: string;
  /** The rename field's note while empty (Save goes back to the automatic title), near the limit, and past it. */
  titleResets: string;
  titleCount: (count: number, limit: number) => string;
  titleTooLong: (count: number, limit: number) => string;
  /** The "Recently deleted" list under the sessions: its toggle (with the count), each entry's time and its Restore. */
  recentlyDeleted: (count: number) => string;
  deletedWhen: (when: string) => string;
  restore: string;
  restoreNamed: (title: string) => string;
  restoring: string;
  /** A deleted session without a title of its own. */
  untitledDeleted: string;
  /** The page shown for the address of a deleted session (Back, a reload): heading and body. */
  deletedPageTitle: string;
  deletedPageBody: (title: string, when: string) => string;
}

/** Unreadable lines named in the note of an opened log (the rest are counted). */
export const SKIPPED_SHOWN = 10;

/** Bytes in MB (MiB, as file managers count), one decimal unless whole: 17.5, 16. */
export const megabytes = (bytes: number): string => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);

/** English copy. */
export const en: SessionsLocale = {
  nav: 'Sessions',
  newSession: 'New session',
  creating: 'Creating…',
  openLog: 'Open session log',
  importing: 'Opening…',
  untitled: 'New session',
  running: 'Running',
  planAwaitingReview: 'Waiting for your review',
  awaitingAnswer: 'Waiting for your answer',
  readOnly: 'Read-only',
  loading: 'Loading sessions…',
  empty: 'No sessions yet.',
  loadError: (message) => `Could not load sessions: ${message}`,
  retry: 'Try again',
  createError: (message) => `Could not create a session: ${message}`,
  importError: (message) => `Could not open the log: ${message}`,
  importTooLarge: (bytes, limit) => `This log is too large to open (${megabytes(bytes)} MB; the limit is ${megabytes(limit)} MB).`,
  importRefused: (refusal) => {
    switch (refusal.kind) {
      case 'empty':
        return 'This file is empty, so there is no session log to open.';
      case 'header-only':
        return 'This session log has no events yet, so there is nothing to open.';
      case 'no-events':
        return refusal.lines === 1
          ? 'This file is not a dsh session log: its one line is not a dsh session event.'
          : `This file is not a dsh session log: none of its ${refusal.lines} lines is a dsh session event.`;
      case 'too-large':
        return `This log is too large to open (the limit is ${megabytes(refusal.limit)} MB).`;
      default: {
        const never: never = refusal;
        return String(never);
      }
    }
  },
  importNote: ({ unreadable, torn, unknown }) => {
    const n = (value: number) => value.toLocaleString('en-US');
    const sentences: string[] = [];
    if (torn !== undefined) sentences.push(`Line ${n(torn)}, the last, was cut mid-line (the log ends inside it) and is left out.`);
    if (unreadable.count > 0) {
      const shown = unreadable.lines.slice(0, SKIPPED_SHOWN).map(n).join(', ') + (unreadable.count > SKIPPED_SHOWN ? ', …' : '');
      sentences.push(`${unreadable.count === 1 ? '1 line' : `${n(unreadable.count)} lines`} could not be read: ${shown}`);
    }
    if (unknown !== undefined) {
      const kinds = unknown.kinds.map((kind) => `${kind.type} (${n(kind.count)})`).join(', ');
      const more = unknown.kindCount - unknown.kinds.length;
      sentences.push(
        `${unknown.count === 1 ? '1 event' : `${n(unknown.count)} events`} of kinds dsh logs do not have ${unknown.count === 1 ? 'is' : 'are'} not shown: ${kinds}${more > 0 ? `, and ${n(more)} more ${more === 1 ? 'kind' : 'kinds'}` : ''}`,
      );
    }
    return sentences.join(' ');
  },
  justNow: 'just now',
  updated: (when) => `updated ${when}`,
  modeBadge: (mode, pending) => `${mode.charAt(0).toUpperCase()}${mode.slice(1)} mode${pending ? ' (pending)' : ''}`,
  filter: 'Filter sessions',
  filterPlaceholder: 'Filter by title',
  noMatch: (query) => `No session title matches “${query}”.`,
  rename: (title) => `Rename “${title}”`,
  renameShort: 'Rename',
  titleField: 'Session title',
  titleHint: 'Leave it empty to go back to the automatic title.',
  save: 'Save',
  cancel: 'Cancel',
  renameError: (message) => `Could not rename the session: ${message}`,
  delete: (title) => `Delete “${title}”`,
  deleteShort: 'Delete',
  confirmDeleteTitle: 'Delete this session?',
  confirmDeleteBody: (title) => `“${title}” and its log leave the list. You can undo this for a few seconds.`,
  confirmDelete: 'Delete session',
  deleteStopsReview: 'The plan waiting for your review is cancelled and stays cancelled after Undo.',
  deleteStopsQuestion: 'The question waiting for your answer is cancelled and stays cancelled after Undo.',
  deleteStopsTurn: 'Its running turn stops and stays stopped after Undo.',
  deleted: (title) => `Deleted “${title}”.`,
  undo: 'Undo',
  deleteError: (message) => `Could not delete the session: ${message}`,
  restoreError: (message) => `Could not bring the session back: ${message}`,
  rowKeys: 'Arrow keys move between sessions.',
  rowKeysAdmin: 'Arrow keys move between sessions; Arrow Right reaches Rename and Delete; F2 renames, Delete deletes.',
  titleResets: 'Empty: Save goes back to the automatic title (from the plan or the first message).',
  titleCount: (count, limit) => `${count} of ${limit} characters`,
  titleTooLong: (count, limit) => `Too long: ${count} characters; a title holds at most ${limit}.`,
  recentlyDeleted: (count) => `Recently deleted (${count})`,
  deletedWhen: (when) => `deleted ${when}`,
  restore: 'Restore',
  restoreNamed: (title) => `Restore “${title}”`,
  restoring: 'Restoring…',
  untitledDeleted: 'Untitled session',
  deletedPageTitle: 'This session was deleted',
  deletedPageBody: (title, when) => `“${title}” was deleted ${when}. Its log waits in the trash: restore it to open it again as it was.`,
};
/** Every dictionary of the session list, by language. */
export const sessionsLocales = dictionaries('sessions', en);

declare module '../../lib/language.ts' {
  interface LocaleCopies {
    sessions: SessionsLocale;
  }
}
