import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMPORT_REQUEST_BODY_BYTES, MAX_REQUEST_BODY_BYTES } from '../core/protocol/methods.ts';
import { ApiError, callMethod } from './api-client.ts';
import { describeApiError } from './describe-api-error.ts';

const SESSION = 'session-fe30d464-51ec-490a-92ba-543dfc6b2e0e';

afterEach(() => vi.restoreAllMocks());

/**
 * Answer every fetch with an `ok` server-response carrying `value` (lint keeps lib from importing mocks/, so the
 * carrier is stubbed at fetch).
 * @returns the spy, whose calls are the requests sent
 */
function answerEveryCall(value: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const { rpcId } = JSON.parse(await new Response(init?.body).text()) as { rpcId: string };
    return new Response(JSON.stringify({ type: 'server-response', rpcId, result: { ok: true, value } }), { headers: { 'content-type': 'application/json' } });
  });
}

/** The error `promise` rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call resolved');
}

describe('describeApiError', () => {
  it.each<[string, unknown, string]>([
    ['a network failure', new ApiError({ code: 'network', message: 'Failed to fetch' }), "Can't reach the server; try again when it is back."],
    ['a 413 without a limit', new ApiError({ code: 'http-413', message: 'request body too large (limit 1 MiB)' }), 'That is too large to send (limit 1 MB).'],
    [
      'a 413 of the import path',
      new ApiError({ code: 'http-413', message: 'x', details: { limit: 32 * 1024 * 1024 } }),
      'That is too large to send (limit 32 MB).',
    ],
    [
      'an unreadable answer',
      new ApiError({ code: 'bad-response', message: 'unreadable answer to session.list' }),
      'The server sent an answer ui-plan could not read.',
    ],
    ['another carrier error', new ApiError({ code: 'http-502', message: 'Bad Gateway' }), 'Bad Gateway'],
    ['a host error', new ApiError({ code: 'session-not-found', message: 'session "s" not found' }), 'session "s" not found'],
    ['a feature error', new Error('Unknown command: /nope'), 'Unknown command: /nope'],
    ['a string', 'gone', 'gone'],
    ['another value', 42, '42'],
    ['an object, as JSON (not "[object Object]")', { code: 'weird' }, '{"code":"weird"}'],
    ['undefined (no reason, never the word "undefined")', undefined, 'The request failed without a reason.'],
    ['null', null, 'The request failed without a reason.'],
    ['a blank string', ' ', 'The request failed without a reason.'],
    ['an empty object', {}, 'The request failed without a reason.'],
    ['an Error without a message', new Error(''), 'The request failed without a reason.'],
    ['a function (never its source)', () => 'secret', 'The request failed without a reason.'],
  ])('words %s', (_name, error, text) => {
    expect(describeApiError(error)).toBe(text);
  });

  it('words a fetch that cannot reach the server as a network failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(callMethod('session.list', {}));
    expect(error).toMatchObject({ code: 'network' });
    expect(describeApiError(error)).toBe("Can't reach the server; try again when it is back.");
    expect(describeApiError(error, { keepsText: true })).toBe("Can't reach the server; try again when it is back. Your text is kept.");
  });

  it('words a carrier 413 with the limit of its path', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('request body too large (limit 1 MiB)', { status: 413 }));
    const error = await rejection(callMethod('session.prompt', { sessionId: SESSION, mode: 'queue', content: [{ type: 'text', text: 'hi' }] }));
    expect(error).toMatchObject({ code: 'http-413', details: { limit: MAX_REQUEST_BODY_BYTES } });
    expect(describeApiError(error)).toBe('That is too large to send (limit 1 MB).');
  });

  it.each<[string, string, number]>([
    ['ASCII', 'x', MAX_REQUEST_BODY_BYTES],
    ['three-byte characters', '计', Math.ceil(MAX_REQUEST_BODY_BYTES / 3)],
    ['four-byte characters', '😀', Math.ceil(MAX_REQUEST_BODY_BYTES / 4)],
  ])('refuses a message body over 1 MiB of %s without sending it', async (_name, unit, count) => {
    const fetchSpy = answerEveryCall({ accepted: true });
    const error = await rejection(callMethod('session.prompt', { sessionId: SESSION, mode: 'queue', content: [{ type: 'text', text: unit.repeat(count) }] }));
    expect(error).toMatchObject({ code: 'http-413', details: { limit: MAX_REQUEST_BODY_BYTES } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a message body just under 1 MiB', async () => {
    const fetchSpy = answerEveryCall({ accepted: true });
    await callMethod('session.prompt', { sessionId: SESSION, mode: 'queue', content: [{ type: 'text', text: 'x'.repeat(MAX_REQUEST_BODY_BYTES - 1024) }] });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('lets a session.import body over 1 MiB through (its limit is 32 MiB)', async () => {
    const fetchSpy = answerEveryCall({ sessionId: SESSION, skipped: [] });
    await callMethod('session.import', { jsonl: 'x'.repeat(2 * MAX_REQUEST_BODY_BYTES) });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(MAX_IMPORT_REQUEST_BODY_BYTES).toBe(32 * MAX_REQUEST_BODY_BYTES);
  });
});
