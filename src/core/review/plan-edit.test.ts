import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EDIT_DIFF_HEADER, EDIT_HEADER, formatReviewFeedback, parseReviewFeedback, type ReviewFeedback } from './feedback-format.ts';
import { editOutcomeOf, isEdited, MAX_EDIT_DIFF_LINES, normalisePlan, planEditDiff } from './plan-edit.ts';

const PLAN = '# Greeting flag\n\n## Steps\n1. Add `--greeting` in `cli.ts`.\n2. Document it in `README.md`.\n';
const EDITED = '# Greeting flag\n\n## Steps\n1. Add `--greeting` in `cli.ts`.\n2. Test it in `cli.test.ts`.\n3. Document it in `README.md`.\n';

describe('edit diff and normalising', () => {
  it('treats line ends, trailing whitespace and the final newline as no edit', () => {
    expect(normalisePlan('a  \r\nb\t\r\n\n\n')).toBe('a\nb');
    expect(isEdited(PLAN, PLAN.replace(/\n/g, '  \r\n'))).toBe(false);
    expect(isEdited(PLAN, PLAN.trimEnd())).toBe(false);
    expect(isEdited(PLAN, EDITED)).toBe(true);
    expect(planEditDiff(PLAN, `${PLAN}\n\n`)).toBe('');
  });

  it('writes a short unified diff from the agent plan to the edited plan', () => {
    expect(planEditDiff(PLAN, EDITED)).toBe(
      [
        '--- your plan',
        '+++ edited plan',
        '@@ -3,3 +3,4 @@',
        ' ## Steps',
        ' 1. Add `--greeting` in `cli.ts`.',
        '-2. Document it in `README.md`.',
        '+2. Test it in `cli.test.ts`.',
        '+3. Document it in `README.md`.',
      ].join('\n'),
    );
  });

  it('cuts a long diff and says how many lines were left out', () => {
    const before = Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n');
    const after = Array.from({ length: 300 }, (_, i) => `LINE ${i}`).join('\n');
    const lines = planEditDiff(before, after).split('\n');
    expect(lines).toHaveLength(MAX_EDIT_DIFF_LINES + 1);
    expect(lines.at(-1)).toMatch(/^… \d+ more lines$/);
  });

  it('says the agent adopted the edits when the revision equals them after normalising, else shows what it changed', () => {
    expect(editOutcomeOf(EDITED, `${EDITED.replace(/\n/g, '\r\n')}\n`)).toEqual({ kind: 'adopted' });
    expect(editOutcomeOf(EDITED, EDITED.replace(/ {2,}$/gm, ''))).toEqual({ kind: 'adopted' });
    const outcome = editOutcomeOf(EDITED, EDITED.replace('Test it', 'Cover it'));
    expect(outcome.kind).toBe('changed');
    expect(outcome.kind === 'changed' && outcome.diff).toContain('-2. Test it in `cli.test.ts`.\n+2. Cover it in `cli.test.ts`.');
    expect(outcome.kind === 'changed' && outcome.diff.split('\n').slice(0, 2)).toEqual(['--- your edits', '+++ this revision']);
  });

  it('adopted is exactly "equal after normalising" (property)', () => {
    const line = fc.string({ maxLength: 8 }).map((s) => s.replace(/[\r\n]/g, ''));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.array(line, { maxLength: 8 }), (a, b) => {
        const [x, y] = [a.join('\n'), b.join('\n')];
        expect(editOutcomeOf(x, y).kind === 'adopted').toBe(normalisePlan(x) === normalisePlan(y));
      }),
    );
  });
});

describe('edited plan in the feedback format', () => {
  const comment = { start: 4, end: 4, quote: '1. Add `--greeting` in `cli.ts`.', text: 'Name the default.' };

  it('writes the edited plan and its diff first, then comments and general feedback', () => {
    const text = formatReviewFeedback({ edit: { plan: EDITED, diff: planEditDiff(PLAN, EDITED) }, comments: [comment], general: 'Thanks.' });
    const lines = text.split('\n');
    expect(lines[0]).toBe(EDIT_HEADER);
    expect(lines[1]).toBe('```markdown');
    expect(lines).toContain(EDIT_DIFF_HEADER);
    expect(lines).toContain('```diff');
    expect(text).toContain('\n\nComment 1 of 1 on plan line 4:\n> 1. Add');
    expect(text.endsWith('General feedback:\nThanks.')).toBe(true);
  });

  it('round-trips an edited plan holding code fences, ">" lines and format-like lines, with and without the rest', () => {
    const plan = '# Plan\n\n> quoted\n```ts\nconst a = 1;\n```\n````\nnested\n````\nGeneral feedback:\nComment 1 of 1 on plan line 2:\n';
    const edit = { plan, diff: planEditDiff(PLAN, plan) };
    const cases: ReviewFeedback[] = [
      { edit, comments: [], general: '' },
      { edit, comments: [], general: 'General feedback:\nmore' },
      { edit, comments: [comment], general: '' },
      { edit, comments: [comment, { ...comment, start: 9, end: 10, quote: '```\n> x' }], general: 'Also this.' },
      { edit: { plan: '', diff: '' }, comments: [], general: '' },
      { edit: { plan, diff: '' }, comments: [comment], general: 'No diff part.' },
    ];
    for (const feedback of cases) expect(parseReviewFeedback(formatReviewFeedback(feedback))).toEqual(feedback);
    expect(formatReviewFeedback(cases[0]!)).toContain('`````markdown\n');
  });

  it('round-trips any edited plan with comments and general text (property)', () => {
    const piece = fc.constantFrom('```', '````', '>', '> x', '', 'General feedback:', EDIT_HEADER, '```diff', ' ', '-', '+', 'a', '`');
    const line = fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 3 }).map((parts) => parts.join('').replace(/[\r\n]/g, ''));
    const text = fc
      .array(line, { minLength: 1, maxLength: 4 })
      .map((lines) => lines.join('\n').trim())
      .filter((t) => t !== '');
    const arb = fc.record({
      plan: fc.array(line, { maxLength: 10 }).map((lines) => lines.join('\n')),
      diff: fc.array(line, { maxLength: 5 }).map((lines) => lines.join('\n')),
      comments: fc.array(fc.record({ start: fc.integer({ min: 1, max: 50 }), quote: fc.array(line, { minLength: 1, maxLength: 4 }), text }), { maxLength: 3 }),
      general: fc.oneof(fc.constant(''), text),
    });
    fc.assert(
      fc.property(arb, ({ plan, diff, comments, general }) => {
        const input: ReviewFeedback = {
          edit: { plan, diff },
          comments: comments.map((c) => ({ start: c.start, end: c.start, quote: c.quote.join('\n'), text: c.text })),
          general,
        };
        expect(parseReviewFeedback(formatReviewFeedback(input))).toEqual(input);
      }),
    );
  });

  it('reads a broken edited-plan part as plain feedback, verbatim', () => {
    for (const text of [
      `${EDIT_HEADER}\n\`\`\`markdown\nno close`,
      `${EDIT_HEADER}\n\`\`\`markdown\nx\n\`\`\`\n\nnot a comment`,
      `${EDIT_HEADER}\n\`\`\`markdown\nx\n\`\`\`\n\n${EDIT_DIFF_HEADER}\nno fence`,
      `${EDIT_HEADER}\nplain`,
    ]) {
      expect(parseReviewFeedback(text)).toEqual({ comments: [], general: text });
    }
  });
});

describe('review-history export', () => {
  it('adds the edited plan of a feedback as an optional field, with the comments and general text', async () => {
    const { buildReviewHistoryExport, reviewHistoryExportSchema, REVIEW_HISTORY_VERSION } = await import('./export.ts');
    const edit = { plan: EDITED, diff: planEditDiff(PLAN, EDITED) };
    const feedback = formatReviewFeedback({ edit, comments: [], general: 'Adopt it.' });
    const base = { chain: 1, title: 'T', plan: PLAN };
    const data = buildReviewHistoryExport({
      sessionId: 's',
      title: undefined,
      complete: true,
      exportedAt: 0,
      history: { revisions: [{ ...base, callId: 'a', seq: 1, version: 1, outcome: { kind: 'kept-planning', feedback } }] },
    });
    expect(reviewHistoryExportSchema.parse(data)).toEqual(data);
    expect(REVIEW_HISTORY_VERSION).toBe(1);
    expect(data.revisions[0]).toMatchObject({ editedPlan: edit, comments: [], generalFeedback: 'Adopt it.' });
    expect(data.revisions[0]!.outcome).toEqual({ kind: 'kept-planning', feedback });
  });
});
