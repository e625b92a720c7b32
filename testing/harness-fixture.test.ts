import { describe, expect, it } from 'vitest';
import { say } from './fake-model.ts';
import { MemoryStorage } from '../harness/storage/memory.ts';
import { createTestHarness, gate, waitFor } from './harness-fixture.ts';

describe('host fixture', () => {
  it('numbers ids from one counter that tick() also advances, the same in every run', () => {
    const counter = (id: string) => Number(/^session-00000000-0000-4000-8000-(\d{12})$/.exec(id)?.[1]);
    const plain = createTestHarness();
    const ticked = createTestHarness();
    const first = [plain.host.engine.createSession(), plain.host.engine.createSession()];
    expect(ticked.host.engine.createSession()).toBe(first[0]);
    ticked.tick();
    expect(counter(ticked.host.engine.createSession())).toBe(counter(first[1]!) + 1);
  });

  it('keeps a given MemoryStorage and lets options override the defaults', () => {
    const storage = new MemoryStorage();
    const fixture = createTestHarness([], { storage, newId: () => 'fixed' });
    expect(fixture.storage).toBe(storage);
    expect(fixture.host.engine.createSession()).toBe('session-fixed');
  });

  it('holds a gated step until release and reports when the model asked for it', async () => {
    const held = gate(() => say('late'));
    let asked = false;
    void held.opened.then(() => (asked = true));
    let answered = false;
    const step = held.step as (request: never) => Promise<unknown>;
    const answer = step({} as never).then(() => (answered = true));
    await waitFor(() => asked);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBe(false);
    held.release();
    await answer;
    expect(answered).toBe(true);
  });

  it('rejects waitFor when the condition never holds', async () => {
    await expect(waitFor(() => false)).rejects.toThrow('condition not reached');
  });
});
