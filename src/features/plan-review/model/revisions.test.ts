import { describe, expect, it } from 'vitest';
import type { PlanRevision } from '../../../core/review/history.ts';
import { revisionPairOf } from './revisions.ts';

const revision = (version: number) => ({ callId: `call-${version}`, version, chain: 1, plan: `# v${version}` }) as unknown as PlanRevision;
const CHAIN = [revision(1), revision(2), revision(3)];

describe('revisionPairOf', () => {
  it('has neither when the history does not know the plan', () => {
    expect(revisionPairOf(undefined)).toEqual({ current: undefined, previous: undefined });
  });

  it('has no previous revision for the first of a chain', () => {
    expect(revisionPairOf({ chain: CHAIN, current: 0 })).toEqual({ current: CHAIN[0], previous: undefined });
  });

  it('pairs a later revision with the one before it', () => {
    expect(revisionPairOf({ chain: CHAIN, current: 2 })).toEqual({ current: CHAIN[2], previous: CHAIN[1] });
  });
});
