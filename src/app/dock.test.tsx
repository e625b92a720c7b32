import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useReviewCommentsStore } from '../features/plan-review/comments-store.ts';
import { EDIT_HEADER } from '../core/review/feedback-format.ts';
import { useComposerDraftStore } from '../features/composer/draft-store.ts';
import { useReviewFeedbackStore } from '../features/plan-review/feedback-store.ts';
import { questionDraftKey, useQuestionDraftStore } from '../features/questions/draft-store.ts';
import { normaliseFlow } from '../features/questions/model/flow-draft.ts';
import { useAnsweringStore } from '../lib/answering-store.ts';
import { moveToComposer, settleQuestionDrafts } from './dock.tsx';

beforeEach(() => {
  useComposerDraftStore.setState({ entries: {} });
});

it.each([
  [undefined, 'Why two flags?', 'Why two flags?'],
  ['   ', 'Why two flags?', 'Why two flags?'],
  ['Earlier draft\n', 'Why two flags?', 'Earlier draft\n\nWhy two flags?'],
])('moves Chat about it feedback into the composer draft (draft %j + %j → %j)', (before, feedback, after) => {
  if (before !== undefined) useComposerDraftStore.getState().set('s1', before);
  moveToComposer('s1', feedback);
  expect(useComposerDraftStore.getState().entries.s1).toBe(after);
  expect(useComposerDraftStore.getState().entries.s2).toBeUndefined();
});

describe('a question that leaves the dock', () => {
  beforeEach(() => {
    useReviewFeedbackStore.setState({ entries: {} });
    useQuestionDraftStore.setState({ entries: {} });
    useAnsweringStore.setState({ answering: {} });
  });

  it('moves Feedback typed here into the composer when the review was answered elsewhere', () => {
    useReviewFeedbackStore.getState().set('r1', 'Split step 2.');
    expect(settleQuestionDrafts('s1', 'r1')).toBe(true);
    expect(useComposerDraftStore.getState().entries.s1).toBe('Split step 2.');
    expect(useReviewFeedbackStore.getState().entries).toEqual({});
  });

  it('moves the free-text answers of a question flow answered elsewhere, one per paragraph', () => {
    useQuestionDraftStore.getState().update(questionDraftKey('r2'), (stored) => ({
      ...normaliseFlow(stored, 3),
      items: [
        { selected: [], custom: ' Use YAML ', skipped: false },
        { selected: ['A'], custom: '', skipped: false },
        { selected: [], custom: 'Keep v1', skipped: false },
      ],
    }));
    expect(settleQuestionDrafts('s1', 'r2')).toBe(true);
    expect(useComposerDraftStore.getState().entries.s1).toBe('Use YAML\n\nKeep v1');
    expect(useQuestionDraftStore.getState().entries).toEqual({});
  });

  it('spends the drafts of an answer sent from this tab without moving them', () => {
    useReviewFeedbackStore.getState().set('r3', 'sent with Keep planning');
    useAnsweringStore.getState().mark('r3');
    expect(settleQuestionDrafts('s1', 'r3')).toBe(false);
    expect(useComposerDraftStore.getState().entries.s1).toBeUndefined();
    expect(useReviewFeedbackStore.getState().entries).toEqual({});
    expect(useAnsweringStore.getState().answering).toEqual({});
  });

  it('moves unsent line comments with the Feedback text, in the review feedback format, when answered elsewhere', async () => {
    useReviewCommentsStore.setState({ entries: {} });
    useReviewFeedbackStore.getState().set('r5', 'And shorter.');
    useReviewCommentsStore.getState().set('r5', { comments: [{ id: 'c1', start: 4, end: 4, quote: '- step', text: 'Why?' }], resolved: [] });
    expect(settleQuestionDrafts('s1', 'r5')).toBe(true);
    await waitFor(() =>
      expect(useComposerDraftStore.getState().entries.s1).toBe('Comment 1 of 1 on plan line 4:\n> - step\n\nWhy?\n\nGeneral feedback:\nAnd shorter.'),
    );
    expect(useReviewCommentsStore.getState().entries).toEqual({});
    expect(useReviewFeedbackStore.getState().entries).toEqual({});
  });

  it('moves a changed edit of the plan (without its diff) with the comments when answered elsewhere, and drops an unchanged one', async () => {
    useReviewCommentsStore.setState({ entries: {} });
    useComposerDraftStore.setState({ entries: {} });
    useReviewCommentsStore.getState().set('r6', { comments: [], resolved: [], edit: { text: '# Plan\n- mine', changed: true } });
    expect(settleQuestionDrafts('s1', 'r6')).toBe(true);
    await waitFor(() => expect(useComposerDraftStore.getState().entries.s1).toBe(`${EDIT_HEADER}\n\`\`\`markdown\n# Plan\n- mine\n\`\`\``));
    expect(useReviewCommentsStore.getState().entries).toEqual({});
    useComposerDraftStore.setState({ entries: {} });
    useReviewCommentsStore.getState().set('r7', { comments: [], resolved: [], edit: { text: '# Plan', changed: false } });
    expect(settleQuestionDrafts('s1', 'r7')).toBe(false);
    expect(useComposerDraftStore.getState().entries.s1).toBeUndefined();
    expect(useReviewCommentsStore.getState().entries).toEqual({});
  });

  it('moves nothing when nothing was typed', () => {
    useReviewFeedbackStore.getState().set('r4', '  \n ');
    expect(settleQuestionDrafts('s1', 'r4')).toBe(false);
    expect(useComposerDraftStore.getState().entries.s1).toBeUndefined();
  });
});
