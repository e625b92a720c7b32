/**
 * Every identifier a client sends is bounded (src/core/protocol/ids.ts): an over-long or odd id is `bad-request`
 * whose message names the field and the limit, and an `internal` answer never carries the error's own text.
 * The same rules over the real server on loopback are in server/robustness.test.ts.
 */
import { expect, it } from 'vitest';
import { MAX_ID_CHARS } from '../src/core/protocol/ids.ts';
import { INTERNAL_ERROR_MESSAGE } from './harness.ts';
import { MemoryStorage } from './storage/memory.ts';
import { createTestHarness } from '../testing/harness-fixture.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const LONG = 'x'.repeat(5000);
const request = (method: string, payload: unknown, rpcId = 'r1') => clientRequest(method, payload, rpcId);

it.each([
  { method: 'session.create', payload: { sessionId: `session-${LONG}` }, field: 'sessionId' },
  { method: 'session.history', payload: { sessionId: LONG }, field: 'sessionId' },
  { method: 'session.prompt', payload: { sessionId: LONG, mode: 'queue', content: [{ type: 'text', text: 'hi' }] }, field: 'sessionId' },
  { method: 'session.cancel', payload: { sessionId: LONG }, field: 'sessionId' },
  { method: 'session.planMode', payload: { sessionId: LONG }, field: 'sessionId' },
  { method: 'session.setPlanMode', payload: { sessionId: LONG, active: true }, field: 'sessionId' },
  { method: 'session.modes', payload: { sessionId: LONG }, field: 'sessionId' },
  { method: 'session.setMode', payload: { sessionId: 'session-1', mode: LONG }, field: 'mode' },
  { method: 'session.list', payload: { cursor: LONG }, field: 'cursor' },
  { method: 'commands/list', payload: { args: { agentId: LONG } }, field: 'args.agentId' },
  { method: 'commands/execute', payload: { args: { agentId: LONG, line: '/plan', images: [] } }, field: 'args.agentId' },
])('answers a 5,000-character $field in $method with bad-request naming the field and the limit', async ({ method, payload, field }) => {
  const { host } = createTestHarness();
  const response = await host.handleRequest(method, request(method, payload));
  expect(response.result).toMatchObject({
    ok: false,
    error: { code: 'bad-request', message: `invalid payload for "${method}": ${field}: must be at most ${MAX_ID_CHARS} characters` },
  });
});

it.each([
  { name: 'a slash', id: 'session-../../etc' },
  { name: 'a NUL', id: 'session-a\u0000b' },
  { name: 'a space', id: 'session a' },
  { name: 'an empty id', id: '' },
])('answers a session id with $name with bad-request, never session-not-found or internal', async ({ id }) => {
  const { host } = createTestHarness();
  const response = await host.handleRequest('session.history', request('session.history', { sessionId: id }));
  expect(response.result).toMatchObject({
    ok: false,
    error: { code: 'bad-request', message: expect.stringMatching(/^invalid payload for "session.history": sessionId: /) as string },
  });
});

it('does not echo an over-long rpcId and names its limit', async () => {
  const { host } = createTestHarness();
  const response = await host.handleRequest('session.list', request('session.list', {}, LONG));
  expect(response.rpcId).toBe('invalid-request');
  expect(response.result).toMatchObject({
    ok: false,
    error: { code: 'bad-request', message: `invalid client-request message: rpcId: must be at most ${MAX_ID_CHARS} characters` },
  });
});

it('answers a crash inside a handler with a generic internal message and logs the detail', async () => {
  const { host, warnings } = createTestHarness([], {
    model: () => {
      throw new Error("ENOENT: no such file or directory, open '/srv/ui-plan/models/secret.json'");
    },
  });
  const response = await host.handleRequest('host.describe', request('host.describe', {}));
  expect(response.result).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE, details: {} } });
  expect(JSON.stringify(response)).not.toContain('/srv/ui-plan');
  expect(warnings.join('\n')).toContain('host.describe crashed');
});

it('answers a storage failure with its cause and never the path it quoted', async () => {
  class FailingStorage extends MemoryStorage {
    override create(): void {
      throw Object.assign(new Error("ENAMETOOLONG: name too long, open '/srv/ui-plan/.data/sessions/session-x.jsonl'"), { code: 'ENAMETOOLONG' });
    }
  }
  const { host } = createTestHarness([], { storage: new FailingStorage() });
  const response = await host.handleRequest('session.create', request('session.create', {}));
  expect(response.result).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringContaining('ENAMETOOLONG') as string } });
  expect(JSON.stringify(response)).not.toContain('/srv/ui-plan');
});
