import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchorOf, expandToBlocks, sourceLinesOf } from './anchors.ts';
import { cutQuote, feedbackFits, formatReviewFeedback, parseReviewFeedback, type FeedbackComment } from './feedback-format.ts';
import { changedLinesOf, lineChangeOf, reanchor, sentAnchorOf } from './follow-up.ts';
import { planBlocksOf } from './plan-blocks.ts';

const PLAN = [
  '# Add a --greeting flag', // 1
  '', // 2
  'Intro paragraph', // 3
  'on two lines.', // 4
  '', // 5
  '- step one', // 6
  '  - nested step', // 7
  '- step two', // 8
  '', // 9
  '| File | Change |', // 10
  '| --- | --- |', // 11
  '| cli.ts | add flag |', // 12
  '| README | document |', // 13
  '', // 14
  '```ts', // 15
  'const a = 1;', // 16
  '```', // 17
].join('\n');

describe('plan blocks and anchors', () => {
  it('lists headings, paragraphs, list items (own lines), table rows and code blocks with parser lines', () => {
    expect(planBlocksOf(PLAN)).toEqual([
      { kind: 'heading', start: 1, end: 1 },
      { kind: 'paragraph', start: 3, end: 4 },
      { kind: 'list-item', start: 6, end: 6 },
      { kind: 'list-item', start: 7, end: 7 },
      { kind: 'list-item', start: 8, end: 8 },
      { kind: 'table-row', start: 10, end: 10 },
      { kind: 'table-row', start: 12, end: 12 },
      { kind: 'table-row', start: 13, end: 13 },
      { kind: 'code', start: 15, end: 17 },
    ]);
  });

  it('expands a selection to the whole blocks it touches, and ignores blank lines between blocks', () => {
    const blocks = planBlocksOf(PLAN);
    expect(expandToBlocks(blocks, 4, 6)).toEqual({ start: 3, end: 6 });
    expect(expandToBlocks(blocks, 16, 12)).toEqual({ start: 12, end: 17 });
    expect(expandToBlocks(blocks, 2, 2)).toBeUndefined();
  });

  it('quotes the anchored source lines, whatever the line ends, clamped to the plan', () => {
    expect(anchorOf(PLAN.replace(/\n/g, '\r\n'), 3, 4)).toEqual({ start: 3, end: 4, quote: 'Intro paragraph\non two lines.' });
    expect(anchorOf(PLAN, 16, 99)).toEqual({ start: 16, end: 17, quote: 'const a = 1;\n```' });
    expect(sourceLinesOf('a\n')).toEqual(['a']);
  });

  it('gives the same anchors for a plan however it was chunked (parsed whole, from source only)', () => {
    const long = Array.from({ length: 400 }, (_, i) => `- step ${i + 1}\n`).join('');
    const blocks = planBlocksOf(long);
    expect(blocks).toHaveLength(400);
    expect(blocks[399]).toEqual({ kind: 'list-item', start: 400, end: 400 });
  });
});

const comment = (start: number, end: number, quote: string, text: string): FeedbackComment => ({ start, end, quote, text });

describe('feedback format', () => {
  it('writes each comment as a quote and its text, then the general feedback', () => {
    const text = formatReviewFeedback({
      comments: [comment(3, 4, 'Intro paragraph\non two lines.', 'Shorter, please.'), comment(12, 12, '| cli.ts | add flag |', 'Also test it.')],
      general: 'Looks good otherwise.',
    });
    expect(text).toBe(
      [
        'Comment 1 of 2 on plan lines 3–4:',
        '> Intro paragraph',
        '> on two lines.',
        '',
        'Shorter, please.',
        '',
        'Comment 2 of 2 on plan line 12:',
        '> | cli.ts | add flag |',
        '',
        'Also test it.',
        '',
        'General feedback:',
        'Looks good otherwise.',
      ].join('\n'),
    );
    expect(parseReviewFeedback(text).comments).toHaveLength(2);
  });

  it('sends the general text verbatim when there are no comments', () => {
    expect(formatReviewFeedback({ comments: [], general: '  skip step 2 ' })).toBe('  skip step 2 ');
  });

  it('cuts a quote over 10 lines to its first and last 3 lines', () => {
    const quote = Array.from({ length: 11 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(cutQuote(quote)).toBe('line 1\nline 2\nline 3\n…\nline 9\nline 10\nline 11');
    expect(cutQuote(quote.split('\n').slice(0, 10).join('\n'))).toBe(quote.split('\n').slice(0, 10).join('\n'));
  });

  it('round-trips quotes holding ">" and code fences, and texts that look like the format', () => {
    const feedback = {
      comments: [
        comment(1, 4, '> quoted\n```ts\n> x\n```', 'Keep `>` here\n\nComment 2 of 2 on plan line 9:\nGeneral feedback:'),
        comment(9, 9, '', 'blank line comment'),
      ],
      general: 'General feedback:\n\\General feedback:\nend',
    };
    expect(parseReviewFeedback(formatReviewFeedback(feedback))).toEqual(feedback);
  });

  it('round-trips any comments and general text (property)', () => {
    const line = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, ''));
    const text = fc
      .array(line, { minLength: 1, maxLength: 4 })
      .map((lines) => lines.join('\n').trim())
      .filter((t) => t !== '');
    const arb = fc.record({
      comments: fc.array(
        fc.record({
          start: fc.integer({ min: 1, max: 50 }),
          span: fc.integer({ min: 0, max: 5 }),
          quote: fc.array(line, { minLength: 1, maxLength: 8 }),
          text,
        }),
        { maxLength: 4 },
      ),
      general: fc.oneof(fc.constant(''), text),
    });
    fc.assert(
      fc.property(arb, ({ comments, general }) => {
        const input = { comments: comments.map((c) => comment(c.start, c.start + c.span, c.quote.join('\n'), c.text)), general };
        const parsed = parseReviewFeedback(formatReviewFeedback(input));
        if (input.comments.length === 0) expect(parsed).toEqual({ comments: [], general });
        else expect(parsed).toEqual(input);
      }),
    );
  });

  it('reads text that is not in the format as general feedback, verbatim', () => {
    for (const text of [
      'skip step 2',
      'Comment 2 of 2 on plan line 3:\n> x\n\ny',
      'Comment 1 of 2 on plan line 3:\n> x\n\ny',
      'Comment 1 of 1 on plan line 3:\nno quote',
      '',
    ]) {
      expect(parseReviewFeedback(text)).toEqual({ comments: [], general: text });
    }
  });

  it('says when a feedback is over the request body limit', () => {
    expect(feedbackFits('short').fits).toBe(true);
    const big = feedbackFits('x'.repeat(1024 * 1024));
    expect(big.fits).toBe(false);
    expect(big.bytes).toBeGreaterThan(big.limit);
  });
});

describe('comments across revisions', () => {
  const next = PLAN.replace('Intro paragraph', 'A new intro').replace('- step two', '- step two\n- step three');

  it('marks a comment changed when its lines were replaced or removed, unchanged otherwise', () => {
    const diff = changedLinesOf(PLAN, next);
    expect(lineChangeOf(diff, 3, 4)).toEqual({ kind: 'changed', line: 3 });
    expect(lineChangeOf(diff, 6, 7)).toEqual({ kind: 'unchanged' });
    expect(lineChangeOf(diff, 8, 8)).toEqual({ kind: 'unchanged' });
    expect(lineChangeOf(changedLinesOf(PLAN, PLAN.replace('| README | document |\n', '')), 13, 13)).toEqual({ kind: 'changed', line: 13 });
  });

  it('marks lines inserted inside an anchor as a change, and line-end changes as none', () => {
    const inserted = PLAN.replace('Intro paragraph\n', 'Intro paragraph\nmore\n');
    expect(lineChangeOf(changedLinesOf(PLAN, inserted), 3, 4)).toEqual({ kind: 'changed', line: 4 });
    expect(lineChangeOf(changedLinesOf(PLAN, PLAN.replace(/\n/g, '\r\n')), 1, 17)).toEqual({ kind: 'unchanged' });
  });

  it('re-anchors a carried-forward comment by exact match, nearest its old line, trailing spaces ignored', () => {
    const plan = '- a\n- b  \n\n- x\n- a\n- b\n';
    expect(reanchor('- a\n- b', 5, plan)).toEqual({ start: 5, end: 6, quote: '- a\n- b' });
    expect(reanchor('- a\n- b', 1, plan)).toEqual({ start: 1, end: 2, quote: '- a\n- b  ' });
    expect(reanchor('- gone', 1, plan)).toBeUndefined();
    expect(reanchor('', 1, plan)).toBeUndefined();
  });

  it('places a comment read back from a log by its quote when its line numbers do not hold it', () => {
    // As sent by ui-plan: the lines hold the quote (trailing spaces aside).
    expect(sentAnchorOf(PLAN, { start: 6, end: 7, quote: '- step one  \n  - nested step' })).toEqual(anchorOf(PLAN, 6, 7));
    // A long quote is cut as sent; the anchor keeps the full lines.
    expect(sentAnchorOf(PLAN, { start: 1, end: 17, quote: cutQuote(anchorOf(PLAN, 1, 17).quote) })?.quote).toBe(PLAN);
    // Another client's numbers are off by two: found by its quote, nearest the given line.
    expect(sentAnchorOf(PLAN, { start: 10, end: 10, quote: '- step two' })).toEqual({ start: 8, end: 8, quote: '- step two' });
    // Not in that revision at all, or past its end.
    expect(sentAnchorOf(PLAN, { start: 3, end: 3, quote: 'never written' })).toBeUndefined();
    expect(sentAnchorOf(PLAN, { start: 90, end: 95, quote: 'const a = 1;' })).toEqual({ start: 16, end: 16, quote: 'const a = 1;' });
  });

  it('follows comments over generated revisions: unchanged lines are always found again at their shifted place', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 5, maxLength: 30 }), fc.integer({ min: 0, max: 4 }), (ids, insertAt) => {
        const lines = ids.map((id, i) => `- item ${i} ${id}`);
        const before = lines.join('\n');
        const after = [...lines.slice(0, insertAt), '- inserted', ...lines.slice(insertAt)].join('\n');
        const diff = changedLinesOf(before, after);
        for (let line = 1; line <= lines.length; line += 1) {
          expect(lineChangeOf(diff, line, line)).toEqual({ kind: 'unchanged' });
          expect(reanchor(lines[line - 1]!, line, after)?.start).toBe(line > insertAt ? line + 1 : line);
        }
      }),
    );
  });
});

describe('review-history export', () => {
  it('adds the comments of a feedback in the format as optional fields, and none for plain feedback', async () => {
    const { buildReviewHistoryExport, reviewHistoryExportSchema, REVIEW_HISTORY_VERSION } = await import('./export.ts');
    const feedback = formatReviewFeedback({ comments: [comment(3, 4, 'Intro paragraph\non two lines.', 'Shorter.')], general: 'ok' });
    const base = { chain: 1, title: 'T', plan: PLAN };
    const data = buildReviewHistoryExport({
      sessionId: 's',
      title: undefined,
      complete: true,
      exportedAt: 0,
      history: {
        revisions: [
          { ...base, callId: 'a', seq: 1, version: 1, outcome: { kind: 'kept-planning', feedback } },
          { ...base, callId: 'b', seq: 2, version: 2, outcome: { kind: 'kept-planning', feedback: 'skip step 2' } },
        ],
      },
    });
    expect(reviewHistoryExportSchema.parse(data)).toEqual(data);
    expect(REVIEW_HISTORY_VERSION).toBe(1);
    expect(data.revisions[0]).toMatchObject({
      comments: [{ start: 3, end: 4, quote: 'Intro paragraph\non two lines.', text: 'Shorter.' }],
      generalFeedback: 'ok',
    });
    expect(data.revisions[0]!.outcome).toEqual({ kind: 'kept-planning', feedback });
    expect(data.revisions[1]).not.toHaveProperty('comments');
  });
});

describe('feedback size', () => {
  it('counts UTF-8 bytes of the JSON string, as the request body carries it', () => {
    expect(feedbackFits('é中😀').bytes).toBe(Buffer.byteLength(JSON.stringify('é中😀'), 'utf8'));
    expect(feedbackFits('a"\n').bytes).toBe(Buffer.byteLength(JSON.stringify('a"\n'), 'utf8'));
  });
});
