/**
 * Tests of the generic flow's answer encoding (docs/upstream-spec.md §3.4, §6 items 87 and 90) and of the
 * "(Recommended)" suffix parser (§6 item 96).
 */
import { describe, expect, it } from 'vitest';
import { encodeAnswerItem, isDraftAnswered, recommendedLabel, type AnswerDraft } from './encode.ts';
import type { QuestionItem } from './types.ts';
import { validateAnswer } from './validate.ts';

const single: QuestionItem = { id: 's', question: 'One?', options: [{ label: 'A' }, { label: 'B' }] };
const multi: QuestionItem = { id: 'm', question: 'Any?', multiSelect: true, options: [{ label: 'A' }, { label: 'B' }] };
const draft = (selected: string[], custom = '', skipped = false): AnswerDraft => ({ selected, custom, skipped });

describe('encodeAnswerItem', () => {
  it.each<[string, QuestionItem, AnswerDraft, unknown]>([
    ['a skipped question sends no label', single, draft(['A'], 'text', true), { id: 's', selected: [] }],
    ['a single-select choice', single, draft(['B']), { id: 's', selected: ['B'] }],
    ['custom text replaces a single-select choice', single, draft(['A'], 'mine'), { id: 's', selected: [], custom: 'mine' }],
    ['custom text keeps multi-select labels', multi, draft(['A', 'B'], 'and C'), { id: 'm', selected: ['A', 'B'], custom: 'and C' }],
    ['custom text is sent verbatim, multi-line and untrimmed', multi, draft([], '  line 1\nline 2\n'), { id: 'm', selected: [], custom: '  line 1\nline 2\n' }],
    ['whitespace-only custom text is dropped', single, draft(['A'], '  \n '), { id: 's', selected: ['A'] }],
    ['nothing chosen', multi, draft([]), { id: 'm', selected: [] }],
  ])('%s', (_name, question, d, expected) => {
    expect(encodeAnswerItem(question, d)).toEqual(expected);
  });

  it('copies the selection', () => {
    const d = draft(['A']);
    const item = encodeAnswerItem(single, d);
    expect(item.selected).not.toBe(d.selected);
  });

  it('encodes a whole batch that the host accepts (skip keeps earlier answers)', () => {
    const free: QuestionItem = { id: 'f', question: 'Why?' };
    const batch = [single, multi, free];
    const drafts = [draft(['A']), draft(['B'], 'more'), draft([], '', true)];
    const answer = { answers: batch.map((q, i) => encodeAnswerItem(q, drafts[i] as AnswerDraft)) };
    expect(answer).toEqual({
      answers: [
        { id: 's', selected: ['A'] },
        { id: 'm', selected: ['B'], custom: 'more' },
        { id: 'f', selected: [] },
      ],
    });
    expect(validateAnswer(batch, answer).ok).toBe(true);
  });
});

describe('isDraftAnswered', () => {
  it.each<[string, AnswerDraft, boolean]>([
    ['an empty draft', draft([]), false],
    ['whitespace-only text', draft([], ' \n'), false],
    ['a label', draft(['A']), true],
    ['custom text', draft([], 'x'), true],
    ['a skipped question', draft([], '', true), true],
  ])('%s is answered: %s', (_name, d, expected) => {
    expect(isDraftAnswered(single, d)).toBe(expected);
  });
});

describe('recommendedLabel', () => {
  it.each<[string, string, boolean]>([
    ['Blue (Recommended)', 'Blue', true],
    ['Blue(Recommended)', 'Blue', true],
    ['Blue (recommended)', 'Blue', true],
    ['蓝色（推荐）', '蓝色', true],
    ['蓝色(推荐)', '蓝色', true],
    ['蓝色 （推荐）', '蓝色', true],
    ['Blue （Recommended）', 'Blue', true],
    ['Blue (Recommended) ', 'Blue', true],
    ['Blue', 'Blue', false],
    ['Blue (Recommended) extra', 'Blue (Recommended) extra', false],
    ['(Recommended) Blue', '(Recommended) Blue', false],
    ['Blue [Recommended]', 'Blue [Recommended]', false],
    ['Blue (Recommend)', 'Blue (Recommend)', false],
    ['(Recommended)', '(Recommended)', true],
  ])('%j displays %j, recommended: %s', (label, display, recommended) => {
    expect(recommendedLabel(label)).toEqual({ display, recommended });
  });
});
