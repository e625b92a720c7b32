import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../../fixtures/paths.ts';
import { parseSessionLog } from '../../../core/log/reader.ts';
import { buildReviewHistoryExport } from '../../../core/review/export.ts';
import { foldReviewHistory } from '../../../core/review/revisions.ts';
import { chainsOf, feedbackSentOf, promptShownOf, reviewTimeOf, type ExportedRevision } from './chains.ts';

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

describe('feedbackSentOf and promptShownOf', () => {
  it('shows each piece of feedback once, under the revision whose Keep planning sent it; the next one names that revision', () => {
    let named = 0;
    for (const { revisions } of chainsOf(exported.revisions)) {
      const quoted = revisions.flatMap((revision, i) => {
        const prompt = promptShownOf(revision, revisions[i - 1]);
        if (prompt?.kind === 'revised-after') {
          named += 1;
          expect(prompt.version).toBe(revisions[i - 1]!.version);
          expect(feedbackSentOf(revisions[i - 1]!)).toBe(revision.prompt?.text);
        }
        return [prompt?.kind === 'revised-after' ? undefined : prompt?.text, feedbackSentOf(revision)];
      });
      const texts = quoted.filter((text) => text);
      expect(new Set(texts).size).toBe(texts.length);
    }
    expect(named).toBeGreaterThan(0);
  });

  it("quotes feedback whose revision the list does not hold, or another chain's, and messages as they are", () => {
    const [first] = exported.revisions as [ExportedRevision];
    const keptPlanning = { ...first, outcome: { kind: 'kept-planning', feedback: 'Skip the README change' } } as ExportedRevision;
    const led = (text: string, extra: Partial<ExportedRevision> = {}) =>
      ({ ...first, version: 2, prompt: { kind: 'feedback', text }, ...extra }) as ExportedRevision;
    expect(feedbackSentOf(keptPlanning)).toBe('Skip the README change');
    expect(feedbackSentOf({ ...first, outcome: { kind: 'approved' } } as ExportedRevision)).toBeUndefined();
    expect(promptShownOf(led('Skip the README change'), keptPlanning)).toEqual({ kind: 'revised-after', version: first.version });
    expect(promptShownOf(led('Skip the README change'), undefined)).toEqual({ kind: 'feedback', text: 'Skip the README change' });
    expect(promptShownOf(led('something else'), keptPlanning)).toEqual({ kind: 'feedback', text: 'something else' });
    expect(promptShownOf(led('Skip the README change', { chain: first.chain + 1 }), keptPlanning)).toEqual({
      kind: 'feedback',
      text: 'Skip the README change',
    });
    expect(promptShownOf({ ...first, prompt: { kind: 'message', text: 'Also the docs' } } as ExportedRevision, keptPlanning)).toEqual({
      kind: 'message',
      text: 'Also the docs',
    });
    expect(promptShownOf({ ...first, prompt: null } as ExportedRevision, keptPlanning)).toBeUndefined();
  });
});
