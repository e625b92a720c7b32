/** One model provider per session, made on first use; the names host.describe reports. */
import { expect, it } from 'vitest';
import type { ModelProvider } from '../types.ts';
import { createModelTable } from './models.ts';

const provider = (model: string): ModelProvider => ({ provider: 'fake', model, stream: async function* () {} });

it('makes a session its provider once, and again after it was forgotten', () => {
  const made: string[] = [];
  const table = createModelTable((sessionId) => {
    made.push(sessionId);
    return provider(`m-${sessionId}`);
  });
  expect(table.modelFor('s1')).toBe(table.modelFor('s1'));
  table.modelFor('s2');
  table.forget('s1');
  table.modelFor('s1');
  expect(made).toEqual(['s1', 's2', 's1']);
});

it('describes the first provider made, or asks the factory once when none is made yet', () => {
  const asked: string[] = [];
  const table = createModelTable((sessionId) => {
    asked.push(sessionId);
    return provider(`m-${sessionId}`);
  });
  expect(table.describe()).toEqual({ provider: 'fake', model: 'm-host.describe' });
  table.modelFor('s1');
  expect(table.describe()).toEqual({ provider: 'fake', model: 'm-host.describe' });
  expect(asked).toEqual(['host.describe', 's1']);
  const later = createModelTable((sessionId) => provider(`m-${sessionId}`));
  later.modelFor('s7');
  expect(later.describe()).toEqual({ provider: 'fake', model: 'm-s7' });
  const shared = provider('one');
  const single = createModelTable(shared);
  expect(single.modelFor('a')).toBe(shared);
  expect(single.describe()).toEqual({ provider: 'fake', model: 'one' });
});
