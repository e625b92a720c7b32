/**
 * Public contracts of the reference harness engine: the transport-neutral `Harness` that the Node server
 * (`server/`) and the MSW adapter (`mocks/`) both wrap, its storage seam, and the model-provider seam.
 * Everything behind these interfaces is environment-free (no fs, no sockets, no DOM).
 */
import type { RpcReceipt, ServerRequest, ServerResponse } from '../src/core/protocol/envelopes.ts';
import type { SessionHeader } from '../src/core/log/types.ts';

/** One stored log line after the header (dsh shape; `time` epoch ms). */
export interface StoredLine {
  type: string;
  data: unknown;
  time?: number;
  surfaceOp?: string;
  sourceEventSeqs?: number[];
}

/**
 * What ui-plan keeps BESIDE a session's log, never in it, so every log stays byte-identical and an
 * imported read-only log can be renamed: the title a person gave it, and where an imported log came from (its
 * header id, `undefined` for a log without one, and the SHA-256 of its normalised text) for opening it twice.
 */
export interface SessionMeta {
  title?: string;
  importedFrom?: { id?: string; digest: string };
}

/**
 * What is noted beside a deleted log in the trash (never in it), for the "Recently deleted" list: the title it was
 * listed under (`null` when it had none) and when it was deleted (epoch ms).
 */
export interface TrashNote {
  title: string | null;
  deletedAt: number;
}

/** One restorable deleted session: the log `restore` would bring back (the one of its id deleted last) and its note. */
export interface TrashedSession {
  sessionId: string;
  /** The listed title at deletion; `null` when it had none or the log was deleted without a note. */
  title: string | null;
  /** Epoch ms (without a note: when the log was moved to the trash, as the storage can tell). */
  deletedAt: number;
}

/** A session as storage holds it. `readOnly` marks an imported recording (ui-plan extension); `meta` what is kept beside it. */
export interface StoredSession {
  header: SessionHeader & { readOnly?: boolean; parentSessionId?: string };
  lines: StoredLine[];
  meta?: SessionMeta;
}

/** Why writing to a session's log stopped (the server stops rather than write into a log it no longer owns). */
export type WriteStopReason = 'log-removed' | 'log-replaced' | 'log-changed' | 'sync-failed' | 'lock-lost';

/** A stopped session log: why, and a sentence for the client (no path). */
export interface WriteStop {
  reason: WriteStopReason;
  message: string;
}

/**
 * Durable storage of session logs. Calls are synchronous so that an event is stored before any
 * subscriber sees it ("appended and flushed before streaming", docs/protocol.md). `append` throws on failure;
 * the engine then records nothing (docs/upstream-spec.md §1.6: a failed append keeps a selection pending).
 */
export interface SessionStorage {
  /** Every stored session, oldest first; a torn last line has already been cut by the implementation. */
  loadAll(): StoredSession[];
  /** Create a session with its header and (for fork/import) its initial lines. Throws if it exists. */
  create(session: StoredSession): void;
  /** Append one line. Throws on failure. */
  append(sessionId: string, line: StoredLine): void;
  /**
   * Replace what is kept beside a session's log (written atomically; an empty `meta` removes it). Optional: a storage
   * without it cannot rename. Throws on failure or for an unknown session.
   */
  writeMeta?(sessionId: string, meta: SessionMeta): void;
  /**
   * Move a session's log (and meta) to the trash, keeping every earlier deleted log of the same id. Optional: a storage
   * without it cannot delete. `note` is kept beside the trashed log for {@link SessionStorage.listTrash}. Throws on failure.
   */
  trash?(sessionId: string, note?: TrashNote): void;
  /**
   * Every id with a log in the trash, once each, with the log of it deleted last (the one `restore` brings back), newest
   * deletion first. Optional: a storage without it lists nothing.
   */
  listTrash?(): TrashedSession[];
  /**
   * Bring back the session of this id deleted last and return it as `loadAll` would. Throws when it is not in the
   * trash.
   */
  restore?(sessionId: string): StoredSession;
  /**
   * The stored log of a session as bytes (header line first, every line ending in `\n`), for the log download;
   * `undefined` when there is no such session or it cannot be read. Optional: a storage without
   * it offers no download.
   */
  readLog?(sessionId: string): Uint8Array | undefined;
  /**
   * Resolve once everything stored so far is durable (on disk), so it may be acknowledged; `undefined` when nothing
   * waits (a storage without durability, or everything synced already). Rejects with the sync's error. Optional.
   */
  flush?(): Promise<void> | undefined;
  /**
   * Why writing to this session stopped (its log file was removed, replaced or written by another program, syncing it
   * failed, or the data directory's lock was lost), or `undefined` while it may be written. Optional: a storage
   * without it never stops.
   */
  writeStopOf?(sessionId: string): WriteStop | undefined;
  /**
   * Be told when writing stops: `sessionId` for one session, `undefined` for every session at once.
   * @returns unsubscribe
   */
  onWriteStop?(listener: (sessionId: string | undefined) => void): () => void;
}

/** A tool as listed to the model (JSON schema of its parameters). */
export interface ToolSchema {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A message of the model-facing conversation, derived from the log. */
export type ModelMessage =
  | { role: 'user'; text: string; source: 'user' | 'notice' }
  | { role: 'assistant'; text: string; toolCalls: { id: string; name: string; arguments: string }[] }
  | { role: 'tool'; toolCallId: string; name: string; text: string; isError: boolean };

/** What the loop hands a model for one step. */
export interface ModelRequest {
  sessionId: string;
  turn: number;
  step: number;
  /** The assembled system prompt (sections joined in order). */
  system: string;
  /** Names of the rendered system-prompt sections, in order (e.g. `plan:policy`). */
  sections: string[];
  tools: ToolSchema[];
  messages: ModelMessage[];
  signal: AbortSignal;
  /**
   * How many model steps the session's log holds before this one (its earlier `step/start` events, including aborted
   * and crashed ones). A stateful model (replay) plays from here, so it resumes at the right place after a restart;
   * `undefined` when the caller does not know the log (the model then keeps its own count).
   */
  priorSteps?: number;
}

/**
 * One streamed piece of model output. Blocks are indexed; a `tool-call` chunk carries the whole call.
 * `delayMs` asks the loop to wait that long before logging the chunk (pacing for replay; 0 or absent = now).
 */
export type ModelChunk =
  | { type: 'block-start'; index: number; blockType: 'text' | 'reasoning' | 'tool-call'; delayMs?: number }
  | { type: 'text-delta'; index: number; text: string; delayMs?: number }
  | { type: 'reasoning-delta'; index: number; text: string; delayMs?: number }
  | { type: 'tool-call'; index: number; id: string; name: string; arguments: string; delayMs?: number }
  | { type: 'finish'; reason: { kind: 'stop' | 'tool-calls' }; delayMs?: number };

/** A model provider: `scripted` (offline default) or `replay:<file>` (upstream spec). */
export interface ModelProvider {
  /** Provider name as shown by `host.describe` (`provider`). */
  readonly provider: string;
  /** Model name as shown by `host.describe` (`model`). */
  readonly model: string;
  /** Stream one step's output. Must stop promptly (resolve or throw) once `request.signal` aborts. */
  stream(request: ModelRequest): AsyncIterable<ModelChunk>;
}

/** One plugin entry of a harness config, in the seeds' YAML shape. */
export interface PluginEntry {
  id: string;
  name: string;
  config?: unknown;
}

/**
 * A downlink sink: the frame and `text` = `JSON.stringify(frame)`. The harness hands every sink of one live frame the
 * same frame object and the same string (serialised once per frame, never per client).
 */
export type FrameSink = (frame: ServerRequest, text: string) => void;

/** Options of `createHarness`. */
export interface HarnessOptions {
  storage: SessionStorage;
  /** A provider, or a factory called once per session (replay providers keep per-session cursors). */
  model: ModelProvider | ((sessionId: string) => ModelProvider);
  /** Plugin list (seed shape); validated at construction, throwing a clear error. Default: plan-mode with the built-in section. */
  plugins?: PluginEntry[];
  /** Working directory reported by `host.describe` and used for new sessions. */
  cwd: string;
  version?: string;
  /** Clock in epoch ms (tests inject a fake). */
  now?: () => number;
  /** Id source (tests inject a counter). Returns a fresh UUID-like string. */
  newId?: () => string;
  /** Where contained failures are reported (e.g. a failed `plan/mode` append at a boundary). Default: `console`. */
  logger?: { warn(message: string, ...details: unknown[]): void };
  /** Wait `ms` milliseconds, resolving early when `signal` aborts (model chunk pacing). Default: `setTimeout`. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Step limit of one turn (default 24); exceeding it ends the turn with an error reason. */
  maxSteps?: number;
  /**
   * When draft sessions (`session.create {draft}`, never stored until their first event) are freed: once unused for
   * `idleMs` (default 10 minutes; a use is any request naming the session), and the least recently used first
   * beyond `max` drafts (default 1,000). Measured with `now`.
   */
  drafts?: { idleMs?: number; max?: number };
}

/**
 * The transport-neutral harness. Adapters own only carrier concerns (content type, JSON parsing, body size,
 * trust fence, sockets); every envelope, payload and business rule is handled here.
 */
export interface Harness {
  /** Whether `/api/<method>` names a known unary method (else the adapter answers 404). */
  hasMethod(method: string): boolean;
  /**
   * Handle one `POST /api/<pathMethod>` with its JSON-parsed body. Never throws: malformed envelopes answer
   * `bad-request` (rpcId `invalid-request` when unreadable), a method differing from the path is `bad-request`,
   * payload issues name the field in `details.issues`, and a crash is `internal`.
   */
  handleRequest(pathMethod: string, body: unknown, signal?: AbortSignal): Promise<ServerResponse>;
  /**
   * Handle `POST /api/respond` with its JSON-parsed body; resolves with the bare receipt once an accepted answer is
   * durable (stored and, with a durable storage, synced). Never rejects.
   */
  handleRespond(body: unknown): Promise<RpcReceipt>;
  /**
   * Attach a mux downlink. On attach it sends `session/subscribed {lastSeq}` for every session, then re-sends
   * every pending `question/requested` with its original rpcId; afterwards it pushes live frames. Returns detach.
   * `send` gets the frame and its JSON text: a live frame is one object serialised once for every attached sink
   * (one serialisation per frame, not per client), so a carrier writes `text` as is.
   */
  openMux(send: FrameSink): () => void;
  /** Attach a host downlink (`host/session-added`, `host/session-status`, …), sinks as for `openMux`. Returns detach. */
  openHostStream(send: FrameSink): () => void;
  /**
   * Shut down leaving the logs exactly as a crash would, then repaired as a restart repairs them: running turns stop
   * without logging anything more; a turn waiting on a plan review or question stays open (a restart asks it again
   * under the same id); every other open turn gets `turn/end {kind:'error', message:'the server stopped during this
   * turn'}`, never `cancelled` (README "What survives a restart"). Afterwards no frame is sent.
   */
  close(): Promise<void>;
  /**
   * The stored log of a session the harness holds, byte for byte (`GET /api/sessions/<id>/log.jsonl`);
   * `undefined` for an unknown session or a storage without `readLog`. Optional: a harness without it serves no log (404).
   */
  sessionLog?(sessionId: string): Uint8Array | undefined;
  /**
   * The streamed import (`POST /api/sessions/import.jsonl`, carrier/import-stream-route.ts): the log's raw UTF-8 bytes
   * as they arrive, parsed line by line while they do; answers what `session.import {jsonl}` answers for the same file
   * (a `server-response` for method `session.import`), a log over the import limit refused with `details.refusal`
   * `too-large` as soon as that much arrived. Rejects only with what iterating `chunks` throws (an aborted body).
   * Optional: a harness without it has no streamed import (404).
   */
  importStream?(chunks: AsyncIterable<Uint8Array>): Promise<ServerResponse>;
}
