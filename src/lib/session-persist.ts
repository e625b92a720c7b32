/**
 * Persistence of view-state drafts (composer, plan-review Feedback, question drafts) in the tab's
 * `sessionStorage` through zustand's `persist` middleware: drafts survive a reload of the tab, not a new tab.
 * Stored records are pruned: blank entries are dropped and only the most recently touched entries are kept.
 */
import { createJSONStorage, type PersistStorage } from 'zustand/middleware';

/** How many keyed drafts a store keeps in `sessionStorage` (most recently touched first). */
export const MAX_PERSISTED_DRAFTS = 20;

/**
 * `sessionStorage` as a zustand persist storage; `undefined` where there is none (server-side, or storage blocked),
 * in which case the store works in memory only.
 */
export function sessionDraftStorage<S>(): PersistStorage<S> | undefined {
  return createJSONStorage<S>(() => sessionStorage);
}

/**
 * The entry of a keyed record, read as an own property only: a key that names an `Object.prototype` member
 * (`constructor`, `__proto__`, `toString`, …) is simply absent.
 * @param record key → draft
 * @param key any string (a session id, a question key)
 * @returns the entry, or `undefined` when the record has none of its own
 */
export function ownEntry<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Move (or add) `key` to the end of a record, so insertion order is recency order.
 * @returns a new record with `key → value` last
 */
export function touchEntry<V>(record: Readonly<Record<string, V>>, key: string, value: V): Record<string, V> {
  const { [key]: _previous, ...rest } = record;
  return { ...rest, [key]: value };
}

/**
 * The part of a keyed record worth persisting: entries that `keep` accepts, at most `max` of them, the most
 * recently touched (last in insertion order) kept.
 * @param record key → draft, in recency order (see `touchEntry`)
 * @param keep whether an entry holds anything (e.g. a non-blank text)
 * @param max entry cap; default `MAX_PERSISTED_DRAFTS`
 */
export function pruneEntries<V>(record: Readonly<Record<string, V>>, keep: (value: V) => boolean, max: number = MAX_PERSISTED_DRAFTS): Record<string, V> {
  const kept = Object.entries(record).filter(([, value]) => keep(value));
  return Object.fromEntries(kept.slice(Math.max(0, kept.length - max)));
}
