/**
 * `GET /api/sessions/<id>/log.jsonl` against the real carrier on loopback: the stored file byte for
 * byte as an attachment, behind the trust fence, the id checked, 404 for an unknown session.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';
import { createHarness } from '../harness/harness.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { FileStorage } from './file-storage.ts';
import { createUiPlanServer } from './http.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function start() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-plan-log-route-'));
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const storage = new FileStorage({ dataDir, logger: { warn() {} } });
  const host = createHarness({ storage, model: createScriptedModel({ delayMs: 0 }), cwd: '/workspace', logger: { warn() {} } });
  const carrier = createUiPlanServer({ harness: host, logger: { warn() {}, error() {} } });
  await new Promise<void>((resolve) => carrier.server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => host.close());
  cleanup.push(() => carrier.close());
  const base = `http://127.0.0.1:${(carrier.server.address() as AddressInfo).port}`;
  const rpc = async (method: string, payload: unknown) => {
    const res = await fetch(`${base}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'client-request', rpcId: 'r1', method, payload }),
    });
    return (await res.json()).result.value;
  };
  return { base, rpc, dataDir, storage };
}

describe('session log route', () => {
  it('answers the stored file byte for byte as an attachment', async () => {
    const { base, rpc, dataDir } = await start();
    // A log with non-ASCII text and a recorded key order the server must not re-serialise.
    const { sessionId } = await rpc('session.import', {
      jsonl:
        readFixture('review', 'revisions.jsonl') + '{"type":"user/message","data":{"content":[{"type":"text","text":"计划 ✓"}],"source":{"kind":"user"}}}\n',
    });
    const res = await fetch(`${base}/api/sessions/${sessionId}/log.jsonl`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${sessionId}.jsonl"`);
    expect(res.headers.get('content-type')).toBe('application/jsonl; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(dataDir, 'sessions', `${sessionId}.jsonl`)))).toBe(true);
  });

  it.each([
    ['an unknown session', '/api/sessions/session-nope/log.jsonl', 404],
    ['an id with a slash escape', '/api/sessions/a%2Fb/log.jsonl', 400],
    ['an id over 128 characters', `/api/sessions/${'a'.repeat(129)}/log.jsonl`, 400],
    ['a dot-dot id', '/api/sessions/../log.jsonl', 404],
    ['a bad escape', '/api/sessions/%E0%A4%A/log.jsonl', 400],
  ])('refuses %s', async (_name, url, status) => {
    const { base } = await start();
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('refuses another verb with 405', async () => {
    const { base, rpc } = await start();
    const { sessionId } = await rpc('session.create', {});
    const res = await fetch(`${base}/api/sessions/${sessionId}/log.jsonl`, { method: 'DELETE' });
    expect(res.status).toBe(405);
  });

  it('is behind the trust fence', async () => {
    const { base, rpc } = await start();
    const { sessionId } = await rpc('session.create', {});
    const res = await fetch(`${base}/api/sessions/${sessionId}/log.jsonl`, { headers: { origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
  });
});
