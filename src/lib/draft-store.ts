/**
 * The one factory of keyed draft stores (composer drafts, plan-review Feedback, question-flow drafts): view state
 * only, so it lives in zustand, keyed by a session id or a question key, and persisted in the tab's
 * `sessionStorage` (`session-persist.ts`) so a reload keeps it. Invariant: nothing typed is lost — a draft leaves
 * the store only through `clear`, and the persisted copy drops only entries that `keep` says hold nothing, beyond
 * the `MAX_PERSISTED_DRAFTS` most recently touched. Keys are read as own properties (`__proto__` is a plain key).
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { persist, type PersistOptions } from 'zustand/middleware';
import { MAX_PERSISTED_DRAFTS, ownEntry, pruneEntries, sessionDraftStorage, touchEntry } from './session-persist.ts';

/** Version of the persisted shape `{entries}`; version 1 kept the entries under a store-specific field. */
export const DRAFT_STORE_VERSION = 2;

/** State and actions of a keyed draft store. */
export type DraftStoreState<V> = {
  /** key → draft, in recency order (the last touched last); absent = no draft. */
  entries: Record<string, V>;
  /** Store `value` as the draft of `key` (and mark it most recently touched). */
  set: (key: string, value: V) => void;
  /** Replace the draft of `key` with `change(current)`, where `current` is `undefined` when there is none. */
  update: (key: string, change: (current: V | undefined) => V) => void;
  /** Forget the draft of `key` (a send or an answer succeeded); a no-op, same state, when there is none. */
  clear: (key: string) => void;
};

/** A keyed draft store: a zustand hook (`store.setState({ entries: {} })` resets it in tests). */
export type DraftStore<V> = UseBoundStore<StoreApi<DraftStoreState<V>>> & {
  persist: { rehydrate: () => Promise<void> | void };
};

/** Options of {@link createDraftStore}. */
export type DraftStoreOptions<V> = {
  /** The `sessionStorage` key, e.g. `ui-plan:composer-drafts`. */
  name: string;
  /** Whether a draft holds anything worth keeping across a reload (e.g. a non-blank text). */
  keep: (value: V) => boolean;
  /** The field that held the entries in version 1 (`drafts`, `feedback`, `flows`), so drafts stored before are read. */
  legacyField?: string;
  /** Persisted entry cap; default `MAX_PERSISTED_DRAFTS`. */
  max?: number;
};

type Persisted<V> = Pick<DraftStoreState<V>, 'entries'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Create a keyed draft store persisted to `sessionStorage` under `options.name` as `{state: {entries}, version: 2}`.
 * A version-1 record (`{state: {[legacyField]: …}, version: 1}`) is read as the same entries; anything unreadable
 * starts empty. Without `sessionStorage` the store works in memory only.
 * @param options storage key, what is worth keeping, the version-1 field and the cap
 * @returns the store hook
 */
export function createDraftStore<V>(options: DraftStoreOptions<V>): DraftStore<V> {
  const persistOptions: PersistOptions<DraftStoreState<V>, Persisted<V>> = {
    name: options.name,
    version: DRAFT_STORE_VERSION,
    storage: sessionDraftStorage<Persisted<V>>(),
    partialize: (state) => ({ entries: pruneEntries(state.entries, options.keep, options.max ?? MAX_PERSISTED_DRAFTS) }),
    migrate: (persisted, version) => {
      const field = version < DRAFT_STORE_VERSION ? options.legacyField : 'entries';
      const entries = isRecord(persisted) && field !== undefined ? persisted[field] : undefined;
      return { entries: isRecord(entries) ? (entries as Record<string, V>) : {} };
    },
  };
  return create<DraftStoreState<V>>()(
    persist(
      (setState) => ({
        entries: {},
        set: (key, value) => setState((state) => ({ entries: touchEntry(state.entries, key, value) })),
        update: (key, change) => setState((state) => ({ entries: touchEntry(state.entries, key, change(ownEntry(state.entries, key))) })),
        clear: (key) =>
          setState((state) => {
            if (!Object.hasOwn(state.entries, key)) return state;
            const { [key]: _removed, ...rest } = state.entries;
            return { entries: rest };
          }),
      }),
      persistOptions,
    ),
  );
}
