import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPOSER_DRAFTS_KEY, useComposerDraftStore } from './draft-store.ts';

const SESSION = 'session-fe30d464-51ec-490a-92ba-543dfc6b2e0e';

afterEach(() => {
  useComposerDraftStore.setState({ drafts: {} });
  sessionStorage.clear();
});

describe('composer draft store', () => {
  it('writes non-blank drafts to sessionStorage and leaves blank ones out', () => {
    useComposerDraftStore.getState().setDraft(SESSION, '/plan add a --greeting flag');
    useComposerDraftStore.getState().setDraft('session-blank', '   ');
    const stored = JSON.parse(sessionStorage.getItem(COMPOSER_DRAFTS_KEY) ?? 'null') as { state: unknown; version: number };
    expect(stored).toEqual({ state: { drafts: { [SESSION]: '/plan add a --greeting flag' } }, version: 1 });
  });

  it('restores the drafts in a fresh store after a reload', async () => {
    useComposerDraftStore.getState().setDraft(SESSION, 'half a thought');
    vi.resetModules();
    const reloaded = await import('./draft-store.ts');
    expect(reloaded.useComposerDraftStore).not.toBe(useComposerDraftStore);
    expect(reloaded.useComposerDraftStore.getState().drafts).toEqual({ [SESSION]: 'half a thought' });
  });

  it('forgets a draft once it is cleared', async () => {
    useComposerDraftStore.getState().setDraft(SESSION, 'sent soon');
    useComposerDraftStore.getState().clearDraft(SESSION);
    vi.resetModules();
    const reloaded = await import('./draft-store.ts');
    expect(reloaded.useComposerDraftStore.getState().drafts).toEqual({});
  });
});
