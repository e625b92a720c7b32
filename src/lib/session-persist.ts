/**
 * Persistence of view-state drafts (composer, plan-review Feedback, question drafts) in the tab's
 * `sessionStorage` through zustand's `persist` middleware: drafts survive a reload of the tab, not a new tab.
 * Stored records are pruned: blank entries are dropped and only the most recently touched entries are kept. Writes
 * are deferred and coalesced, and flushed when the page is hidden or left, so typing costs no storage write per key.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** How many keyed drafts a store keeps in `sessionStorage` (most recently touched first). */
export const MAX_PERSISTED_DRAFTS = 20;

/** A draft is written this long after its last change (ms): typing writes nothing per keystroke. */
export const DRAFT_WRITE_DELAY_MS = 300;
/** …and at most this long after its first unwritten change, however long the typing goes on (ms). */
export const DRAFT_WRITE_MAX_DELAY_MS = 2000;

/** Records set but not yet written, by storage key (the newest value of each). */
const unwritten = new Map<string, StorageValue<unknown>>();
let writeTimer: ReturnType<typeof setTimeout> | undefined;
let firstUnwrittenAt: number | undefined;

/**
 * Write every draft record not yet written to `sessionStorage` now. Runs by itself after `DRAFT_WRITE_DELAY_MS`
 * (at most `DRAFT_WRITE_MAX_DELAY_MS`), and on `pagehide` and when the page is hidden, so nothing typed is lost on
 * a reload, a closed tab or a discarded background tab. A write the browser refuses (quota) is reported and dropped.
 */
export function flushDraftWrites(): void {
  clearTimeout(writeTimer);
  writeTimer = undefined;
  firstUnwrittenAt = undefined;
  const records = [...unwritten];
  unwritten.clear();
  for (const [name, value] of records) {
    try {
      sessionStorage.setItem(name, JSON.stringify(value));
    } catch (error) {
      console.warn(`[drafts] could not keep ${name} in sessionStorage`, error);
    }
  }
}

/** Forget every unwritten record without writing it, as a fresh page would start (tests start each case so). */
export function forgetUnwrittenDrafts(): void {
  clearTimeout(writeTimer);
  writeTimer = undefined;
  firstUnwrittenAt = undefined;
  unwritten.clear();
}

function scheduleWrite(): void {
  const now = Date.now();
  firstUnwrittenAt ??= now;
  clearTimeout(writeTimer);
  writeTimer = setTimeout(flushDraftWrites, Math.max(0, Math.min(DRAFT_WRITE_DELAY_MS, firstUnwrittenAt + DRAFT_WRITE_MAX_DELAY_MS - now)));
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  window.addEventListener('pagehide', flushDraftWrites);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushDraftWrites();
  });
}

/**
 * `sessionStorage` as a zustand persist storage whose writes are deferred and coalesced (see `flushDraftWrites`):
 * a keystroke changes the store, not the storage. Reads see an unwritten record first. `undefined` where there is
 * no `sessionStorage` (server-side, or storage blocked), in which case the store works in memory only.
 */
export function sessionDraftStorage<S>(): PersistStorage<S> | undefined {
  try {
    if (typeof sessionStorage === 'undefined') return undefined;
  } catch {
    return undefined;
  }
  return {
    getItem: (name) => {
      const held = unwritten.get(name);
      if (held !== undefined) return JSON.parse(JSON.stringify(held)) as StorageValue<S>;
      const text = sessionStorage.getItem(name);
      return text === null ? null : (JSON.parse(text) as StorageValue<S>);
    },
    setItem: (name, value) => {
      unwritten.set(name, value);
      scheduleWrite();
    },
    removeItem: (name) => {
      unwritten.delete(name);
      sessionStorage.removeItem(name);
    },
  };
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
