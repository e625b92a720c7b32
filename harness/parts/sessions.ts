/**
 * The harness's session table: every session's log, agent handle, agent (none when read-only), projection registry and
 * typed read-only reason, in creation order. It registers stored sessions (wiring each log's downlink: projection
 * changes first — `todos` and `progress` paced, projection-pacing.ts — then the `session/event` of the same seq), creates new ones through storage, closes turns nothing
 * can go on with, and answers the lookups the method handlers need (`sessionOf`, `writable`, the summary).
 */
import type { SessionEvent } from '../../src/core/log/types.ts';
import type { ToolView } from '../../src/core/protocol/methods.ts';
import type { Agent } from '../agent.ts';
import { closeInterruptedTurn } from '../turn-repair.ts';
import { LogStoppedError, logWriteErrorOf, SessionLog, type LogHeader } from '../log.ts';
import { listedSnapshot, ProjectionRegistry, type ProjectionChange, type SessionUnits } from '../projections.ts';
import type { AgentHandle } from '../questions.ts';
import { draftStorageOf } from '../session-admin.ts';
import type { HarnessOptions, SessionMeta, SessionStorage, StoredSession } from '../types.ts';
import { MethodError } from './errors.ts';
import { createProjectionPacer, PACED_KEYS, type ProjectionPacer } from './projection-pacing.ts';
import { readOnlyReasonOf, readOnlyReasonText, summaryReadOnlyReason, variantOfLog, type PlanVariant, type ReadOnlyReason } from './read-only.ts';

/** One live session of the harness. */
export interface Session {
  readonly sessionId: string;
  log: SessionLog;
  /** Kept beside the log (a person's title, where an import came from). */
  meta: SessionMeta;
  /** A draft is neither stored nor listed until its first event (`session.create {draft}`). */
  draft: boolean;
  /** Store a draft now. */
  materialise?: () => void;
  /** When a request last named this session (epoch ms); drafts unused for long are freed. */
  usedAt: number;
  handle: AgentHandle;
  /** The agent; `undefined` for a read-only session. */
  agent: Agent | undefined;
  projections: ProjectionRegistry;
  /** Paces its `todos` and `progress` frames (harness/parts/projection-pacing.ts); set when it is registered. */
  pacer?: ProjectionPacer<ProjectionChange['key']>;
  /** Why the session is read-only; `undefined` when it is writable. */
  readOnly: ReadOnlyReason | undefined;
  createdOrder: number;
}

/** A downlink payload (`{type, …}`). */
type Frame = { type: string; [key: string]: unknown };

/** What the session table needs from the harness. */
export interface SessionTableDeps {
  storage: HarnessOptions['storage'];
  now: () => number;
  newId: () => string;
  logger: { warn(message: string, ...details: unknown[]): void };
  /** The harness's working directory, the default `cwd` of a new session. */
  cwd: string;
  /** The variant this harness runs (`undefined`: neither plugin). */
  harnessVariant: PlanVariant | undefined;
  /** Projection units of a session of `variant` (the harness's when `undefined`). */
  unitsFor(variant: PlanVariant | undefined, events: readonly SessionEvent[]): SessionUnits;
  /** Build the agent of a writable session. */
  createAgent(log: SessionLog, handle: AgentHandle): Agent;
  viewOf(event: SessionEvent, events: readonly SessionEvent[]): ToolView | undefined;
  sendMux(payload: Frame): void;
  sendHost(payload: Frame): void;
  /** Drop what the harness keeps per session besides the table (a freed draft's model provider). */
  forget(sessionId: string): void;
  /** Draft limits (HarnessOptions `drafts`); defaults {@link DRAFT_IDLE_MS} and {@link MAX_DRAFTS}. */
  drafts?: { idleMs?: number; max?: number } | undefined;
}

/** A draft session unused this long is freed (ms). */
export const DRAFT_IDLE_MS = 10 * 60_000;
/** At most this many draft sessions are kept; beyond it the least recently used is freed. */
export const MAX_DRAFTS = 1_000;

/** A session is blank until its first turn or command. */
function isBlank(session: Session): boolean {
  return !session.log.events.some((event) => event.type === 'turn/start' || event.type === 'command/run' || event.type === 'user/message');
}

/**
 * Create the session table.
 * @param deps - storage, clock, ids, logger, the harness's variant and the builders of agents, units and views
 */
export function createSessionTable(deps: SessionTableDeps) {
  const sessions = new Map<string, Session>();
  let order = 0;
  // A session whose writing stopped is listed read-only with the reason; the clients are told to read the list again.
  deps.storage.onWriteStop?.((sessionId) => {
    const ids = sessionId !== undefined ? [sessionId] : [...sessions.values()].filter((s) => !s.draft).map((s) => s.sessionId);
    for (const id of ids) if (sessions.has(id)) deps.sendHost({ type: 'host/session-updated', sessionId: id });
  });

  /** Register a stored session in memory and wire its downlink. */
  const register = (stored: StoredSession, storage: SessionStorage = deps.storage): Session => {
    const header = stored.header as LogHeader;
    const log = new SessionLog(header, storage, deps.now, stored.lines);
    const handle: AgentHandle = Object.freeze({ id: header.id, sessionId: header.id, root: true });
    const variant = variantOfLog(log.events);
    const readOnly = readOnlyReasonOf(header.readOnly === true, variant, deps.harnessVariant);
    const projections = new ProjectionRegistry(log.events, deps.unitsFor(variant, log.events));
    const session: Session = {
      sessionId: header.id,
      log,
      meta: stored.meta ?? {},
      draft: false,
      usedAt: deps.now(),
      handle,
      agent: undefined,
      projections,
      readOnly,
      createdOrder: order++,
    };
    if (readOnly === undefined) session.agent = deps.createAgent(log, handle);
    const sendChange = (key: ProjectionChange['key'], seq: number): void => {
      const change = session.projections.changeOf(key, seq);
      deps.sendMux({ type: 'session/projection', sessionId: header.id, key: change.key, value: change.value, seq: change.seq });
    };
    const pacer = createProjectionPacer(sendChange);
    session.pacer = pacer;
    log.subscribe((event) => {
      for (const key of session.projections.fold(event)) {
        if (PACED_KEYS.has(key)) pacer.changed(key, event.seq);
        else sendChange(key, event.seq);
      }
      const view = deps.viewOf(event, log.events);
      deps.sendMux({ type: 'session/event', sessionId: header.id, event, ...(view ? { view } : {}) });
    });
    sessions.set(header.id, session);
    return session;
  };

  /** Announce a stored session on the host downlink (`host/session-added`). */
  const announce = (session: Session): void => {
    const header = session.log.header;
    deps.sendHost({
      type: 'host/session-added',
      sessionId: header.id,
      blank: isBlank(session),
      cwd: header.cwd,
      ...(header.parentSessionId ? { parentSessionId: header.parentSessionId } : {}),
    });
  };

  /**
   * Store a new session, register it and announce it on the host stream; a draft is stored and
   * announced only at its first event, and until then only its creator knows it. @throws MethodError; LogWriteError
   */
  const add = (stored: StoredSession, draft = false): Session => {
    if (draft) {
      freeDrafts(1);
      const lazy = draftStorageOf(deps.storage, stored.header, () => {
        session.draft = false;
        announce(session);
      });
      const session = register(stored, lazy.storage);
      session.draft = true;
      session.materialise = lazy.materialise;
      return session;
    }
    try {
      deps.storage.create(stored);
      if (stored.meta && deps.storage.writeMeta) deps.storage.writeMeta(stored.header.id, stored.meta);
    } catch (error) {
      // A taken id is the caller's mistake; anything else is the data directory's (named without its path).
      if (error instanceof MethodError) throw error;
      const failure = logWriteErrorOf(error);
      deps.logger.warn(`host: could not create session ${stored.header.id}`, error);
      throw failure;
    }
    const session = register(stored);
    announce(session);
    return session;
  };

  /** The header of a new session: a fresh id unless one is given, now, and `cwd` (default the harness's). */
  const newHeader = (cwd: string | undefined, sessionId?: string): StoredSession['header'] => ({
    type: 'session',
    version: 0,
    id: sessionId ?? `session-${deps.newId()}`,
    createdAt: deps.now(),
    cwd: cwd ?? deps.cwd,
  });

  /** Close an open turn nothing can go on with; when the log cannot be written, the agent owes it (closed at the next write). */
  const closeOpenTurn = (session: Session, reason?: { kind: string; message?: string }): void => {
    if (session.readOnly !== undefined) return;
    try {
      closeInterruptedTurn(session.log, deps.newId, reason);
    } catch (error) {
      deps.logger.warn(`could not close the interrupted turn of ${session.log.sessionId}`, error);
      session.agent?.oweTurnEnd(reason);
    }
  };

  /**
   * Free the drafts unused for the idle time, then the least recently used ones until `room` more fit under the limit.
   * A draft has no event, so nothing of it is stored and no turn runs; its id may be created again.
   * @param room - drafts about to be added
   */
  const freeDrafts = (room = 0): void => {
    const idleMs = deps.drafts?.idleMs ?? DRAFT_IDLE_MS;
    const max = deps.drafts?.max ?? MAX_DRAFTS;
    const drafts = [...sessions.values()].filter((session) => session.draft).sort((a, b) => a.usedAt - b.usedAt);
    const now = deps.now();
    let keep = drafts.length;
    for (const session of drafts) {
      if (now - session.usedAt < idleMs && keep + room <= max) break;
      sessions.delete(session.sessionId);
      deps.forget(session.sessionId);
      keep -= 1;
    }
  };

  /** @throws MethodError session-not-found */
  const sessionOf = (sessionId: string): Session => {
    const session = sessions.get(sessionId);
    if (!session) throw new MethodError('session-not-found', `session "${sessionId}" not found`, { sessionId });
    session.usedAt = deps.now();
    return session;
  };

  /**
   * A session that may be written, its agent repaired first.
   * @throws MethodError session-not-found; bad-request when read-only; LogStoppedError when writing to it stopped
   */
  const writable = (sessionId: string): Session & { agent: Agent } => {
    const session = sessionOf(sessionId);
    if (session.readOnly !== undefined || !session.agent) {
      const reason = readOnlyReasonText(session.readOnly ?? { kind: 'imported' });
      throw new MethodError('bad-request', `session "${sessionId}" is read-only: ${reason}`, { sessionId, issues: [] });
    }
    const stop = deps.storage.writeStopOf?.(sessionId);
    if (stop) throw new LogStoppedError(sessionId, stop);
    // A turn a write failure left open is closed first; while the log still cannot be written, the request fails.
    session.agent.repair();
    return session as Session & { agent: Agent };
  };

  /** A session's `session.list` item (docs/protocol.md "session.list"). */
  const summaryOf = (session: Session) => {
    const header = session.log.header;
    const events = session.log.events;
    const snapshot = session.projections.snapshot();
    const title = session.meta.title ?? snapshot.values.title;
    const stop = deps.storage.writeStopOf?.(header.id);
    const reason = stop ? `Writing to this session stopped: ${stop.message}.` : summaryReadOnlyReason(session.readOnly);
    return {
      sessionId: header.id,
      updatedAt: events.at(-1)?.time ?? header.createdAt,
      running: session.agent?.running ?? false,
      blank: isBlank(session),
      cwd: header.cwd,
      ...(header.parentSessionId ? { parentSessionId: header.parentSessionId } : {}),
      ...(typeof title === 'string' ? { title } : {}),
      ...(session.meta.title !== undefined ? { customTitle: session.meta.title } : {}),
      ...(session.readOnly !== undefined || stop ? { readOnly: true } : {}),
      ...(reason !== undefined ? { readOnlyReason: reason } : {}),
      ...(stop ? { writeStopped: stop.reason } : {}),
      projections: listedSnapshot(snapshot),
    };
  };

  /** Every session's summary, the most recently updated first (ties: the newest created first); frees idle drafts first. */
  const list = () => {
    freeDrafts();
    return [...sessions.values()]
      .filter((session) => !session.draft)
      .map((session) => ({ session, summary: summaryOf(session) }))
      .sort((a, b) => b.summary.updatedAt - a.summary.updatedAt || b.session.createdOrder - a.session.createdOrder)
      .map(({ summary }) => summary);
  };

  return { sessions, register, announce, add, newHeader, closeOpenTurn, sessionOf, writable, summaryOf, list, freeDrafts };
}

/** The session table of one harness. */
export type SessionTable = ReturnType<typeof createSessionTable>;
