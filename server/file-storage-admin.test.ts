/**
 * FileStorage beside the log: a person's title and an import's origin in `<id>.meta.json`, delete
 * to `<dataDir>/trash/` and restore, every log byte-identical throughout, across restarts of the harness.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { fixturePath } from '../fixtures/paths.ts';
import { createHarness } from '../harness/harness.ts';
import { createFakeModel } from '../testing/fake-model.ts';
import { FileStorage } from './file-storage.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-admin-'));
  dirs.push(dir);
  return dir;
}
function hostOver(dir: string) {
  const storage = new FileStorage({ dataDir: dir, logger: { warn: () => {} } });
  const host = createHarness({ storage, model: createFakeModel([]), cwd: '/w', logger: { warn: () => {} } });
  let n = 0;
  const value = async (method: string, payload: unknown) => {
    const result = (await host.handleRequest(method, { type: 'client-request', rpcId: `f${++n}`, method, payload })).result;
    if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
    return result.value as Record<string, unknown> & { sessionId: string };
  };
  return { storage, host, value };
}
const recording = () => fs.readFileSync(fixturePath('sessions', 'recorded-no-title.jsonl'), 'utf8');

it('keeps a rename in a meta file beside the log, the log byte-identical, and lists it after a restart', async () => {
  const dir = dataDir();
  const first = hostOver(dir);
  const { sessionId } = await first.value('session.import', { jsonl: recording() });
  const log = first.storage.fileOf(sessionId);
  const bytes = fs.readFileSync(log);
  await first.value('session.rename', { sessionId, title: 'Loud flag' });
  expect(fs.readFileSync(log)).toEqual(bytes);
  expect(JSON.parse(fs.readFileSync(first.storage.metaFileOf(sessionId), 'utf8'))).toMatchObject({ title: 'Loud flag' });
  expect(fs.readdirSync(path.dirname(log)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  await first.host.close();
  first.storage.close();

  const second = hostOver(dir);
  const items = (await second.value('session.list', {})).items as { sessionId: string; title: string }[];
  expect(items.map((i) => [i.sessionId, i.title])).toEqual([[sessionId, 'Loud flag']]);
  // The import's origin survives the restart too: the same log opens the same session.
  expect((await second.value('session.import', { jsonl: recording() })).sessionId).toBe(sessionId);
  await second.host.close();
});

it('moves a deleted session to the trash, keeps it out after a restart, and restores it byte-identical', async () => {
  const dir = dataDir();
  const first = hostOver(dir);
  const { sessionId } = await first.value('session.import', { jsonl: recording() });
  await first.value('session.rename', { sessionId, title: 'Kept' });
  const log = first.storage.fileOf(sessionId);
  const bytes = fs.readFileSync(log);
  await first.value('session.delete', { sessionId });
  expect(fs.existsSync(log)).toBe(false);
  expect(fs.readdirSync(path.join(dir, 'trash')).sort()).toEqual([`${sessionId}~1.deleted.json`, `${sessionId}~1.jsonl`, `${sessionId}~1.meta.json`]);
  await first.host.close();
  first.storage.close();

  const second = hostOver(dir);
  expect((await second.value('session.list', {})).items).toEqual([]);
  await second.value('session.restore', { sessionId });
  expect(fs.readFileSync(log)).toEqual(bytes);
  expect(((await second.value('session.list', {})).items as { title: string }[]).map((i) => i.title)).toEqual(['Kept']);
  await second.host.close();
});

it('stores no file for a draft session until its first command', async () => {
  const dir = dataDir();
  const { storage, host, value } = hostOver(dir);
  const { sessionId } = await value('session.create', { draft: true });
  expect(fs.existsSync(storage.fileOf(sessionId))).toBe(false);
  await value('commands/execute', { args: { agentId: sessionId, line: '/plan', images: [] } });
  expect(fs.readFileSync(storage.fileOf(sessionId), 'utf8').split('\n')[1]).toContain('"type":"command/run"');
  await host.close();
});

it('keeps every deleted log in the trash: delete, re-create the same id, delete again; restore brings back the last one', async () => {
  const dir = dataDir();
  const first = hostOver(dir);
  const sessionId = 'session-reused';
  const logs: Buffer[] = [];
  for (const [title, line] of [
    ['first life', '/plan'],
    ['second life', '/plan off'],
  ] as const) {
    await first.value('session.create', { sessionId });
    await first.value('commands/execute', { args: { agentId: sessionId, line, images: [] } });
    await first.value('session.rename', { sessionId, title });
    logs.push(fs.readFileSync(first.storage.fileOf(sessionId)));
    await first.value('session.delete', { sessionId });
  }
  const trashed = () =>
    fs
      .readdirSync(path.join(dir, 'trash'))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => fs.readFileSync(path.join(dir, 'trash', name)));
  expect(trashed().sort(Buffer.compare)).toEqual([...logs].sort(Buffer.compare));
  await first.host.close();
  first.storage.close();

  // After a restart too, restore picks the log deleted last (an Undo restores what was just deleted).
  const second = hostOver(dir);
  await second.value('session.restore', { sessionId });
  expect(fs.readFileSync(second.storage.fileOf(sessionId))).toEqual(logs[1]);
  expect(((await second.value('session.list', {})).items as { title: string }[]).map((i) => i.title)).toEqual(['second life']);
  expect(trashed()).toEqual([logs[0]]);
  // Deleted again: both lives are in the trash, and restore brings back the same one.
  await second.value('session.delete', { sessionId });
  expect(trashed().sort(Buffer.compare)).toEqual([...logs].sort(Buffer.compare));
  await second.value('session.restore', { sessionId });
  expect(fs.readFileSync(second.storage.fileOf(sessionId))).toEqual(logs[1]);
  await second.host.close();
  second.storage.close();
});

it('lists the deleted sessions restore can bring back, with their titles, across a restart, and drops a restored one', async () => {
  const dir = dataDir();
  const first = hostOver(dir);
  const { sessionId } = await first.value('session.import', { jsonl: recording() });
  await first.value('session.rename', { sessionId, title: 'Loud flag' });
  await first.value('session.delete', { sessionId });
  const listed = (await first.value('session.listDeleted', {})).items as { sessionId: string; title: string | null; deletedAt: number }[];
  expect(listed).toEqual([{ sessionId, title: 'Loud flag', deletedAt: expect.any(Number) }]);
  await first.host.close();
  first.storage.close();

  const second = hostOver(dir);
  expect((await second.value('session.listDeleted', {})).items).toEqual(listed);
  await second.value('session.restore', { sessionId });
  expect((await second.value('session.listDeleted', {})).items).toEqual([]);
  expect(fs.readdirSync(second.storage.trashDir)).toEqual([]);
  await second.host.close();
});

it('lists a log trashed without a note by its id, with no title and the time it was moved', async () => {
  const dir = dataDir();
  fs.mkdirSync(path.join(dir, 'trash'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'trash', 'old-session.jsonl'), recording());
  fs.writeFileSync(path.join(dir, 'trash', 'twice~1.jsonl'), recording());
  fs.writeFileSync(path.join(dir, 'trash', 'twice~2.jsonl'), recording());
  fs.writeFileSync(path.join(dir, 'trash', 'twice~2.deleted.json'), '{"title":"Second","deletedAt":5}\n');
  const { host, value } = hostOver(dir);
  const items = (await value('session.listDeleted', {})).items as { sessionId: string; title: string | null; deletedAt: number }[];
  expect(items.map((item) => [item.sessionId, item.title])).toEqual([
    ['old-session', null],
    ['twice', 'Second'],
  ]);
  await host.close();
});
