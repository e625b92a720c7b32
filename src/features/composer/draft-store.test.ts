import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPOSER_DRAFTS_KEY, useComposerDraftStore } from './draft-store.ts';

const SESSION = 'session-fe30d464-51ec-490a-92ba-543dfc6b2e0e';

afterEach(() => {
  useComposerDraftStore.setState({ entries: {} });
  sessionStorage.clear();
});

describe('composer draft store', () => {
  it('writes non-blank drafts to sessionStorage and leaves blank ones out', () => {
    useComposerDraftStore.getState().set(SESSION, '/plan add a --greeting flag');
    useComposerDraftStore.getState().set('session-blank', '   ');
    window.dispatchEvent(new Event('pagehide'));
    const stored = JSON.parse(sessionStorage.getItem(COMPOSER_DRAFTS_KEY) ?? 'null') as { state: unknown; version: number };
    expect(stored).toEqual({ state: { entries: { [SESSION]: '/plan add a --greeting flag' } }, version: 2 });
  });

  it('restores the drafts in a fresh store after a reload', async () => {
    useComposerDraftStore.getState().set(SESSION, 'half a thought');
    window.dispatchEvent(new Event('pagehide')); // a reload
    vi.resetModules();
    const reloaded = await import('./draft-store.ts');
    expect(reloaded.useComposerDraftStore).not.toBe(useComposerDraftStore);
    expect(reloaded.useComposerDraftStore.getState().entries).toEqual({ [SESSION]: 'half a thought' });
  });

  it('forgets a draft once it is cleared', async () => {
    useComposerDraftStore.getState().set(SESSION, 'sent soon');
    useComposerDraftStore.getState().clear(SESSION);
    window.dispatchEvent(new Event('pagehide')); // a reload
    vi.resetModules();
    const reloaded = await import('./draft-store.ts');
    expect(reloaded.useComposerDraftStore.getState().entries).toEqual({});
  });
});
