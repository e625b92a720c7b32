/** `GET /api/sessions/<id>/log.jsonl` in the MSW adapter: the same decision as the Node server (carrier/session-log-route.ts). */
import { expect, it } from 'vitest';
import { readFixture } from '../fixtures/paths.ts';

const envelope = (method: string, payload: unknown = {}) => JSON.stringify({ type: 'client-request', rpcId: 'r1', method, payload });

it('answers the stored log of an imported session as an attachment', async () => {
  const jsonl = readFixture('review', 'revisions.jsonl');
  const imported = await fetch('/api/session.import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: envelope('session.import', { jsonl }),
  });
  const { sessionId } = (await imported.json()).result.value;
  const response = await fetch(`/api/sessions/${sessionId}/log.jsonl`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${sessionId}.jsonl"`);
  const lines = (await response.text()).split('\n');
  expect(lines.at(-1)).toBe('');
  expect(lines.length - 1).toBe(jsonl.trim().split('\n').length);
  expect(JSON.parse(lines[1]!)).toEqual(JSON.parse(jsonl.split('\n')[1]!));
});

it.each([
  ['an unknown session', '/api/sessions/session-nope/log.jsonl', 404],
  ['an id that breaks the id rule', '/api/sessions/a%20b/log.jsonl', 400],
])('refuses %s', async (_name, url, status) => {
  expect((await fetch(url)).status).toBe(status);
});

it('offers the log download in host.describe', async () => {
  const response = await fetch('/api/host.describe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: envelope('host.describe') });
  expect((await response.json()).result.value.capabilities.sessionLog).toBe(true);
});
