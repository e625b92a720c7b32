import { afterEach, expect, it, vi } from 'vitest';
import { ApiError, callMethod, respondToQuestion } from './api-client.ts';

afterEach(() => vi.restoreAllMocks());

/** Answer the next fetch with `status` and `body` (JSON when not a string). */
function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

it('reads the host error of an error envelope answered with 400 (ui-plan) as from a 200 (a dsh host)', async () => {
  for (const status of [200, 400]) {
    answer(status, { type: 'server-response', rpcId: 'r', result: { ok: false, error: { code: 'bad-request', message: 'sessionId: must be at most 128 characters' } } });
    const error = await callMethod('session.list', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'bad-request', message: 'sessionId: must be at most 128 characters' });
  }
});

it('reads a refused receipt answered with 404 or 400 as the receipt', async () => {
  answer(404, { accepted: false, reason: 'not-pending' });
  await expect(respondToQuestion('q1', 's1', 'cancelled')).resolves.toEqual({ accepted: false, reason: 'not-pending' });
  answer(400, { accepted: false, reason: 'bad-response', message: 'invalid response: rpcId: must be at most 128 characters' });
  await expect(respondToQuestion('q1', 's1', 'cancelled')).resolves.toMatchObject({ accepted: false, reason: 'bad-response' });
});

it('keeps a carrier error that is not an envelope as http-<status>', async () => {
  answer(415, 'content type must be application/json');
  await expect(callMethod('session.list', {})).rejects.toMatchObject({ code: 'http-415', message: 'content type must be application/json' });
  answer(400, '{"accepted":"maybe"}');
  await expect(callMethod('session.list', {})).rejects.toMatchObject({ code: 'http-400' });
});
