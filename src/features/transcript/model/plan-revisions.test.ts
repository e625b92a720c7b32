import { expect, it } from 'vitest';
import type { ReviewHistory } from '../../../core/review/history.ts';
import { planRevisionLabelsOf } from './plan-revisions.ts';

it('labels every revision with its number and its chain’s length', () => {
  const history = {
    revisions: [
      { callId: 'a', chain: 1, version: 1 },
      { callId: 'b', chain: 1, version: 2 },
      { callId: 'c', chain: 2, version: 1 },
    ],
  } as unknown as ReviewHistory;
  expect([...planRevisionLabelsOf(history)]).toEqual([
    ['a', { version: 1, total: 2 }],
    ['b', { version: 2, total: 2 }],
    ['c', { version: 1, total: 1 }],
  ]);
});
