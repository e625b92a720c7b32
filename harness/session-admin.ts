/**
 * Keeping a session list people can use, beside the harness's closure: draft sessions stored only at
 * their first event, titles a person gives (kept in the storage's meta beside the log, never in it), delete to the
 * trash with restore, and opening the same recorded log twice (same header id and same content → the existing
 * session; same id, other content → a copy labelled "(copy)"). Every log stays byte-identical: nothing here writes one.
 * Errors are raised through the caller's `fail`, so the harness maps them to its envelope codes.
 */
import type { SessionEvent } from '../src/core/log/types.ts';
import { customTitleOf, foldSessionTitle } from '../src/core/sessions/title.ts';
import type { Agent } from './agent.ts';
import type { SessionMeta, SessionStorage, StoredLine, StoredSession, TrashedSession } from './types.ts';

/** The label a copy of an already opened log gets after its title. */
export const COPY_LABEL = '(copy)';

/** The title of a copy whose log has no title of its own. */
export const UNTITLED_IMPORT = 'Imported session';

/** How a harness session looks to the admin functions. */
export interface AdminSession {
  readonly sessionId: string;
  meta: SessionMeta;
  /** Not stored yet: a draft until its first event. */
  draft: boolean;
  /** Its paced projection frames (harness/parts/projection-pacing.ts), dropped when it is deleted. */
  pacer?: { dispose(): void };
}

/** The harness's error constructor: `code` is an RPC error code (`bad-request`, `session-not-found`). */
export type Fail = (code: 'bad-request' | 'session-not-found', message: string, details?: Record<string, unknown>) => Error;

/**
 * Text of a log normalised for "same content": a leading BOM dropped, CRLF as LF, trailing blank lines and spaces cut.
 * @param jsonl - the uploaded file's text
 */
export function normalisedLogText(jsonl: string): string {
  return jsonl
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trimEnd();
}

/**
 * SHA-256 of a log's normalised text, as lowercase hex (Web Crypto, so it runs in Node and in the MSW worker page).
 * @param jsonl - the uploaded file's text
 * @returns 64 hex digits
 */
export async function logDigestOf(jsonl: string): Promise<string> {
  const bytes = new TextEncoder().encode(normalisedLogText(jsonl));
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What an import of a log with header id `id` and digest `digest` opens, given the sessions already open.
 * @param sessions - the harness's sessions (trashed ones are not among them)
 * @param id - the log's header id, `undefined` for a log without a header
 * @param digest - {@link logDigestOf} of the log
 * @returns `{existing}` (the same log, already open), `{copy:true}` (the id is open with other content) or `{}` (new)
 */
export function importMatchOf(sessions: Iterable<AdminSession>, id: string | undefined, digest: string): { existing?: string; copy?: true } {
  let copy = false;
  for (const session of sessions) {
    const from = session.meta.importedFrom;
    if (!from || from.id !== id) continue;
    if (from.digest === digest) return { existing: session.sessionId };
    copy = true;
  }
  return copy && id !== undefined ? { copy: true } : {};
}

/**
 * The meta of an imported log: where it came from and, for a copy, its labelled title.
 * @param id - header id of the log, or `undefined`
 * @param digest - its digest
 * @param events - its events (for the copy's title)
 * @param copy - whether it opens as a copy
 */
export function importMetaOf(id: string | undefined, digest: string, events: readonly SessionEvent[], copy: boolean): SessionMeta {
  const meta: SessionMeta = { importedFrom: { digest, ...(id !== undefined ? { id } : {}) } };
  if (copy) meta.title = `${foldSessionTitle(events) ?? UNTITLED_IMPORT} ${COPY_LABEL}`;
  return meta;
}

/**
 * Rename a session: store its new meta, or go back to the derived title for an empty one.
 * @param storage - the harness's storage (needs `writeMeta`)
 * @param session - the session (a draft is stored first, so it is listed under its name)
 * @param title - the typed title (trimmed; at most 200 characters)
 * @param fail - the harness's error constructor
 * @param materialise - stores a draft session now
 * @returns the custom title now kept, `undefined` when it went back to the derived one
 * @throws via `fail` bad-request for a title over the limit or a storage that cannot rename
 */
export function renameSession(storage: SessionStorage, session: AdminSession, title: string, fail: Fail, materialise: () => void): string | undefined {
  const checked = customTitleOf(title);
  if (!checked.ok) throw fail('bad-request', checked.message, { issues: [{ path: ['title'], message: checked.message }] });
  if (!storage.writeMeta) throw fail('bad-request', 'this host cannot rename sessions', { issues: [] });
  if (session.draft) materialise();
  const meta: SessionMeta = { ...session.meta };
  if (checked.title === undefined) delete meta.title;
  else meta.title = checked.title;
  storage.writeMeta(session.sessionId, meta);
  session.meta = meta;
  return checked.title;
}

/**
 * A storage for a draft session: its first append creates the stored session (header, no lines) first and then
 * reports it (`onStored`, where the harness announces it); every later call goes straight through.
 * @param storage - the real storage
 * @param header - the draft's header
 * @param onStored - called once, right after the session is stored
 * @returns the wrapper and `materialise` (store it now, e.g. to rename a draft)
 */
export function draftStorageOf(
  storage: SessionStorage,
  header: StoredSession['header'],
  onStored: () => void,
): { storage: SessionStorage; materialise: () => void; readonly stored: boolean } {
  let stored = false;
  const materialise = (): void => {
    if (stored) return;
    storage.create({ header, lines: [] });
    stored = true;
    onStored();
  };
  const wrapper: SessionStorage = {
    loadAll: () => storage.loadAll(),
    create: (session) => storage.create(session),
    append(sessionId: string, line: StoredLine) {
      if (sessionId === header.id) materialise();
      storage.append(sessionId, line);
    },
  };
  return {
    storage: wrapper,
    materialise,
    get stored() {
      return stored;
    },
  };
}

/** What {@link createSessionAdmin} needs of the harness. */
export interface SessionAdminContext<S extends AdminSession> {
  storage: SessionStorage;
  /** The harness's live sessions by id (deleted ones are removed from it here). */
  sessions: Map<string, S & { agent: Agent | undefined; materialise?: () => void }>;
  fail: Fail;
  /** The title a session is listed under now (`null` while it has none). */
  titleOf: (session: S) => string | null;
  /** Drop what the harness keeps per session id besides the table (its model provider). */
  forget: (sessionId: string) => void;
  /** Register a restored session, close a turn left open, and announce it (`host/session-added`). */
  revive: (stored: StoredSession) => void;
  /** Announce a deleted session (`host/session-removed`). */
  removed: (sessionId: string) => void;
  /** The current time, epoch ms (noted with a deleted log). */
  now: () => number;
}

/** Most entries `session.listDeleted` answers (newest deletions first). */
export const MAX_LISTED_DELETED = 50;

/**
 * The `session.rename`, `session.delete` and `session.restore` handlers (ui-plan extensions).
 * @param ctx - the harness's session table and hooks
 * @returns the handlers and `canAdminister()` (the storage can keep meta, trash and restore: `capabilities.sessions`)
 */
export function createSessionAdmin<S extends AdminSession>(ctx: SessionAdminContext<S>) {
  const { storage, sessions, fail } = ctx;
  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw fail('session-not-found', `session "${sessionId}" not found`, { sessionId });
    return session;
  };
  return {
    canAdminister: (): boolean => Boolean(storage.writeMeta && storage.trash && storage.restore),
    /** @returns `{sessionId, title, customTitle?}`: the title now listed and the person's own, when kept */
    rename(sessionId: string, title: string) {
      const session = sessionOf(sessionId);
      renameSession(storage, session, title, fail, () => session.materialise?.());
      return { sessionId, title: ctx.titleOf(session), ...(session.meta.title !== undefined ? { customTitle: session.meta.title } : {}) };
    },
    /** Cancel its turn (a pending question is aborted with it), move its log to the trash, forget it; a draft is only forgotten. */
    async remove(sessionId: string) {
      const session = sessionOf(sessionId);
      if (!storage.trash) throw fail('bad-request', 'this host cannot delete sessions', { issues: [] });
      session.agent?.cancel();
      await session.agent?.idle();
      if (!session.draft) storage.trash(sessionId, { title: ctx.titleOf(session), deletedAt: ctx.now() });
      sessions.delete(sessionId);
      session.pacer?.dispose();
      ctx.forget(sessionId);
      ctx.removed(sessionId);
      return { sessionId };
    },
    /**
     * The deleted sessions `restore` can bring back: each id in the trash once (its log deleted last), no id a live
     * session has now, newest deletion first, at most {@link MAX_LISTED_DELETED}.
     */
    listDeleted(): { items: TrashedSession[] } {
      const items = (storage.listTrash?.() ?? []).filter((entry) => !sessions.has(entry.sessionId));
      return { items: items.slice(0, MAX_LISTED_DELETED) };
    },
    /** Bring a trashed session back as it was. @throws bad-request for a live id; session-not-found when not in the trash */
    restore(sessionId: string) {
      if (sessions.has(sessionId)) throw fail('bad-request', `session "${sessionId}" is not deleted`, { issues: [] });
      if (!storage.restore) throw fail('bad-request', 'this host cannot restore sessions', { issues: [] });
      let stored: StoredSession;
      try {
        stored = storage.restore(sessionId);
      } catch {
        throw fail('session-not-found', `session "${sessionId}" is not in the trash`, { sessionId });
      }
      ctx.revive(stored);
      return { sessionId };
    },
  };
}
