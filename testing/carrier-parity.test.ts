/**
 * One table of bad requests through both carriers: the Node server (server/http.ts, on loopback,
 * port 0) and the MSW adapter (mocks/handlers.ts, through MSW's `getResponse`, no interception) must answer each
 * with the same status, the same body and the same content type, because both call carrier/rules.ts for every
 * rule. Each carrier has its own fresh harness over MemoryStorage.
 */
import type { AddressInfo } from 'node:net';
import { getResponse, RequestHandler } from 'msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness } from '../harness/harness.ts';
import { createScriptedModel } from '../harness/models/scripted.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import type { Harness } from '../harness/types.ts';
import { createHandlers } from '../mocks/handlers.ts';
import { createUiPlanServer, type UiPlanServer } from '../server/http.ts';
import { clientRequest } from '../src/core/protocol/envelopes.ts';

const newHarness = (): Harness =>
  createHarness({ storage: new MemoryStorage(), model: createScriptedModel({ delayMs: 0 }), cwd: '/workspace', version: 'parity' });

let server: UiPlanServer;
let origin: string;
const harnesses: Harness[] = [];

beforeAll(async () => {
  const harness = newHarness();
  harnesses.push(harness);
  server = createUiPlanServer({ harness, logger: { warn: () => {}, error: () => {} } });
  await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
  await Promise.all(harnesses.map((harness) => harness.close()));
});

const JSON_TYPE = 'application/json';
const call = (method: string, payload: unknown = {}) => JSON.stringify(clientRequest(method, payload, 'r1'));
const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;

interface BadRequest {
  name: string;
  verb?: string;
  path: string;
  type?: string;
  body?: string | Blob;
}

const table: BadRequest[] = [
  { name: 'a text/plain body', path: '/api/session.list', type: 'text/plain', body: call('session.list') },
  { name: 'no content type at all', path: '/api/session.list', body: new Blob([call('session.list')]) },
  { name: 'a content type that only starts with application/json', path: '/api/session.list', type: 'application/jsonx', body: call('session.list') },
  { name: 'application/json-seq', path: '/api/session.list', type: 'application/json-seq', body: call('session.list') },
  { name: 'a text/plain respond', path: '/api/respond', type: 'text/plain', body: '{}' },
  { name: 'an unknown method', path: '/api/no.such', type: JSON_TYPE, body: call('no.such') },
  { name: 'a percent-escaped method name', path: '/api/session%2Elist', type: JSON_TYPE, body: call('session.list') },
  { name: 'an empty method name', path: '/api/', type: JSON_TYPE, body: call('') },
  { name: 'an unknown method with a wrong content type (404 before 415)', path: '/api/no.such', type: 'text/plain', body: 'x' },
  { name: 'a GET of a method', verb: 'GET', path: '/api/session.list' },
  { name: 'a PUT of a method', verb: 'PUT', path: '/api/session.list', type: JSON_TYPE, body: call('session.list') },
  { name: 'a DELETE of respond', verb: 'DELETE', path: '/api/respond' },
  { name: 'a plain GET of the mux downlink', verb: 'GET', path: '/api/events.mux' },
  { name: 'a POST to the host downlink', path: '/api/events.host', type: JSON_TYPE, body: '{}' },
  { name: 'a body over 1 MiB', path: '/api/session.list', type: JSON_TYPE, body: call('session.list', { pad: 'x'.repeat(1024 * 1024) }) },
  { name: 'a respond body over 1 MiB', path: '/api/respond', type: JSON_TYPE, body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) },
  { name: 'a body that is not JSON', path: '/api/session.list', type: JSON_TYPE, body: '{nope' },
  { name: 'an empty body', path: '/api/session.list', type: JSON_TYPE, body: '' },
  { name: 'a respond body that is not JSON', path: '/api/respond', type: JSON_TYPE, body: '[' },
  { name: 'a body nested 5,000 levels deep', path: '/api/session.list', type: JSON_TYPE, body: deep },
  { name: 'a respond body nested 5,000 levels deep', path: '/api/respond', type: JSON_TYPE, body: deep },
  { name: 'an envelope whose method does not match the path', path: '/api/session.list', type: JSON_TYPE, body: call('host.describe') },
  { name: 'an invalid payload', path: '/api/session.history', type: JSON_TYPE, body: call('session.history', { sessionId: 42 }) },
  { name: 'an unknown session', path: '/api/session.history', type: JSON_TYPE, body: call('session.history', { sessionId: 'session-none' }) },
  { name: 'a respond body that is not a client-response', path: '/api/respond', type: JSON_TYPE, body: '{"type":"nope"}' },
];

/** Status, content type and body text of an answer. */
async function facts(response: Response): Promise<{ status: number; type: string | null; body: string }> {
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

/** The MSW adapter's HTTP handlers over `harness` (its WebSocket links play no part in unary calls). */
function httpHandlersOf(harness: Harness): RequestHandler[] {
  return createHandlers(() => harness).filter((handler): handler is RequestHandler => handler instanceof RequestHandler);
}

function init(request: BadRequest): RequestInit {
  return {
    method: request.verb ?? 'POST',
    headers: request.type === undefined ? {} : { 'content-type': request.type },
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

it.each(table)('answers $name alike on the Node server and in MSW', async (request) => {
  const viaServer = await facts(await fetch(`${origin}${request.path}`, init(request)));
  const mswHarness = newHarness();
  harnesses.push(mswHarness);
  const mswResponse = await getResponse(httpHandlersOf(mswHarness), new Request(`http://mock.test${request.path}`, init(request)));
  expect(mswResponse, 'MSW let the request through unanswered').toBeDefined();
  const viaMsw = await facts(mswResponse as Response);
  expect(viaServer.status).toBeGreaterThanOrEqual(400);
  expect(viaMsw).toEqual(viaServer);
});
