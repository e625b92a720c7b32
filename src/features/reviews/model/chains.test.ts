import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../fixtures/paths.ts';
import { parseSessionLog } from '../../../core/log/reader.ts';
import { buildReviewHistoryExport } from '../../../core/review/export.ts';
import { foldReviewHistory } from '../../../core/review/revisions.ts';
import { chainsOf, ownFeedbackOf, reviewTimeOf, type ExportedRevision } from './chains.ts';

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
    expect(reviewTimeOf('2026-11-30T12:00:00.000Z', 'en')).toMatch(/^(Nov 30|Dec 1), 2026, /);
    expect(reviewTimeOf('2026-11-30T12:00:00.000Z', 'zh-CN')).toMatch(/^2026年1[12]月(30|1)日 /);
    expect(reviewTimeOf(null, 'en')).toBeUndefined();
    expect(reviewTimeOf('not a time', 'zh-CN')).toBeUndefined();
  });
});

describe('ownFeedbackOf', () => {
  it('shows each piece of feedback once, as "You asked" under the revision it led to', () => {
    const kept = exported.revisions.filter((revision) => revision.outcome.kind === 'kept-planning');
    expect(kept.length).toBeGreaterThan(0);
    for (const { revisions } of chainsOf(exported.revisions)) {
      const shown = revisions.flatMap((revision, i) => [revision.prompt?.text, ownFeedbackOf(revision, revisions[i + 1])]).filter((text) => text);
      expect(new Set(shown).size).toBe(shown.length);
    }
  });

  it('keeps the feedback of the last revision, and feedback the next revision does not quote', () => {
    const [first] = exported.revisions as [ExportedRevision];
    const keptPlanning = { ...first, outcome: { kind: 'kept-planning', feedback: 'Skip the README change' } } as ExportedRevision;
    expect(ownFeedbackOf(keptPlanning, undefined)).toBe('Skip the README change');
    expect(ownFeedbackOf(keptPlanning, { ...first, prompt: { kind: 'feedback', text: 'something else' } } as ExportedRevision)).toBe('Skip the README change');
    expect(ownFeedbackOf(keptPlanning, { ...first, prompt: { kind: 'feedback', text: 'Skip the README change' } } as ExportedRevision)).toBeUndefined();
    expect(
      ownFeedbackOf(keptPlanning, { ...first, chain: first.chain + 1, prompt: { kind: 'feedback', text: 'Skip the README change' } } as ExportedRevision),
    ).toBe('Skip the README change');
    expect(ownFeedbackOf(first, undefined)).toBe(first.outcome.kind === 'kept-planning' ? first.outcome.feedback : undefined);
  });
});
