import { describe, expect, it, vi } from 'vitest';
import { questionDraftKey, useQuestionDraftStore } from './draft-store.ts';
import { emptyAnswerDraft, isFlowTouched, normaliseFlow } from './model/flow-draft.ts';

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
    useQuestionDraftStore.setState({ entries: {} });
    const { update, clear } = useQuestionDraftStore.getState();
    update('q:a', (flow) => ({ ...normaliseFlow(flow, 2), index: 1 }));
    update('q:b', (flow) => ({ ...normaliseFlow(flow, 1), collapsed: true }));
    clear('q:a');
    expect(useQuestionDraftStore.getState().entries).toEqual({ 'q:b': { index: 0, collapsed: true, items: [emptyAnswerDraft()] } });
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
    useQuestionDraftStore.setState({ entries: {} });
    const { update } = useQuestionDraftStore.getState();
    update('q:answered', (flow) => ({ ...normaliseFlow(flow, 2), index: 1, items: [{ selected: ['Docs'], custom: '', skipped: false }, emptyAnswerDraft()] }));
    update('q:untouched', (flow) => normaliseFlow(flow, 1));
    window.dispatchEvent(new Event('pagehide')); // a reload
    vi.resetModules();
    const reloaded = await import('./draft-store.ts');
    expect(reloaded.useQuestionDraftStore.getState().entries).toEqual({
      'q:answered': { index: 1, collapsed: false, items: [{ selected: ['Docs'], custom: '', skipped: false }, emptyAnswerDraft()] },
    });
    useQuestionDraftStore.setState({ entries: {} });
    sessionStorage.clear();
  });
});
