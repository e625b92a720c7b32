import { describe, expect, it } from 'vitest';
import { readFixture, readRecordingFixture, RECORDING_NAMES } from '../../../fixtures/paths.ts';
import { mulberry32 } from '../../../fixtures/seeded-random.mjs';
import { parseSessionLog } from '../../core/log/reader.ts';
import { reviewHistoryExportSchema } from '../../core/review/export.ts';
import { foldReviewHistory } from '../../core/review/revisions.ts';
import type { ReviewHistory } from '../../core/review/history.ts';
import { auditOf, foldProgress, runProgressOf } from '../../core/plan/progress.ts';
import { reviewHistoryExports } from './review-markdown.ts';

const HISTORY = foldReviewHistory(parseSessionLog(readFixture('review', 'revisions.jsonl')).events);
const AT = Date.UTC(2026, 10, 30, 12, 0, 0);
const exportsOf = (history: ReviewHistory, complete = true) =>
  reviewHistoryExports({ sessionId: 'session-review-fixture', title: 'Add a greeting flag', history, complete, exportedAt: AT });

describe('review history exports', () => {
  it('carry the audit of an approved revision whose turn ended, as an optional field and a Markdown line, without a version bump', () => {
    const events = parseSessionLog(readFixture('todos', 'plan-progress.jsonl')).events;
    const run = foldProgress(events).runs[0]!;
    const audits = new Map([[run.revision.callId, auditOf(runProgressOf(run))!]]);
    const { json, markdown } = reviewHistoryExports({
      sessionId: 's',
      title: undefined,
      history: foldReviewHistory(events),
      complete: true,
      exportedAt: AT,
      audits,
    });
    expect(reviewHistoryExportSchema.parse(json)).toEqual(json);
    expect(json.version).toBe(1);
    expect(json.revisions[0]!.audit).toEqual({ done: 4, notDone: 0, extra: 0, total: 4, end: { kind: 'completed', message: null } });
    expect(markdown).toContain('- Plan carried out: 4 of 4 steps; 0 not done; 0 extra (the turn completed)');
    // Without audits the field is absent (older exports still parse).
    expect('audit' in exportsOf(HISTORY).json.revisions[0]!).toBe(false);
  });

  it('write every revision with its outcome, feedback and line summary in JSON of the documented shape', () => {
    const { json } = exportsOf(HISTORY);
    expect(reviewHistoryExportSchema.parse(json)).toEqual(json);
    expect(json).toMatchObject({ format: 'ui-plan/review-history', version: 1, sessionId: 'session-review-fixture', exportedAt: '2026-11-30T12:00:00.000Z' });
    expect(json.revisions.map((r) => [r.chain, r.version, r.outcome.kind, r.changes && [r.changes.added, r.changes.removed, r.changes.identical]])).toEqual([
      [1, 1, 'kept-planning', null],
      [1, 2, 'dismissed', [2, 1, false]],
      [1, 3, 'kept-planning', [1, 0, false]],
      [1, 4, 'approved', [0, 0, true]],
      [2, 1, 'aborted', null],
      [2, 2, 'pending', [0, 0, true]],
    ]);
    expect(json.revisions[0]!.outcome).toEqual({ kind: 'kept-planning', feedback: 'print it before the output, and add a test' });
    expect(json.revisions[0]!.proposedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('write the Markdown with a section per chain and per revision, its summary, outcome and feedback', () => {
    const { markdown } = exportsOf(HISTORY);
    expect(markdown.startsWith('# Review history: Add a greeting flag\n')).toBe(true);
    expect(markdown).toContain('## Plan review 1');
    expect(markdown).toContain('## Plan review 2');
    expect(markdown).toContain('### v2: Add a greeting flag');
    expect(markdown).toContain('- +2 −1 lines since v1');
    expect(markdown).toContain('- identical to v3');
    expect(markdown).toContain('- Outcome: Kept planning, with feedback');
    expect(markdown).toContain('Feedback:\n\n> print it before the output, and add a test');
    expect(markdown).toContain('You said:\n\n> Also document the flag in the README.');
    expect(markdown).toContain('- Outcome: Approved');
    expect(markdown).toContain('- Outcome: Aborted: aborted before the user answered');
    expect(markdown).not.toContain('loaded part of the log');
  });

  it('say in the Markdown and the JSON when only the loaded part of the log was folded', () => {
    const { json, markdown } = exportsOf(HISTORY, false);
    expect(json.complete).toBe(false);
    expect(markdown).toContain('_Only the loaded part of the log: earlier reviews may be missing._');
  });

  it.each([
    ['a plan with its own code fence', '# P\n\n```js\nx()\n```\n'],
    ['a plan with a four-backtick fence', '# P\n\n````\n```\n````\n'],
  ])('keep %s inside one longer fence', (_name, plan) => {
    const history: ReviewHistory = { revisions: [{ callId: 'c', seq: 1, chain: 1, version: 1, plan, title: 'P', outcome: { kind: 'pending' } }] };
    const { markdown } = exportsOf(history);
    const fence = /\n(`{3,})markdown\n/.exec(markdown)![1]!;
    expect(fence.length).toBeGreaterThan(Math.max(...[...plan.matchAll(/`+/g)].map((m) => m[0].length)));
    expect(markdown).toContain(`${fence}markdown\n${plan.replace(/\n$/, '')}\n${fence}\n`);
  });

  it.each(RECORDING_NAMES)('export the recording %s in the documented shape', (name) => {
    const { json } = exportsOf(foldReviewHistory(parseSessionLog(readRecordingFixture(name)).events));
    expect(reviewHistoryExportSchema.safeParse(json).success).toBe(true);
  });

  it('export generated histories in the documented shape', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = mulberry32(seed);
      const events = [{ type: 'plan/mode', seq: 0, data: { active: true } }];
      for (let i = 0; i < 30; i++) {
        const id = `c${i}`;
        events.push({
          type: 'tool/call',
          seq: events.length,
          data: { callId: id, name: 'exit_plan_mode', arguments: JSON.stringify({ plan: `# P\n- ${Math.floor(random() * 3)}` }) } as never,
        });
        if (random() < 0.8)
          events.push({
            type: 'tool/result',
            seq: events.length,
            data: { callId: id, content: [{ type: 'text', text: random() < 0.3 ? 'ok' : 'Error: keep planning; their feedback: x' }], isError: true } as never,
          });
      }
      const { json } = exportsOf(foldReviewHistory(events as never));
      expect(reviewHistoryExportSchema.safeParse(json).success).toBe(true);
    }
  });
});
