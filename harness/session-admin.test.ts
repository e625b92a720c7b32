import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures/paths.ts';
import { say } from '../testing/fake-model.ts';
import type { ReferenceHarness } from './harness.ts';
import { importMatchOf, logDigestOf, normalisedLogText } from './session-admin.ts';
import { createTestHarness } from '../testing/harness-fixture.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const fixture = (name: string) => readFileSync(fixturePath('sessions', name), 'utf8');
let rpc = 0;
async function callHost(host: ReferenceHarness, method: string, payload: unknown): Promise<Json> {
  return (await host.handleRequest(method, { type: 'client-request', rpcId: `a${++rpc}`, method, payload })).result;
}
async function value(host: ReferenceHarness, method: string, payload: unknown): Promise<Json> {
  const result = await callHost(host, method, payload);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}
const prompt = (host: ReferenceHarness, sessionId: string, text: string) =>
  value(host, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text }] });
const titles = async (host: ReferenceHarness) => ((await value(host, 'session.list', {})).items as Json[]).map((i) => i.title);

it('titles two sessions with the same first words apart by their whole first message', async () => {
  const { host } = createTestHarness([say('ok'), say('ok')]);
  const a = (await value(host, 'session.create', {})).sessionId;
  await prompt(host, a, 'add a --greeting flag to the CLI');
  await host.engine.idle();
  const b = (await value(host, 'session.create', {})).sessionId;
  await prompt(host, b, 'add a --greeting flag to the docs');
  await host.engine.idle();
  expect(await titles(host)).toEqual(['add a --greeting flag to the docs', 'add a --greeting flag to the CLI']);
});

it('titles a session from a 300,000-character message and a 10 MB imported line with the first 60 columns, and answers at once', async () => {
  const { host } = createTestHarness([say('ok')]);
  const sessionId = (await value(host, 'session.create', {})).sessionId;
  expect(await prompt(host, sessionId, 'x'.repeat(300_000))).toEqual({ accepted: true });
  await host.engine.idle();
  const header = JSON.stringify({ type: 'session', version: 0, id: 'big-line', createdAt: 1, cwd: '/w' });
  const line = JSON.stringify({
    type: 'user/message',
    seq: 0,
    time: 2,
    data: { content: [{ type: 'text', text: 'B'.repeat(10_000_000) }], source: { kind: 'user' } },
  });
  await value(host, 'session.import', { jsonl: `${header}\n${line}\n` });
  expect((await titles(host)).sort()).toEqual([`${'B'.repeat(59)}…`, `${'x'.repeat(59)}…`]);
});

it('titles an imported recording without a title event by its first message', async () => {
  const { host } = createTestHarness();
  await value(host, 'session.import', { jsonl: fixture('recorded-no-title.jsonl') });
  expect(await titles(host)).toEqual(['Rename the --verbose flag to --loud across the CLI and its…']);
});

it('keeps a draft session out of storage, the list and the host stream until its first message', async () => {
  const { host, storage, hostFrames } = createTestHarness([say('ok')]);
  const { sessionId } = await value(host, 'session.create', { draft: true });
  expect(storage.get(sessionId)).toBeUndefined();
  expect((await value(host, 'session.list', {})).items).toEqual([]);
  expect(hostFrames.filter((f) => f.method === 'host/session-added')).toEqual([]);
  expect((await value(host, 'session.history', { sessionId })).events).toEqual([]);
  await prompt(host, sessionId, 'first message');
  await host.engine.idle();
  expect(storage.get(sessionId)?.lines[0]?.type).toBe('turn/start');
  expect((await value(host, 'session.list', {})).items.map((i: Json) => [i.sessionId, i.title])).toEqual([[sessionId, 'first message']]);
  expect(hostFrames.filter((f) => f.method === 'host/session-added').map((f) => (f.payload as Json).sessionId)).toEqual([sessionId]);
});

it('stores a draft session at its first command too', async () => {
  const { host, storage } = createTestHarness();
  const { sessionId } = await value(host, 'session.create', { draft: true });
  await value(host, 'commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
  expect(storage.get(sessionId)?.lines[0]?.type).toBe('command/run');
  expect((await value(host, 'session.list', {})).items.map((i: Json) => i.title)).toEqual(['/plan']);
});

it('renames a session beside its log, leaving the log unchanged, and an empty title goes back to the derived one', async () => {
  const { host, storage } = createTestHarness([say('ok')]);
  const { sessionId } = await value(host, 'session.create', {});
  await prompt(host, sessionId, 'add a flag');
  await host.engine.idle();
  const lines = storage.get(sessionId)?.lines;
  expect(await value(host, 'session.rename', { sessionId, title: '  问候参数  ' })).toEqual({ sessionId, title: '问候参数', customTitle: '问候参数' });
  expect((await value(host, 'session.list', {})).items[0]).toMatchObject({ title: '问候参数', customTitle: '问候参数' });
  expect(storage.get(sessionId)?.lines).toEqual(lines);
  expect(storage.get(sessionId)?.meta).toEqual({ title: '问候参数' });
  expect(await value(host, 'session.rename', { sessionId, title: '   ' })).toEqual({ sessionId, title: 'add a flag' });
  expect((await value(host, 'session.list', {})).items[0].customTitle).toBeUndefined();
  expect(storage.get(sessionId)?.meta).toBeUndefined();
});

it('renames an imported read-only recording', async () => {
  const { host } = createTestHarness();
  const { sessionId } = await value(host, 'session.import', { jsonl: fixture('recorded-no-title.jsonl') });
  await value(host, 'session.rename', { sessionId, title: 'Loud flag' });
  expect(await titles(host)).toEqual(['Loud flag']);
});

it.each([
  ['a title over 200 characters', { title: 'x'.repeat(201) }, 'bad-request', 'title: must be at most 200 characters'],
  ['an unknown session', { sessionId: 'session-nope', title: 'x' }, 'session-not-found', 'session "session-nope" not found'],
])('refuses to rename with %s', async (_name, patch, code, message) => {
  const { host } = createTestHarness();
  const { sessionId } = await value(host, 'session.create', {});
  const result = await callHost(host, 'session.rename', { sessionId, ...patch });
  expect(result.ok).toBe(false);
  expect(result.error.code).toBe(code);
  expect(result.error.message).toContain(message);
});

it('deletes a session to the trash and restores it as it was, its title included', async () => {
  const { host, storage, hostFrames } = createTestHarness([say('ok')]);
  const { sessionId } = await value(host, 'session.create', {});
  await prompt(host, sessionId, 'keep me');
  await host.engine.idle();
  await value(host, 'session.rename', { sessionId, title: 'Kept' });
  const before = storage.get(sessionId);
  expect(await value(host, 'session.delete', { sessionId })).toEqual({ sessionId });
  expect((await value(host, 'session.list', {})).items).toEqual([]);
  expect(storage.get(sessionId)).toBeUndefined();
  expect((await callHost(host, 'session.history', { sessionId })).error.code).toBe('session-not-found');
  expect(hostFrames.some((f) => f.method === 'host/session-removed' && (f.payload as Json).sessionId === sessionId)).toBe(true);
  expect(await value(host, 'session.restore', { sessionId })).toEqual({ sessionId });
  expect(storage.get(sessionId)).toEqual(before);
  expect((await value(host, 'session.list', {})).items.map((i: Json) => [i.sessionId, i.title])).toEqual([[sessionId, 'Kept']]);
  expect((await callHost(host, 'session.restore', { sessionId })).error.code).toBe('bad-request');
});

it('lists the deleted sessions restore can bring back, newest first, with their titles, and not a live id or a draft', async () => {
  const { host } = createTestHarness([say('ok'), say('ok')]);
  const ids: string[] = [];
  for (const text of ['first to go', 'second to go']) {
    const { sessionId } = await value(host, 'session.create', {});
    await prompt(host, sessionId, text);
    await host.engine.idle();
    ids.push(sessionId);
  }
  const draft = (await value(host, 'session.create', { draft: true })).sessionId;
  for (const sessionId of [...ids, draft]) await value(host, 'session.delete', { sessionId });
  const { items } = await value(host, 'session.listDeleted', {});
  expect(items.map((i: Json) => [i.sessionId, i.title])).toEqual([
    [ids[1], 'second to go'],
    [ids[0], 'first to go'],
  ]);
  expect(items[0].deletedAt).toBeGreaterThanOrEqual(items[1].deletedAt);
  // Created again under its id, a deleted session is live: restore would refuse it, so it is not listed.
  await value(host, 'session.create', { sessionId: ids[0] });
  expect((await value(host, 'session.listDeleted', {})).items.map((i: Json) => i.sessionId)).toEqual([ids[1]]);
});

it('opens the same log twice as one session, and the same id with other content as a labelled copy', async () => {
  const { host } = createTestHarness();
  const first = await value(host, 'session.import', { jsonl: fixture('recorded-no-title.jsonl') });
  const again = await value(host, 'session.import', { jsonl: fixture('recorded-no-title.jsonl').replace(/\n/g, '\r\n') });
  expect(again).toMatchObject({ sessionId: first.sessionId, existing: true });
  const edited = await value(host, 'session.import', { jsonl: fixture('recorded-no-title-edited.jsonl') });
  expect(edited.sessionId).not.toBe(first.sessionId);
  expect(edited.copy).toBe(true);
  const items = (await value(host, 'session.list', {})).items as Json[];
  expect(items).toHaveLength(2);
  expect(items.find((i) => i.sessionId === edited.sessionId)?.title).toBe('Rename the --quiet flag to --silent across the CLI and its… (copy)');
  expect((await value(host, 'session.import', { jsonl: fixture('recorded-no-title-edited.jsonl') })).sessionId).toBe(edited.sessionId);
});

it('opens a deleted log again as a new session, not the trashed one', async () => {
  const { host } = createTestHarness();
  const first = await value(host, 'session.import', { jsonl: fixture('recorded-no-title.jsonl') });
  await value(host, 'session.delete', { sessionId: first.sessionId });
  const again = await value(host, 'session.import', { jsonl: fixture('recorded-no-title.jsonl') });
  expect(again.sessionId).not.toBe(first.sessionId);
  expect(again.existing).toBeUndefined();
});

it('digests the normalised text, so a BOM, CRLF and trailing blank lines do not make another log', async () => {
  const text = fixture('recorded-no-title.jsonl');
  expect(normalisedLogText(`\uFEFF${text.replace(/\n/g, '\r\n')}\n\n`)).toBe(text.trimEnd());
  expect(await logDigestOf(`\uFEFF${text}\n`)).toBe(await logDigestOf(text));
  expect(await logDigestOf(fixture('recorded-no-title-edited.jsonl'))).not.toBe(await logDigestOf(text));
  expect(importMatchOf([{ sessionId: 's', draft: false, meta: { importedFrom: { digest: 'd' } } }], undefined, 'e')).toEqual({});
});

describe('draft sessions nobody uses', () => {
  const MINUTE = 60_000;
  /** A harness whose clock the test moves. */
  function clockedHost() {
    const clock = { now: 1_800_000_000_000 };
    let n = 0;
    const test = createTestHarness([say('ok')], { now: () => clock.now, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` });
    return { ...test, clock };
  }
  const exists = async (host: ReferenceHarness, sessionId: string) => (await callHost(host, 'session.history', { sessionId })).ok as boolean;

  it('frees a draft unused for 10 minutes; a use keeps it, and a stored session is never freed', async () => {
    const { host, clock } = clockedHost();
    const idle = (await value(host, 'session.create', { draft: true })).sessionId;
    const used = (await value(host, 'session.create', { draft: true })).sessionId;
    const stored = (await value(host, 'session.create', { draft: true })).sessionId;
    await prompt(host, stored, 'first message');
    await host.engine.idle();
    clock.now += 9 * MINUTE;
    expect(await exists(host, used)).toBe(true);
    clock.now += 9 * MINUTE;
    await value(host, 'session.list', {});
    expect(host.engine.log(idle)).toBeUndefined();
    expect((await callHost(host, 'session.history', { sessionId: idle })).error.code).toBe('session-not-found');
    expect(await exists(host, used)).toBe(true);
    clock.now += 10 * MINUTE + 1;
    await value(host, 'session.create', { draft: true });
    expect(host.engine.log(used)).toBeUndefined();
    expect(await exists(host, stored)).toBe(true);
    expect((await value(host, 'session.list', {})).items.map((i: Json) => i.sessionId)).toEqual([stored]);
  });

  it('keeps at most 1,000 drafts, freeing the least recently used first', async () => {
    const { host, clock } = clockedHost();
    const ids: string[] = [];
    for (let i = 0; i < 1_000; i++) {
      ids.push((await value(host, 'session.create', { draft: true })).sessionId);
      clock.now += 1;
    }
    expect(await exists(host, ids[0]!)).toBe(true); // used now: the second one is the least recently used
    const newest = (await value(host, 'session.create', { draft: true })).sessionId;
    expect(host.engine.log(ids[1]!)).toBeUndefined();
    expect([ids[0]!, ...ids.slice(2), newest].every((id) => host.engine.log(id) !== undefined)).toBe(true);
  });

  it('lets a draft be created again under its id once it was freed', async () => {
    const { host, clock } = clockedHost();
    const { sessionId } = await value(host, 'session.create', { draft: true });
    clock.now += 11 * MINUTE;
    await value(host, 'session.list', {});
    expect(host.engine.log(sessionId)).toBeUndefined();
    expect(await value(host, 'session.create', { draft: true, sessionId })).toEqual({ sessionId });
    expect(await prompt(host, sessionId, 'after lunch')).toEqual({ accepted: true });
  });
});
