/** The control port of the held end-to-end server: hold, release and the gate's state over loopback HTTP. */
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createModelGate } from '../harness/models/gate.ts';
import { createGateControl } from './held-serve.ts';

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

it('holds and releases the gate and reports its state, and answers 404 to anything else', async () => {
  const gate = createModelGate();
  const control = createGateControl(gate);
  servers.push(control);
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  const state = async () => (await fetch(`${base}/state`)).json();
  expect(await state()).toEqual({ held: false, waiting: 0 });
  expect((await fetch(`${base}/hold`, { method: 'POST' })).status).toBe(204);
  expect(gate.held).toBe(true);
  expect(await state()).toEqual({ held: true, waiting: 0 });
  expect((await fetch(`${base}/release`, { method: 'POST' })).status).toBe(204);
  expect(gate.held).toBe(false);
  expect((await fetch(`${base}/hold`)).status).toBe(404);
  expect((await fetch(`${base}/other`, { method: 'POST' })).status).toBe(404);
});
