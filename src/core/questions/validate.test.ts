/**
 * Tests of answer validation against the pending batch (docs/upstream-spec.md §3.3 bad-response list, §8 item 32)
 * and of the ask-side checks (§3.2, §6 item 105: EMPTY_QUESTIONS, BAD_INTENT).
 */
import { describe, expect, it } from 'vitest';
import type { QuestionItem } from './types.ts';
import { validateAnswer, validateQuestions } from './validate.ts';

const single: QuestionItem = { id: 'q1', question: 'Pick one', options: [{ label: 'A' }, { label: 'B' }] };
const multi: QuestionItem = { id: 'q2', question: 'Pick any', multiSelect: true, options: [{ label: 'X' }, { label: 'Y' }] };
const free: QuestionItem = { id: 'q3', question: 'Say something' };
const batch = [single, multi, free];
const answers = (...items: unknown[]) => ({ answers: items });

describe('validateAnswer', () => {
  it.each<[string, unknown]>([
    ['one label each', answers({ id: 'q1', selected: ['A'] }, { id: 'q2', selected: ['X', 'Y'] }, { id: 'q3', selected: [], custom: 'hi' })],
    ['all skipped', answers({ id: 'q1', selected: [] }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] })],
    ['custom replacing the single-select choice', answers({ id: 'q1', selected: [], custom: 'C' }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] })],
    [
      'custom with labels on multi-select (E3)',
      answers({ id: 'q1', selected: ['B'] }, { id: 'q2', selected: ['Y'], custom: ' also Z ' }, { id: 'q3', selected: [] }),
    ],
    ['multi-line custom text', answers({ id: 'q1', selected: [], custom: 'a\nb\n' }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] })],
  ])('accepts %s', (_name, answer) => {
    const result = validateAnswer(batch, answer);
    expect(result).toEqual({ ok: true, answer });
  });

  it('strips unknown keys from an accepted answer', () => {
    const result = validateAnswer([free], { answers: [{ id: 'q3', selected: [], extra: 1 }], more: true });
    expect(result).toEqual({ ok: true, answer: { answers: [{ id: 'q3', selected: [] }] } });
  });

  // docs/upstream-spec.md §3.3: every item of the bad-response list, each refusal naming its field and why.
  it.each<[string, unknown, string | RegExp]>([
    ['not an answer object', 'Approve', /^answer: /],
    ['answers not an array', { answers: {} }, /^answers: /],
    [
      'a selected value that is not a label list',
      answers({ id: 'q1', selected: 'A' }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] }),
      /^answers\[0\]\.selected: /,
    ],
    ['too few items', answers({ id: 'q1', selected: ['A'] }), 'answers: expected 3 item(s), one per question, got 1'],
    [
      'too many items',
      answers({ id: 'q1', selected: [] }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] }, { id: 'q4', selected: [] }),
      /^answers: .*got 4$/,
    ],
    [
      'ids out of order',
      answers({ id: 'q2', selected: [] }, { id: 'q1', selected: [] }, { id: 'q3', selected: [] }),
      'answers[0].id: "q2" is not the id of question 0, expected "q1"',
    ],
    ['a mismatched id', answers({ id: 'q1', selected: [] }, { id: 'q2', selected: [] }, { id: 'zz', selected: [] }), /^answers\[2\]\.id: "zz" /],
    [
      'a duplicate label',
      answers({ id: 'q1', selected: [] }, { id: 'q2', selected: ['X', 'X'] }, { id: 'q3', selected: [] }),
      'answers[1].selected[1]: "X" repeats a label of item "q2"',
    ],
    [
      'a label not offered',
      answers({ id: 'q1', selected: ['Aprove'] }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] }),
      'answers[0].selected[0]: "Aprove" is not an option of item "q1"',
    ],
    [
      'a label on a question without options',
      answers({ id: 'q1', selected: [] }, { id: 'q2', selected: [] }, { id: 'q3', selected: ['A'] }),
      'answers[2].selected[0]: "A" is not an option of item "q3" (it offers none)',
    ],
    [
      'a blank custom',
      answers({ id: 'q1', selected: [] }, { id: 'q2', selected: [] }, { id: 'q3', selected: [], custom: ' \n ' }),
      'answers[2].custom: blank custom text on item "q3" (leave it out, or say something)',
    ],
    [
      'an empty custom',
      answers({ id: 'q1', selected: [], custom: '' }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] }),
      /^answers\[0\]\.custom: blank/,
    ],
    [
      'several labels on single-select',
      answers({ id: 'q1', selected: ['A', 'B'] }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] }),
      'answers[0].selected: 2 labels on item "q1", a single-select question (at most one)',
    ],
    [
      'custom plus a label on single-select',
      answers({ id: 'q1', selected: ['A'], custom: 'and more' }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] }),
      'answers[0].custom: item "q1" combines custom text with a label on a single-select question (one or the other)',
    ],
    [
      'a very long label (quoted cut to a line)',
      answers({ id: 'q1', selected: ['L'.repeat(5000)] }, { id: 'q2', selected: [] }, { id: 'q3', selected: [] }),
      `answers[0].selected[0]: "${'L'.repeat(78)}… is not an option of item "q1"`,
    ],
  ])('rejects %s', (_name, answer, reason) => {
    const result = validateAnswer(batch, answer);
    expect(result.ok).toBe(false);
    if (typeof reason === 'string') expect(!result.ok && result.reason).toBe(reason);
    else expect(!result.ok && result.reason).toMatch(reason);
  });

  it.each<[string[], string | undefined, boolean]>([
    [['Approve'], undefined, true],
    [['Keep planning'], undefined, true],
    [[], 'feedback', true],
    [['Approve', 'Keep planning'], undefined, false],
    [['Approve'], 'feedback', false],
    [['Refuse'], undefined, false],
  ])('a plan-review answer %j with custom %j is well-formed: %s', (selected, custom, ok) => {
    const review: QuestionItem = {
      id: 'plan-review',
      question: 'Approve?',
      detail: '# P',
      options: [{ label: 'Approve' }, { label: 'Keep planning' }],
      intent: { kind: 'plan-review', approve: 'Approve' },
    };
    const item = custom === undefined ? { id: 'plan-review', selected } : { id: 'plan-review', selected, custom };
    expect(validateAnswer([review], { answers: [item] }).ok).toBe(ok);
  });
});

describe('validateQuestions', () => {
  const reviewItem = {
    id: 'plan-review',
    question: 'Approve?',
    detail: '# P',
    options: [{ label: 'Approve' }, { label: 'Keep planning' }],
    intent: { kind: 'plan-review', approve: 'Approve' },
  };

  it('accepts a valid plan review and passes the intent through', () => {
    expect(validateQuestions([reviewItem])).toEqual({ ok: true, questions: [reviewItem] });
  });

  it('accepts plain questions without intent', () => {
    const result = validateQuestions([
      { id: 'a', question: 'A?' },
      { id: 'b', question: 'B?', options: [{ label: 'x' }] },
    ]);
    expect(result.ok).toBe(true);
  });

  it.each<[string, unknown, 'EMPTY_QUESTIONS' | 'BAD_QUESTIONS' | 'BAD_INTENT', RegExp]>([
    ['an empty batch', [], 'EMPTY_QUESTIONS', /no questions/],
    ['no batch at all', undefined, 'EMPTY_QUESTIONS', /no questions/],
    ['a batch that is not a list', { id: 'a' }, 'BAD_QUESTIONS', /^questions: /],
    ['an item without id', [{ question: 'A?' }], 'BAD_QUESTIONS', /^questions\.0\.id: /],
    ['an option without label', [{ id: 'a', question: 'A?', options: [{ description: 'd' }] }], 'BAD_QUESTIONS', /^questions\.0\.options\.0\.label: /],
    [
      'duplicate ids',
      [
        { id: 'a', question: 'A?' },
        { id: 'a', question: 'B?' },
      ],
      'BAD_QUESTIONS',
      /"a" appears twice/,
    ],
    ['an approve naming no option', [{ ...reviewItem, intent: { kind: 'plan-review', approve: 'Yes' } }], 'BAD_INTENT', /names no option label/],
    ['an approve with no options', [{ ...reviewItem, options: undefined }], 'BAD_INTENT', /names no option label/],
    ['a plan-review intent without approve', [{ ...reviewItem, intent: { kind: 'plan-review' } }], 'BAD_INTENT', /names no option label/],
    ['an intent without detail', [{ ...reviewItem, detail: undefined }], 'BAD_INTENT', /an intent needs detail/],
    ['an unknown intent without detail', [{ id: 'a', question: 'A?', intent: { kind: 'vote' } }], 'BAD_INTENT', /an intent needs detail/],
  ])('rejects %s', (_name, items, code, reason) => {
    const result = validateQuestions(items);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.code).toBe(code);
    expect(!result.ok && result.reason).toMatch(reason);
  });
});
