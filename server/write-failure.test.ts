/**
 * Log write failures against the real carrier on loopback: a data directory that stops accepting writes (a FileStorage
 * whose writes throw the `EACCES` error a read-only directory gives; tests run as root, where chmod does not stop
 * writes) fails `session.prompt` and `session.create` with the cause and no path, leaves no running state and no
 * line that was not written, and the session works again once writing works.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createHarness } from '../harness/harness.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import type { SessionStorage, StoredLine, StoredSession } from '../harness/types.ts';
import { FileStorage } from './file-storage.ts';
import { createUiPlanServer } from './http.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

/** Untyped JSON read back from answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** FileStorage whose writes fail as on a read-only data directory while `readOnly` is set. */
class ReadOnlySwitch implements SessionStorage {
  readOnly = false;
  constructor(
    private readonly files: FileStorage,
    private readonly dataDir: string,
  ) {}
  private refuse(file: string): void {
    if (!this.readOnly) return;
    const where = path.join(this.dataDir, 'sessions', file);
    throw Object.assign(new Error(`EACCES: permission denied, open '${where}'`), { code: 'EACCES', errno: -13, syscall: 'open', path: where });
  }
  loadAll(): StoredSession[] {
    return this.files.loadAll();
  }
  create(session: StoredSession): void {
    this.refuse(`${session.header.id}.jsonl`);
    this.files.create(session);
  }
  append(sessionId: string, line: StoredLine): void {
    this.refuse(`${sessionId}.jsonl`);
    this.files.append(sessionId, line);
  }
}

it('answers requests with the cause while the data directory refuses writes, and recovers', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-readonly-'));
  const files = new FileStorage({ dataDir, logger: { warn() {} } });
  const storage = new ReadOnlySwitch(files, dataDir);
  const host = createHarness({ storage, model: createScriptedModel({ delayMs: 0 }), cwd: '/workspace', logger: { warn() {} } });
  const carrier = createUiPlanServer({ harness: host, logger: { warn() {}, error() {} } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    await carrier.close();
    await host.close();
    files.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  let rpc = 0;
  const call = async (method: string, payload: unknown): Promise<Json> => {
    const res = await fetch(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(clientRequest(method, payload, `r${++rpc}`)),
    });
    const result = ((await res.json()) as Json).result;
    // A result is 200; a write failure is an `internal` error envelope, answered with 500.
    expect({ ok: result.ok, status: res.status }).toEqual({ ok: result.ok, status: result.ok ? 200 : 500 });
    return result;
  };
  const sessionId = (await call('session.create', {})).value.sessionId as string;
  const file = path.join(dataDir, 'sessions', `${sessionId}.jsonl`);
  const linesBefore = fs.readFileSync(file, 'utf8');

  storage.readOnly = true;
  const denied = 'could not write the session log: EACCES permission denied';
  const prompted = await call('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hello' }] });
  expect(prompted).toEqual({ ok: false, error: { code: 'internal', message: denied, details: { cause: 'log-write', errno: 'EACCES' } } });
  const created = await call('session.create', {});
  expect(created.error.message).toBe(denied);
  expect(JSON.stringify([prompted, created])).not.toContain(dataDir);
  const list = (await call('session.list', {})).value.items as Json[];
  expect(list.map((item) => [item.sessionId, item.running])).toEqual([[sessionId, false]]);
  expect(fs.readFileSync(file, 'utf8')).toBe(linesBefore);
  expect((await call('session.history', { sessionId })).value.events).toEqual([]);

  storage.readOnly = false;
  expect(await call('session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'hello' }] })).toEqual({
    ok: true,
    value: { accepted: true },
  });
  await host.engine.idle();
  const events = (await call('session.history', { sessionId })).value.events.map((e: Json) => e.event);
  expect(events.at(-1)).toMatchObject({ type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } });
  expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(events.length + 1);
});
