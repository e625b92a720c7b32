/**
 * Test support for the reference harness over real session files: a harness on `FileStorage` in a data directory with the
 * scripted model (no delays), its mux frames, protocol calls and answers, and a reload of what is on disk, so a test
 * can compare every acknowledged event with what a restarted server reads. Never imported by product code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHarness, type ReferenceHarness } from '../harness/harness.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import type { HarnessOptions, StoredSession } from '../harness/types.ts';
import { FileStorage, type FileStorageOptions } from '../server/file-storage.ts';
import type { SessionEvent } from '../src/core/log/types.ts';
import { clientRequest, type RpcReceipt, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import type { QuestionAnswer } from '../src/core/questions/types.ts';
import { waitFor } from './harness-fixture.ts';

/** Untyped JSON read back from answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A harness over files, as {@link startFileHarness} returns it. */
export interface FileHarness {
  host: ReferenceHarness;
  storage: FileStorage;
  dataDir: string;
  /** Every mux frame in arrival order. */
  mux: ServerRequest[];
  /** Warnings of the storage and the harness. */
  warnings: string[];
  /** One unary call; resolves with its `result` (`{ok, value}` or `{ok:false, error}`). */
  request(method: string, payload: unknown): Promise<Json>;
  /** Answer the session's pending question (`answer`) or dismiss it (`undefined`). */
  respond(sessionId: string, answer: QuestionAnswer | undefined): Promise<RpcReceipt>;
  /** Resolves once the session has a pending question, with its rpcId. */
  question(sessionId: string): Promise<string>;
  /** Close the harness and the storage (idempotent). */
  close(): Promise<void>;
}

/**
 * A temporary data directory under the OS temp directory.
 * @returns its absolute path
 */
export function tempDataDir(prefix = 'ui-plan-files-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Start the reference harness on `FileStorage` over `dataDir` with the scripted model at full speed.
 * @param dataDir - the data directory (created when missing)
 * @param options - FileStorage options besides `dataDir` and harness options besides storage and model
 */
export function startFileHarness(dataDir: string, options: { storage?: Partial<FileStorageOptions>; host?: Partial<HarnessOptions> } = {}): FileHarness {
  const warnings: string[] = [];
  const warn = (message: string): void => void warnings.push(message);
  const storage = new FileStorage({ dataDir, logger: { warn }, ...options.storage });
  const host = createHarness({ storage, model: createScriptedModel({ delayMs: 0 }), cwd: '/work', logger: { warn }, ...options.host });
  const mux: ServerRequest[] = [];
  host.openMux((frame) => void mux.push(frame));
  let rpc = 0;
  let closed: Promise<void> | undefined;
  const pendingOf = (sessionId: string) => host.engine.questionProvider.pending().find((q) => q.sessionId === sessionId);
  return {
    host,
    storage,
    dataDir,
    mux,
    warnings,
    async request(method, payload) {
      return ((await host.handleRequest(method, clientRequest(method, payload, `r${++rpc}`))) as Json).result;
    },
    async respond(sessionId, answer) {
      const question = pendingOf(sessionId);
      if (!question) throw new Error(`no question pending in ${sessionId}`);
      const result =
        answer === undefined ? { ok: false, error: { code: 'cancelled', message: 'dismissed', details: {} } } : { ok: true, value: { sessionId, answer } };
      return await host.handleRespond({ type: 'client-response', rpcId: question.rpcId, result });
    },
    async question(sessionId) {
      await waitFor(() => pendingOf(sessionId) !== undefined);
      return pendingOf(sessionId)!.rpcId;
    },
    close() {
      closed ??= (async () => {
        await host.close();
        storage.close();
      })();
      return closed;
    },
  };
}

/**
 * What a restarted server reads from `dataDir`: every session file loaded (repairs and skipped lines warned).
 * @returns the stored sessions by id, and the warnings of the load
 */
export function reload(dataDir: string): { sessions: Map<string, StoredSession>; warnings: string[] } {
  const warnings: string[] = [];
  const storage = new FileStorage({ dataDir, logger: { warn: (m) => void warnings.push(m) } });
  const sessions = new Map(storage.loadAll().map((s) => [s.header.id, s] as const));
  storage.close();
  return { sessions, warnings };
}

/**
 * The acknowledged events of a session as `{seq, type, data}`: what the harness holds (every event it streamed).
 * @param events - the session log's events
 */
export function acknowledged(events: readonly SessionEvent[]): { seq: number; type: string; data: unknown }[] {
  return events.map((event) => ({ seq: event.seq, type: event.type, data: event.data }));
}

/**
 * The same view of a reloaded session (seq = line position after the header).
 * @param stored - as {@link reload} read it
 */
export function onDisk(stored: StoredSession | undefined): { seq: number; type: string; data: unknown }[] {
  return (stored?.lines ?? []).map((line, seq) => ({ seq, type: line.type, data: line.data }));
}
