/** `POST /api/sessions/import.jsonl` in the MSW adapter: the same route and engine as the Node server (carrier/import-stream-route.ts). */
import { expect, it } from 'vitest';
import { readFixture, readRecordingFixture } from '../fixtures/paths.ts';
import { resetMockHarness } from './node.ts';

const streamed = (body: BodyInit, contentType = 'application/jsonl') =>
  fetch('/api/sessions/import.jsonl', { method: 'POST', headers: { 'content-type': contentType }, body });

const oneShot = (jsonl: string) =>
  fetch('/api/session.import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'client-request', rpcId: 'r1', method: 'session.import', payload: { jsonl } }),
  });

/** The stored log with its session id written as `<id>` (each harness mints its own). */
async function storedLog(sessionId: string): Promise<string> {
  return (await (await fetch(`/api/sessions/${sessionId}/log.jsonl`)).text()).replaceAll(sessionId, '<id>');
}

it.each([
  ['the question-composer recording', readRecordingFixture('question-composer')],
  ['a log with malformed lines and a torn last line', readFixture('trust', 'mixed-events.jsonl') + 'not json\n{"type":"user/message","data":{"content":[{"ty'],
])('opens %s as the one-shot import does', async (_name, text) => {
  const one = (await (await oneShot(text)).json()).result;
  const logOne = await storedLog(one.value.sessionId);
  resetMockHarness();
  const res = await streamed(new Blob([text]));
  expect(res.status).toBe(200);
  const two = (await res.json()).result;
  expect({ ...two.value, sessionId: '' }).toEqual({ ...one.value, sessionId: '' });
  expect(await storedLog(two.value.sessionId)).toBe(logOne);
});

it('refuses a log over 16 MB with 413 naming the limit', async () => {
  const line = `{"type":"user/message","data":{"content":[{"type":"text","text":"${'x'.repeat(4000)}"}]}}\n`;
  const res = await streamed(new Blob(Array.from({ length: 4300 }, () => line)));
  expect(res.status).toBe(413);
  expect((await res.json()).result.error.message).toBe('the log is too large to open: over 16777216 characters (the limit is 16 MB)');
});

it.each([
  ['another verb', 'PUT', 'application/jsonl', 405],
  ['a JSON body', 'POST', 'application/json', 415],
])('refuses %s', async (_name, method, contentType, status) => {
  const res = await fetch('/api/sessions/import.jsonl', { method, headers: { 'content-type': contentType }, body: 'x' });
  expect(res.status).toBe(status);
});

it('declares the route in host.describe', async () => {
  const response = await fetch('/api/host.describe', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'client-request', rpcId: 'r1', method: 'host.describe', payload: {} }),
  });
  expect((await response.json()).result.value.capabilities.importStream).toBe(true);
});
