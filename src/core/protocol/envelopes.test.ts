import fc from 'fast-check';
import { expect, it } from 'vitest';
import { clientRequest, clientRequestSchema, isServerRequest, serverRequestSchema } from './envelopes.ts';

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

it('reads a downlink envelope without a schema exactly as serverRequestSchema does', () => {
  const field = fc.oneof(fc.string(), fc.constant('server-request'), fc.constant('session/event'), fc.anything());
  const payload = fc.oneof(fc.anything(), fc.record({ type: field }), fc.record({ type: fc.string(), sessionId: fc.string() }), fc.array(fc.anything()));
  const envelope = fc.oneof(
    fc.anything(),
    fc.record({ type: field, rpcId: field, method: field, payload }, { requiredKeys: [] }),
    fc.record({ type: fc.constant('server-request'), rpcId: fc.string(), method: fc.string(), payload }),
  );
  fc.assert(
    fc.property(envelope, (value) => isServerRequest(value) === serverRequestSchema.safeParse(value).success),
    { seed: 20261202, numRuns: 5000 },
  );
  const valid = { type: 'server-request', rpcId: 'r', method: 'session/event', payload: { type: 'session/event' } };
  expect(isServerRequest(valid)).toBe(true);
  expect(isServerRequest({ ...valid, payload: [] })).toBe(false);
  expect(isServerRequest({ ...valid, rpcId: 1 })).toBe(false);
});
