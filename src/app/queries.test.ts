/**
 * The queryOptions factories of the app's reads (src/lib/queries.ts and each feature's `api/`): each read calls its
 * method with the session's id, and every per-session read sits under the session's key prefix, so one invalidation
 * refreshes them all.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandListQueryOptions } from '../features/composer/api/commands.ts';
import { hostDescribeQueryOptions, hostKeys, sessionKeys, sessionListQueryOptions, sessionModesQueryOptions } from '../lib/queries.ts';

const SESSION = 'session-fe30d464-51ec-490a-92ba-543dfc6b2e0e';

afterEach(() => vi.restoreAllMocks());

/** Answer every fetch with `value` and record the request bodies. */
function answerAll(value: unknown): Array<{ method: string; payload: unknown }> {
  const bodies: Array<{ method: string; payload: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    const body = JSON.parse(await new Response(init?.body).text()) as { rpcId: string; method: string; payload: unknown };
    bodies.push({ method: body.method, payload: body.payload });
    return new Response(JSON.stringify({ type: 'server-response', rpcId: body.rpcId, result: { ok: true, value } }), { status: 200 });
  });
  return bodies;
}

describe('queryOptions factories', () => {
  it('reads commands/list for the session', async () => {
    const commands = [{ name: 'plan', description: 'Enter or leave plan mode' }];
    const bodies = answerAll(commands);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(commandListQueryOptions(SESSION))).resolves.toEqual(commands);
    expect(bodies).toEqual([{ method: 'commands/list', payload: { args: { agentId: SESSION } } }]);
  });

  it('reads session.modes for the session', async () => {
    const modes = { modes: ['default', 'plan'], current: 'default' };
    const bodies = answerAll(modes);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(sessionModesQueryOptions(SESSION))).resolves.toEqual(modes);
    expect(bodies).toEqual([{ method: 'session.modes', payload: { sessionId: SESSION } }]);
  });

  it('keys every per-session read under the session, apart from other sessions and the host reads', () => {
    const keys: ReadonlyArray<readonly unknown[]> = [commandListQueryOptions(SESSION).queryKey, sessionModesQueryOptions(SESSION).queryKey];
    for (const key of keys) expect(key.slice(0, 2)).toEqual(sessionKeys.all(SESSION));
    expect(commandListQueryOptions('other').queryKey).not.toEqual(keys[0]);
    for (const key of [hostDescribeQueryOptions().queryKey, sessionListQueryOptions().queryKey]) expect(key[0]).toBe(hostKeys.all[0]);
  });

  it('refetches both per-session reads on one invalidation of the session prefix', async () => {
    const bodies: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      const body = JSON.parse(await new Response(init?.body).text()) as { rpcId: string; method: string };
      bodies.push(body.method);
      const value = body.method === 'commands/list' ? [] : { modes: ['default'], current: 'default' };
      return new Response(JSON.stringify({ type: 'server-response', rpcId: body.rpcId, result: { ok: true, value } }), { status: 200 });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.fetchQuery(commandListQueryOptions(SESSION));
    await client.fetchQuery(sessionModesQueryOptions(SESSION));
    expect(bodies).toEqual(['commands/list', 'session.modes']);
    await client.invalidateQueries({ queryKey: sessionKeys.all(SESSION), refetchType: 'all' });
    expect(bodies.sort()).toEqual(['commands/list', 'commands/list', 'session.modes', 'session.modes']);
  });
});
