import { describe, expect, it } from 'vitest';
import { emptyAnswerDraft, normaliseFlow, questionDraftKey, useQuestionDraftStore } from './draft-store.ts';

describe('question draft store', () => {
  it('keys a batch by its carrier key q:<rpcId>', () => {
    expect(questionDraftKey('298a2571-0164-4935-9a8b-d5db6c03416a')).toBe('q:298a2571-0164-4935-9a8b-d5db6c03416a');
  });

  it.each([
    ['a fresh batch', undefined, 2, { index: 0, collapsed: false, items: [emptyAnswerDraft(), emptyAnswerDraft()] }],
    [
      'a shorter stored flow',
      { index: 0, collapsed: true, items: [{ selected: ['A'], custom: '', skipped: false }] },
      2,
      { index: 0, collapsed: true, items: [{ selected: ['A'], custom: '', skipped: false }, emptyAnswerDraft()] },
    ],
    [
      'an index past the end',
      { index: 5, collapsed: false, items: [emptyAnswerDraft(), { selected: [], custom: 'x', skipped: false }] },
      1,
      { index: 0, collapsed: false, items: [emptyAnswerDraft()] },
    ],
  ])('fits %s to the batch', (_case, flow, count, expected) => {
    expect(normaliseFlow(flow, count)).toEqual(expected);
  });

  it('updates one flow and drops it without touching others', () => {
    useQuestionDraftStore.setState({ flows: {} });
    const { updateFlow, dropFlow } = useQuestionDraftStore.getState();
    updateFlow('q:a', 2, (flow) => ({ ...flow, index: 1 }));
    updateFlow('q:b', 1, (flow) => ({ ...flow, collapsed: true }));
    dropFlow('q:a');
    expect(useQuestionDraftStore.getState().flows).toEqual({ 'q:b': { index: 0, collapsed: true, items: [emptyAnswerDraft()] } });
  });
});
