/**
 * When the session log cannot be written (disk full, read-only data directory, permissions), nothing
 * is reported as sent or committed. Each request kind gets an error envelope naming the cause without a path, no
 * event that was not stored is kept in memory or streamed, a running turn stops with a harness error, and the session
 * works again once writing works. The storage here fails N writes with a Node-shaped errno error, then recovers.
 */
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../src/core/log/types.ts';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { APPROVE_LABEL, PLAN_REVIEW_ID } from '../src/core/questions/types.ts';
import { call, say } from '../testing/fake-model.ts';
import { logWriteErrorOf } from './log.ts';
import { MemoryStorage } from './storage/memory.ts';
import { createTestHarness, gate, waitFor } from '../testing/harness-fixture.ts';
import type { SessionStorage, StoredLine, StoredSession } from './types.ts';

/** Untyped JSON read back from answers and frames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const DATA_DIR = '/srv/ui-plan/data';
const PLAN = '# Add `--greeting` flag\n\n1. parse the flag\n2. print it';

/** An errno error as `fs.writeSync`/`openSync` throws it (its message quotes the file's absolute path). */
function errnoError(code: 'EACCES' | 'ENOSPC' | 'EROFS', text: string): Error {
  return Object.assign(new Error(`${code}: ${text}, open '${DATA_DIR}/sessions/session-x.jsonl'`), {
    code,
    errno: -13,
    syscall: 'open',
    path: `${DATA_DIR}/sessions/session-x.jsonl`,
  });
}

/** A storage over memory whose next `failAppends` appends and `failCreates` creates throw `error`. */
class FlakyStorage implements SessionStorage {
  readonly memory = new MemoryStorage();
  failAppends = 0;
  failCreates = 0;
  constructor(private readonly error: () => Error = () => errnoError('ENOSPC', 'no space left on device')) {}
  loadAll(): StoredSession[] {
    return this.memory.loadAll();
  }
  create(session: StoredSession): void {
    if (this.failCreates > 0) {
      this.failCreates--;
      throw this.error();
    }
    this.memory.create(session);
  }
  append(sessionId: string, line: StoredLine): void {
    if (this.failAppends > 0) {
      this.failAppends--;
      throw this.error();
    }
    this.memory.append(sessionId, line);
  }
}

function setup(steps: Parameters<typeof createTestHarness>[0] = [], error?: () => Error) {
  const storage = new FlakyStorage(error);
  const test = createTestHarness(steps, { storage });
  let rpc = 0;
  const request = async (method: string, payload: unknown) =>
    (await test.host.handleRequest(method, clientRequest(method, payload, `r${++rpc}`))).result as Json;
  /** What the session holds in memory is exactly what was stored, line for line. */
  const expectStoredEqualsMemory = (sessionId: string) => {
    const stored = storage.memory.get(sessionId)!.lines.map((line) => line.type);
    expect(test.host.engine.log(sessionId)!.events.map((event) => event.type)).toEqual(stored);
    const streamed = test.mux.filter((f) => f.method === 'session/event' && (f.payload as Json).sessionId === sessionId);
    expect(streamed.map((f) => (f.payload as Json).event.type)).toEqual(stored);
  };
  return { ...test, storage, request, expectStoredEqualsMemory };
}

const NO_SPACE = 'could not write the session log: ENOSPC no space left on device';
const prompt = (sessionId: string, text = 'hello') => ({ sessionId, mode: 'queue', content: [{ type: 'text', text }] });
const running = (frames: readonly ServerRequest[], sessionId: string) =>
  frames.filter((f) => f.method === 'host/session-status' && (f.payload as Json).sessionId === sessionId).map((f) => (f.payload as Json).running);

describe('a log that cannot be written', () => {
  it.each([
    ['EACCES', 'permission denied', 'could not write the session log: EACCES permission denied'],
    ['ENOSPC', 'no space left on device', NO_SPACE],
    ['EROFS', 'read-only file system', 'could not write the session log: EROFS read-only file system'],
  ] as const)('names %s without the path in the error', (code, text, expected) => {
    const error = logWriteErrorOf(errnoError(code, text));
    expect(error.message).toBe(expected);
    expect(error.message).not.toContain(DATA_DIR);
    expect(logWriteErrorOf(Object.assign(new Error('boom'), { code })).message).toBe(`could not write the session log: ${code} ${text}`);
    expect(logWriteErrorOf(new Error(`cannot open ${DATA_DIR}/x.jsonl`)).message).toBe('could not write the session log: cannot open <path>');
  });

  it.each([1, 2, 3])('fails session.prompt when append %i of the idle turn cannot be stored, then works again', async (failing) => {
    const { host, storage, request, hostFrames, expectStoredEqualsMemory } = setup([say('first'), say('second')]);
    const sessionId = host.engine.createSession();
    // Appends 1–3 of an idle prompt: turn/start, user/message, session/title. A failure after turn/start ends that turn.
    let count = 0;
    const real = storage.append.bind(storage);
    storage.append = (id, line) => {
      if (++count === failing) throw errnoError('ENOSPC', 'no space left on device');
      real(id, line);
    };
    const failed = await request('session.prompt', prompt(sessionId));
    expect(failed).toEqual({ ok: false, error: { code: 'internal', message: NO_SPACE, details: { cause: 'log-write', errno: 'ENOSPC' } } });
    expect(host.engine.agent(sessionId)!.running).toBe(false);
    expect(running(hostFrames, sessionId)).toEqual([]);
    expectStoredEqualsMemory(sessionId);
    storage.append = real;
    expect(await request('session.prompt', prompt(sessionId, 'again'))).toEqual({ ok: true, value: { accepted: true } });
    await host.engine.idle();
    expectStoredEqualsMemory(sessionId);
    const ends = host.engine
      .log(sessionId)!
      .events.filter((e) => e.type === 'turn/end')
      .map((e) => (e.data as Json).reason.kind);
    expect(ends.at(-1)).toBe('completed');
    expect(host.engine.log(sessionId)!.events.filter((e) => e.type === 'turn/start').length).toBe(ends.length);
  });

  it('fails commands/execute and session.setPlanMode, committing nothing, then switches once writing works', async () => {
    const { host, storage, request, expectStoredEqualsMemory } = setup();
    const sessionId = host.engine.createSession();
    storage.failAppends = 1;
    const executed = await request('commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
    expect(executed.ok).toBe(false);
    expect(executed.error.message).toBe(NO_SPACE);
    // command/run stored, then plan/mode refused: command/done records the error, the request still fails.
    storage.failAppends = 0;
    const run = storage.memory.get(sessionId)!.lines.length;
    let count = 0;
    const real = storage.append.bind(storage);
    storage.append = (id, line) => {
      if (++count === 2) throw errnoError('EACCES', 'permission denied');
      real(id, line);
    };
    const switched = await request('session.setPlanMode', { sessionId, active: true });
    expect(switched).toEqual({
      ok: false,
      error: { code: 'internal', message: 'could not write the session log: EACCES permission denied', details: { cause: 'log-write', errno: 'EACCES' } },
    });
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: false });
    expect(
      storage.memory
        .get(sessionId)!
        .lines.slice(run)
        .map((l) => [l.type, (l.data as Json).kind]),
    ).toEqual([
      ['command/run', undefined],
      ['command/done', 'error'],
    ]);
    expectStoredEqualsMemory(sessionId);
    storage.append = real;
    expect(await request('session.setPlanMode', { sessionId, active: true })).toMatchObject({ ok: true, value: { outcome: 'committed' } });
    expect(host.engine.planMode.get(sessionId)).toEqual({ active: true });
  });

  it('fails session.create and session.import without registering a session', async () => {
    const { storage, request } = setup([], () => errnoError('EACCES', 'permission denied'));
    storage.failCreates = 2;
    const created = await request('session.create', {});
    expect(created.error).toMatchObject({ code: 'internal', message: 'could not write the session log: EACCES permission denied' });
    const jsonl = '{"type":"session","version":0,"id":"x","createdAt":1,"cwd":"/"}\n{"type":"plan/mode","data":{"active":true}}\n';
    const imported = await request('session.import', { jsonl });
    expect(imported.error).toMatchObject({ code: 'internal', message: 'could not write the session log: EACCES permission denied' });
    expect(JSON.stringify([created, imported])).not.toContain(DATA_DIR);
    expect((await request('session.list', {})).value.items).toEqual([]);
    expect((await request('session.create', {})).ok).toBe(true);
    expect((await request('session.import', { jsonl })).ok).toBe(true);
  });

  it('refuses an answer it cannot record, keeps the review pending, and accepts it once writing works', async () => {
    const { host, storage, mux, expectStoredEqualsMemory } = setup([call('exit_plan_mode', { plan: PLAN }), say('carried out')]);
    const sessionId = host.engine.createSession();
    host.engine.planMode.set(sessionId, true);
    host.engine.agent(sessionId)!.prompt([{ type: 'text', text: 'plan it' }], 'queue');
    await waitFor(() => host.engine.questionProvider.pending().length > 0);
    const question = host.engine.questionProvider.pending()[0]!;
    const body = {
      type: 'client-response',
      rpcId: question.rpcId,
      result: { ok: true, value: { sessionId, answer: { answers: [{ id: PLAN_REVIEW_ID, selected: [APPROVE_LABEL] }] } } },
    };
    storage.failAppends = 1;
    expect(await host.handleRespond(body)).toEqual({ accepted: false, reason: NO_SPACE });
    expect(host.engine.questionProvider.pending()).toEqual([question]);
    expect(mux.some((f) => f.method === 'question/resolved')).toBe(false);
    expect(host.engine.planMode.pendingOf(sessionId)).toBeUndefined();
    expectStoredEqualsMemory(sessionId);
    // The same for a dismissal.
    storage.failAppends = 1;
    const dismiss = { type: 'client-response', rpcId: question.rpcId, result: { ok: false, error: { code: 'cancelled', message: 'x', details: {} } } };
    expect(await host.handleRespond(dismiss)).toEqual({ accepted: false, reason: NO_SPACE });
    expect(host.engine.questionProvider.pending()).toEqual([question]);
    expect(await host.handleRespond(body)).toEqual({ accepted: true });
    await host.engine.idle();
    const events = host.engine.log(sessionId)!.events;
    expect(events.at(-1)!.data).toMatchObject({ reason: { kind: 'completed' } });
    // Stored before acknowledged, streamed in the real host's order: question/resolved, then the tool/result event.
    const order = mux.filter((f) => f.method === 'question/resolved' || (f.method === 'session/event' && (f.payload as Json).event.type === 'tool/result'));
    expect(order.map((f) => f.method)).toEqual(['question/resolved', 'session/event']);
    expectStoredEqualsMemory(sessionId);
  });

  it('stops a running turn on a failure mid-turn, reports it, and closes the turn at the next write', async () => {
    const held = gate(() => say('streamed text'));
    const { host, storage, request, hostFrames, expectStoredEqualsMemory } = setup([held.step, say('after')]);
    const sessionId = host.engine.createSession();
    expect((await request('session.prompt', prompt(sessionId))).ok).toBe(true);
    await held.opened;
    storage.failAppends = 100;
    held.release();
    await host.engine.idle();
    expect(host.engine.agent(sessionId)!.running).toBe(false);
    expect(running(hostFrames, sessionId)).toEqual([true, false]);
    const errors = hostFrames.filter((f) => f.method === 'host/agent-error').map((f) => f.payload as Json);
    expect(errors).toEqual([expect.objectContaining({ sessionId, turn: 1, message: NO_SPACE })]);
    expectStoredEqualsMemory(sessionId);
    // Still failing: the next request fails with the cause too, and the agent stays idle.
    expect((await request('session.prompt', prompt(sessionId, 'again'))).error.message).toBe(NO_SPACE);
    expect(host.engine.agent(sessionId)!.running).toBe(false);
    storage.failAppends = 0;
    expect((await request('session.prompt', prompt(sessionId, 'again'))).ok).toBe(true);
    await host.engine.idle();
    const ends = host.engine
      .log(sessionId)!
      .events.filter((e: SessionEvent) => e.type === 'turn/end')
      .map((e) => e.data);
    expect(ends).toEqual([
      { turn: 1, reason: { kind: 'error', message: NO_SPACE } },
      { turn: 2, reason: { kind: 'completed' } },
    ]);
    expectStoredEqualsMemory(sessionId);
  });
});
