/**
 * The carrier rules on their own, without a carrier around them: the order of the `/api` route checks, the body
 * checks (size, depth, JSON), the statuses of answers and receipts, and the session-log route. Both carriers are
 * checked against one table in testing/carrier-parity.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../src/core/protocol/methods.ts';
import { MAX_IMPORT_BODY_BYTES, tooLargeText } from './limits.ts';
import {
  checkJsonBody,
  contentTypeRefusal,
  HOST_PATH,
  MAX_JSON_DEPTH,
  MUX_PATH,
  refusalHeaders,
  routeApiRequest,
  statusOfAnswer,
  statusOfReceipt,
} from './rules.ts';
import { isSessionLogPath, sessionLogAnswer } from './session-log-route.ts';

const known = (method: string): boolean => method === 'session.list' || method === 'session.import';
const head = (verb: string, pathname: string, contentType: string | null = 'application/json') => ({ verb, pathname, contentType });

describe('routeApiRequest', () => {
  it.each([
    ['a downlink path without an upgrade', head('GET', MUX_PATH, null), 426],
    ['the host stream path without an upgrade', head('POST', HOST_PATH), 426],
    ['an unknown method, before the verb', head('GET', '/api/session.nope'), 404],
    ['a percent-escaped method name', head('POST', '/api/session%2Elist'), 404],
    ['a verb other than POST, before the content type', head('GET', '/api/session.list', 'text/plain'), 405],
    ['a content type other than JSON', head('POST', '/api/session.list', 'text/plain'), 415],
    ['a missing content type', head('POST', '/api/respond', null), 415],
  ])('refuses %s', (_name, request, status) => {
    const routed = routeApiRequest(request, known);
    expect(routed.ok).toBe(false);
    if (!routed.ok) expect(routed.refusal.status).toBe(status);
  });

  it('answers a 405 with the verb it allows and a 426 with the upgrade it needs', () => {
    const notPost = routeApiRequest(head('PUT', '/api/session.list'), known);
    const downlink = routeApiRequest(head('GET', MUX_PATH), known);
    expect(!notPost.ok && refusalHeaders(notPost.refusal)).toMatchObject({ allow: 'POST', 'content-type': 'text/plain; charset=utf-8' });
    expect(!downlink.ok && downlink.refusal.headers).toEqual({ upgrade: 'websocket' });
  });

  it('routes a call and a response with the body limit of their path', () => {
    expect(routeApiRequest(head('post', '/api/session.list', 'application/json; charset=utf-8'), known)).toEqual({
      ok: true,
      route: { kind: 'call', method: 'session.list', limit: MAX_REQUEST_BODY_BYTES },
    });
    expect(routeApiRequest(head('POST', '/api/session.import'), known)).toEqual({
      ok: true,
      route: { kind: 'call', method: 'session.import', limit: MAX_IMPORT_BODY_BYTES },
    });
    expect(routeApiRequest(head('POST', '/api/respond'), known)).toEqual({ ok: true, route: { kind: 'respond', limit: MAX_REQUEST_BODY_BYTES } });
  });
});

describe('checkJsonBody', () => {
  it('counts the limit in UTF-8 bytes, not characters', () => {
    const text = JSON.stringify('é'.repeat(6));
    expect(checkJsonBody(text, text.length).ok).toBe(false);
    expect(checkJsonBody(text, new TextEncoder().encode(text).byteLength)).toEqual({ ok: true, body: 'é'.repeat(6) });
  });

  it('refuses a body over its limit with a 413 naming the limit and closing the connection', () => {
    const checked = checkJsonBody('x'.repeat(2 * 1024 * 1024 + 1), 2 * 1024 * 1024);
    expect(checked).toEqual({ ok: false, refusal: { status: 413, text: tooLargeText(2 * 1024 * 1024), headers: { connection: 'close' } } });
    expect(tooLargeText(2 * 1024 * 1024)).toBe('request body too large (limit 2 MiB)');
  });

  it.each([
    ['nested one level too deep', `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`, `limit ${MAX_JSON_DEPTH} levels`],
    ['not JSON', '{"rpcId":', 'body is not JSON'],
  ])('refuses a body %s with a 400 saying so', (_name, text, says) => {
    const checked = checkJsonBody(text, MAX_REQUEST_BODY_BYTES);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.refusal.status).toBe(400);
      expect(checked.refusal.text).toContain(says);
    }
  });

  it('accepts a body nested exactly to the limit', () => {
    const text = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(checkJsonBody(text, MAX_REQUEST_BODY_BYTES).ok).toBe(true);
  });
});

it.each([
  ['application/json', undefined],
  ['Application/JSON; charset=utf-8', undefined],
  ['application/json-patch+json', 415],
  [null, 415],
])('contentTypeRefusal(%s) is %s', (value, status) => {
  expect(contentTypeRefusal(value)?.status).toBe(status);
});

it.each([
  [{ result: { ok: true, value: {} } }, 200],
  [{ result: { ok: false, error: { code: 'bad-request' } } }, 400],
  [{ result: { ok: false, error: { code: 'session-not-found' } } }, 404],
  [{ result: { ok: false, error: { code: 'log-stopped' } } }, 409],
  [{ result: { ok: false, error: { code: 'internal' } } }, 500],
  [{ result: { ok: false, error: { code: 'something-else' } } }, 200],
  [null, 200],
])('statusOfAnswer(%j) is %i', (answer, status) => {
  expect(statusOfAnswer(answer)).toBe(status);
});

it.each([
  [{ accepted: true }, 200],
  [{ accepted: false, reason: 'bad-response' }, 400],
  [{ accepted: false, reason: 'not-pending' }, 404],
  [{ accepted: false, reason: 'could not write the session log: ENOSPC no space left on device' }, 500],
])('statusOfReceipt(%j) is %i', (receipt, status) => {
  expect(statusOfReceipt(receipt)).toBe(status);
});

describe('sessionLogAnswer', () => {
  const bytes = new TextEncoder().encode('{"type":"session"}\n');
  const readLog = (id: string): Uint8Array | undefined => (id === 'session-1' ? bytes : undefined);

  it('answers the stored bytes as an attachment, and HEAD without a body', () => {
    const answer = sessionLogAnswer(readLog, 'GET', '/api/sessions/session-1/log.jsonl');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(bytes);
    expect(answer.headers).toMatchObject({
      'content-disposition': 'attachment; filename="session-1.jsonl"',
      'content-length': String(bytes.byteLength),
      'cache-control': 'no-store',
    });
    expect(sessionLogAnswer(readLog, 'HEAD', '/api/sessions/session-1/log.jsonl')).toMatchObject({ status: 200, body: '' });
  });

  it.each([
    ['an unknown session', 'GET', '/api/sessions/session-2/log.jsonl', 404],
    ['another verb', 'POST', '/api/sessions/session-1/log.jsonl', 405],
    ['an id with a space', 'GET', '/api/sessions/a%20b/log.jsonl', 400],
    ['a broken escape', 'GET', '/api/sessions/%E0%A4%A/log.jsonl', 400],
    ['an id over 128 characters', 'GET', `/api/sessions/${'a'.repeat(129)}/log.jsonl`, 400],
    ['a path that is not the route', 'GET', '/api/sessions/session-1/log.txt', 404],
  ])('refuses %s', (_name, method, pathname, status) => {
    expect(sessionLogAnswer(readLog, method, pathname).status).toBe(status);
  });

  it('tells its path from the others', () => {
    expect(isSessionLogPath('/api/sessions/session-1/log.jsonl')).toBe(true);
    expect(isSessionLogPath('/api/sessions/a/b/log.jsonl')).toBe(false);
    expect(isSessionLogPath('/api/session.list')).toBe(false);
  });
});
