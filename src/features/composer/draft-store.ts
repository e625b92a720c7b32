/**
 * Composer drafts, keyed by sessionId: a `createDraftStore` store (view state, persisted in `sessionStorage`
 * under `ui-plan:composer-drafts`), so a mode toggle, the review card replacing the composer, a session switch or a
 * reload never loses a draft. Blank drafts are not stored. Cleared only when a send succeeds.
 */
import { createDraftStore } from '../../lib/draft-store.ts';
import { ownEntry } from '../../lib/session-persist.ts';

/** The `sessionStorage` key of the composer drafts. */
export const COMPOSER_DRAFTS_KEY = 'ui-plan:composer-drafts';

/** The composer draft store: sessionId → draft text (see `createDraftStore`; version 1 stored `{drafts}`). */
export const useComposerDraftStore = createDraftStore<string>({ name: COMPOSER_DRAFTS_KEY, keep: (text) => text.trim() !== '', legacyField: 'drafts' });

/**
 * The draft of one session.
 * @returns the text, `''` when there is none
 */
export function useComposerDraft(sessionId: string): string {
  return useComposerDraftStore((state) => ownEntry(state.entries, sessionId) ?? '');
}
