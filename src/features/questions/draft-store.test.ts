import { describe, expect, it, vi } from 'vitest';
import { emptyAnswerDraft, isFlowTouched, normaliseFlow, questionDraftKey, useQuestionDraftStore } from './draft-store.ts';

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

  it.each([
    ['an untouched flow', { index: 0, collapsed: false, items: [emptyAnswerDraft()] }, false],
    ['a chosen label', { index: 0, collapsed: false, items: [{ selected: ['A'], custom: '', skipped: false }] }, true],
    ['custom text', { index: 0, collapsed: false, items: [{ selected: [], custom: ' ', skipped: false }] }, true],
    ['a skip', { index: 0, collapsed: false, items: [{ selected: [], custom: '', skipped: true }] }, true],
    ['a later position', { index: 1, collapsed: false, items: [emptyAnswerDraft(), emptyAnswerDraft()] }, true],
  ])('counts %s as touched: %s', (_case, flow, touched) => {
    expect(isFlowTouched(flow)).toBe(touched);
  });

  it('restores touched flows in a fresh store after a reload and leaves untouched ones out', async () => {
    useQuestionDraftStore.setState({ flows: {} });
    const { updateFlow } = useQuestionDraftStore.getState();
    updateFlow('q:answered', 2, (flow) => ({ ...flow, index: 1, items: [{ selected: ['Docs'], custom: '', skipped: false }, emptyAnswerDraft()] }));
    updateFlow('q:untouched', 1, (flow) => flow);
    vi.resetModules();
    const reloaded = await import('./draft-store.ts');
    expect(reloaded.useQuestionDraftStore.getState().flows).toEqual({
      'q:answered': { index: 1, collapsed: false, items: [{ selected: ['Docs'], custom: '', skipped: false }, emptyAnswerDraft()] },
    });
    useQuestionDraftStore.setState({ flows: {} });
    sessionStorage.clear();
  });
});
