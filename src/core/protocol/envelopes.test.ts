import { expect, it } from 'vitest';
import { clientRequest, clientRequestSchema } from './envelopes.ts';

it('builds the client-request envelope of the wire, which the host schema accepts', () => {
  const envelope = clientRequest('commands/execute', { args: { agentId: 's1', line: '/plan', images: [] } }, 'r-1');
  expect(envelope).toEqual({
    type: 'client-request',
    rpcId: 'r-1',
    method: 'commands/execute',
    payload: { args: { agentId: 's1', line: '/plan', images: [] } },
  });
  expect(clientRequestSchema.safeParse(envelope).success).toBe(true);
});

it('keeps the payload object as given, so the caller decides what is sent', () => {
  const payload = { sessionId: 's1' };
  expect(clientRequest('session.history', payload, 'r-2').payload).toBe(payload);
});
