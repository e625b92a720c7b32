/** The model gate: a held step waits before its first chunk until released or cancelled; an open gate changes nothing. */
import { expect, it } from 'vitest';
import { createFakeModel, say } from '../../testing/fake-model.ts';
import type { ModelChunk, ModelRequest } from '../types.ts';
import { createModelGate } from './gate.ts';

const request = (signal = new AbortController().signal): ModelRequest => ({
  sessionId: 's1',
  turn: 1,
  step: 1,
  system: '',
  sections: [],
  tools: [],
  messages: [],
  signal,
});

async function drain(stream: AsyncIterable<ModelChunk>): Promise<ModelChunk[]> {
  const chunks: ModelChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Resolves once `check` holds, checking after each turn of the event loop (bounded). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise<void>((resolve) => setImmediate(resolve));
  expect(check()).toBe(true);
}

it('passes the model through while open, names included', async () => {
  const gate = createModelGate();
  const model = gate.wrap(createFakeModel([say('hi')]));
  expect([model.provider, model.model]).toEqual(['fake', 'fake-1']);
  expect(await drain(model.stream(request()))).toEqual(say('hi'));
  expect(gate.held).toBe(false);
});

it('holds a step before its first chunk until released, counting it as waiting', async () => {
  const gate = createModelGate();
  const inner = createFakeModel([say('later')]);
  const model = gate.wrap(inner);
  gate.hold();
  gate.hold();
  let done = false;
  const chunks = drain(model.stream(request())).then((all) => ((done = true), all));
  await until(() => gate.waiting === 1);
  expect(inner.requests).toHaveLength(0);
  expect(done).toBe(false);
  gate.release();
  expect(await chunks).toEqual(say('later'));
  expect([gate.held, gate.waiting]).toEqual([false, 0]);
});

it('lets a cancelled step go at once, so a held turn can still be stopped', async () => {
  const gate = createModelGate();
  const inner = createFakeModel([say('after the cancel')]);
  const model = gate.wrap(inner);
  gate.hold();
  const controller = new AbortController();
  const chunks = drain(model.stream(request(controller.signal)));
  await until(() => gate.waiting === 1);
  controller.abort();
  expect(await chunks).toEqual(say('after the cancel'));
  expect(inner.requests).toHaveLength(1);
  expect([gate.held, gate.waiting]).toEqual([true, 0]);
});

it('keeps a step waiting when the gate is held again before it went on', async () => {
  const gate = createModelGate();
  const inner = createFakeModel([say('x')]);
  const model = gate.wrap(inner);
  gate.hold();
  const chunks = drain(model.stream(request()));
  await until(() => gate.waiting === 1);
  gate.release();
  gate.hold();
  // The released wait ends, finds the gate held again and waits anew: the model is not asked.
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  expect([inner.requests.length, gate.waiting]).toEqual([0, 1]);
  gate.release();
  expect(await chunks).toEqual(say('x'));
});
