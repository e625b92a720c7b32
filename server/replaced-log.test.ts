/**
 * A running server notices that a session log it writes was removed, replaced (an editor's save renames a new file
 * over it, `sed -i` does the same) or written by someone else, before it appends: it stops writing that session,
 * answers its writes with an error naming why (never a path), says so in the session list and on the host stream,
 * keeps what it had written (`<data-dir>/recovered/`), and never touches the file the other program left. Losing the
 * data directory's lock stops every session and new ones alike. Against the real carrier on loopback.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientRequest, type ServerRequest } from '../src/core/protocol/envelopes.ts';
import { reload, startFileHarness, tempDataDir, type FileHarness } from '../testing/file-harness.ts';
import { createUiPlanServer } from './http.ts';

/** Untyped JSON read back from answers and frames. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function start(): Promise<
  FileHarness & { call(method: string, payload: unknown): Promise<{ status: number; result: Json }>; hostFrames: ServerRequest[] }
> {
  const dataDir = tempDataDir('ui-plan-replaced-');
  const files = startFileHarness(dataDir);
  const hostFrames: ServerRequest[] = [];
  files.host.openHostStream((frame) => void hostFrames.push(frame));
  const carrier = createUiPlanServer({ harness: files.host, logger: { warn() {}, error() {} } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    await carrier.close();
    await files.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  let rpc = 0;
  const call = async (method: string, payload: unknown) => {
    const res = await fetch(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(clientRequest(method, payload, `x${++rpc}`)),
    });
    return { status: res.status, result: ((await res.json()) as Json).result };
  };
  return { ...files, call, hostFrames };
}

const prompt = (sessionId: string, text: string) => ({ sessionId, mode: 'queue', content: [{ type: 'text', text }] });

/** A session with one completed turn, its log file and the bytes ui-plan wrote to it. */
async function sessionWithATurn(files: Awaited<ReturnType<typeof start>>) {
  const sessionId = (await files.call('session.create', {})).result.value.sessionId as string;
  expect((await files.call('session.prompt', prompt(sessionId, 'hello there'))).status).toBe(200);
  await files.host.engine.idle();
  const file = path.join(files.dataDir, 'sessions', `${sessionId}.jsonl`);
  return { sessionId, file, written: fs.readFileSync(file) };
}

const replacements: [string, 'log-removed' | 'log-replaced' | 'log-changed', (file: string) => void][] = [
  ['removed (unlink)', 'log-removed', (file) => fs.rmSync(file)],
  [
    "replaced by an editor's save (a new file renamed over it)",
    'log-replaced',
    (file) => {
      fs.writeFileSync(`${file}.swp`, fs.readFileSync(file, 'utf8').replace('hello there', 'hello edited'));
      fs.renameSync(`${file}.swp`, file);
    },
  ],
  ['rewritten by sed -i', 'log-replaced', (file) => void execFileSync('sed', ['-i', 's/hello there/hello sed/', file])],
  ['appended to by another writer', 'log-changed', (file) => fs.appendFileSync(file, '{"type":"user/message","data":{"content":[]}}\n')],
];

describe('a session log changed under a running server', () => {
  it.each(replacements)('stops writing a log %s, answers its writes with the reason, and keeps what it wrote', async (_name, reason, change) => {
    const files = await start();
    const { sessionId, file, written } = await sessionWithATurn(files);
    const other = (await files.call('session.create', {})).result.value.sessionId as string;
    change(file);
    const left = fs.existsSync(file) ? fs.readFileSync(file) : undefined;

    const refused = await files.call('session.prompt', prompt(sessionId, 'more'));
    expect(refused.status).toBe(409);
    expect(refused.result).toMatchObject({ ok: false, error: { code: 'log-stopped', details: { sessionId, reason } } });
    expect(refused.result.error.message).toMatch(/^writing to this session stopped: its log file was (removed|replaced|written) by another program/);
    expect(JSON.stringify(refused)).not.toContain(files.dataDir);
    // Refused before anything is written, every time; the file the other program left is untouched.
    expect((await files.call('commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } })).status).toBe(409);
    expect(fs.existsSync(file) ? fs.readFileSync(file) : undefined).toEqual(left);
    expect(files.host.engine.agent(sessionId)!.running).toBe(false);

    const items = (await files.call('session.list', {})).result.value.items as Json[];
    expect(items.find((i) => i.sessionId === sessionId)).toMatchObject({ readOnly: true, writeStopped: reason });
    expect(items.find((i) => i.sessionId === sessionId).readOnlyReason).toMatch(/^Writing to this session stopped/);
    expect(items.find((i) => i.sessionId === other).writeStopped).toBeUndefined();
    expect(files.hostFrames.filter((f) => f.method === 'host/session-updated').map((f) => (f.payload as Json).sessionId)).toEqual([sessionId]);
    // Another session goes on.
    expect((await files.call('session.prompt', prompt(other, 'still here'))).status).toBe(200);
    await files.host.engine.idle();

    // What ui-plan had written is kept when the file it wrote is gone from its path.
    const recovered = path.join(files.dataDir, 'recovered');
    if (reason === 'log-changed') expect(fs.existsSync(recovered)).toBe(false);
    else expect(fs.readdirSync(recovered).map((name) => fs.readFileSync(path.join(recovered, name)))).toEqual([written]);
    await files.close();
    // A restart reads the log the other program left at the path.
    expect(reload(files.dataDir).sessions.has(sessionId)).toBe(left !== undefined);
  });

  it("stops every session and refuses new ones once the data directory's lock is lost", async () => {
    const files = await start();
    const { sessionId } = await sessionWithATurn(files);
    files.storage.stopAll('another ui-plan serve (pid 99 on other) took the data directory; this one stopped writing to it');
    const refused = await files.call('session.prompt', prompt(sessionId, 'more'));
    expect(refused.status).toBe(409);
    expect(refused.result.error).toMatchObject({ code: 'log-stopped', details: { reason: 'lock-lost' } });
    expect(refused.result.error.message).toContain('another ui-plan serve (pid 99 on other) took the data directory');
    expect((await files.call('session.create', {})).status).toBe(409);
    const items = (await files.call('session.list', {})).result.value.items as Json[];
    expect(items.map((i) => [i.sessionId, i.writeStopped])).toEqual([[sessionId, 'lock-lost']]);
    expect(files.hostFrames.filter((f) => f.method === 'host/session-updated').map((f) => (f.payload as Json).sessionId)).toEqual([sessionId]);
  });
});
