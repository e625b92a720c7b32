import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../fixtures/paths.ts';
import { parseSessionLog } from '../../../core/log/reader.ts';
import { buildReviewHistoryExport } from '../../../core/review/export.ts';
import { foldReviewHistory } from '../../../core/review/revisions.ts';
import { chainsOf, reviewTimeOf, type ExportedRevision } from './chains.ts';

const exported = buildReviewHistoryExport({
  sessionId: 's1',
  title: 'Greeting',
  history: foldReviewHistory(parseSessionLog(readFixture('review', 'revisions.jsonl')).events),
  complete: true,
  exportedAt: 0,
});

describe('chainsOf', () => {
  it('groups the recorded revisions into their two review chains, in log order', () => {
    const groups = chainsOf(exported.revisions);
    expect(groups.map((group) => [group.chain, group.revisions.map((revision) => revision.version)])).toEqual([
      [1, [1, 2, 3, 4]],
      [2, [1, 2]],
    ]);
  });

  it('starts a new group when a chain comes back after another, and gives none for no revisions', () => {
    const [first] = exported.revisions as [ExportedRevision];
    const revisions = [first, { ...first, chain: 2 }, { ...first, chain: 1 }];
    expect(chainsOf(revisions).map((group) => group.chain)).toEqual([1, 2, 1]);
    expect(chainsOf([])).toEqual([]);
  });
});

describe('reviewTimeOf', () => {
  it('formats a logged time and gives nothing for none', () => {
    expect(reviewTimeOf('2026-11-30T12:00:00.000Z')).toMatch(/^(Nov 30|Dec 1), 2026, /);
    expect(reviewTimeOf(null)).toBeUndefined();
  });
});
