/** Carrier checks of the MSW adapter, matching the Node server's (docs/protocol.md "Unary calls", "Downlink"). */
import { getResponse, RequestHandler } from 'msw';
import { expect, it } from 'vitest';
import { readRecordingFixture } from '../fixtures/paths.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';
import { createHandlers } from './handlers.ts';
import { createMockHarness } from './harness.ts';

const envelope = (method: string, payload: unknown = {}) => JSON.stringify(clientRequest(method, payload, 'r1'));

it.each([
  { name: 'a wrong content type is 415', path: '/api/host.describe', type: 'text/plain', body: envelope('host.describe'), status: 415 },
  { name: 'a body that is not JSON is 400', path: '/api/host.describe', type: 'application/json', body: '{nope', status: 400 },
  { name: 'an unknown method is 404', path: '/api/no.such', type: 'application/json', body: envelope('no.such'), status: 404 },
  {
    name: 'a body over 1 MiB is 413',
    path: '/api/session.list',
    type: 'application/json',
    body: envelope('session.list', { pad: 'x'.repeat(1024 * 1024) }),
    status: 413,
  },
  {
    name: 'a session.import body over 32 MiB is 413',
    path: '/api/session.import',
    type: 'application/json',
    body: envelope('session.import', { jsonl: 'x'.repeat(32 * 1024 * 1024) }),
    status: 413,
  },
  { name: 'a well-formed call is 200', path: '/api/host.describe', type: 'application/json', body: envelope('host.describe'), status: 200 },
  { name: 'a respond body that is not JSON is 400', path: '/api/respond', type: 'application/json', body: '[', status: 400 },
])('$name', async ({ path, type, body, status }) => {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': type }, body });
  expect(response.status).toBe(status);
});

const DEEP = 'body is nested too deeply (limit 64 levels of arrays and objects)';

it.each([
  { name: 'a body nested 5,000 levels deep', path: '/api/session.list', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  {
    name: 'a payload nested 5,000 levels deep',
    path: '/api/session.list',
    body: envelope('session.list', { deep: 'PLACE' }).replace('"PLACE"', `${'['.repeat(5000)}${']'.repeat(5000)}`),
  },
  { name: 'a respond body nested 5,000 levels deep', path: '/api/respond', body: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
  { name: 'an import body nested 65 levels deep', path: '/api/session.import', body: `${'['.repeat(65)}${']'.repeat(65)}` },
])('answers $name with 400 naming the nesting limit', async ({ path, body }) => {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  expect(response.status).toBe(400);
  expect(await response.text()).toBe(DEEP);
});

it('imports a recorded log over 1 MiB (a session.import body may reach 32 MiB)', async () => {
  const lines = readRecordingFixture('plan-review').trimEnd().split('\n');
  const [header, ...events] = lines;
  let jsonl = `${header}\n`;
  while (jsonl.length < 2_200_000) jsonl += `${events.join('\n')}\n`;
  const response = await fetch('/api/session.import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: envelope('session.import', { jsonl }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { ok: boolean; value?: { sessionId: string } } };
  expect(body.result.ok).toBe(true);
  expect(body.result.value?.sessionId).toMatch(/^session-/);
});

it('answers a method whose path has a slash', async () => {
  const created = await (
    await fetch('/api/session.create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: envelope('session.create') })
  ).json();
  const sessionId = (created as { result: { value: { sessionId: string } } }).result.value.sessionId;
  const response = await fetch('/api/commands/list', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: envelope('commands/list', { args: { agentId: sessionId } }),
  });
  const body = (await response.json()) as { result: { ok: boolean; value: { name: string }[] } };
  expect(body.result.value.map((c) => c.name)).toContain('plan');
});

it('closes a downlink with 1008 when the client sends on it', async () => {
  const socket = new WebSocket(new URL('/api/events.host', location.href).toString().replace(/^http/, 'ws'));
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code), { once: true }));
  socket.send('hello');
  expect(await closed).toBe(1008);
});

it.each([
  '/src/features/plan-review/api/answer-review.ts',
  '/src/features/questions/api/answer-questions.ts?import',
  '/assets/api/x.js',
  '/node_modules/.vite/deps/api/sessions/1/log.jsonl',
])('lets %s through to the dev server: only a path that starts with /api/ is the harness', async (path) => {
  const { getHarness } = createMockHarness({ delayMs: 0 });
  const handlers = createHandlers(getHarness).filter((handler): handler is RequestHandler => handler instanceof RequestHandler);
  const response = await getResponse(handlers, new Request(`http://mock.test${path}`));
  expect(response === undefined || response.headers.get('x-msw-intention') === 'passthrough').toBe(true);
  const api = await getResponse(handlers, new Request('http://mock.test/api/host.describe', { method: 'GET' }));
  expect(api?.status).toBe(405);
});
