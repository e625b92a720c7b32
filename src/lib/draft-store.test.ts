/**
 * The keyed draft store factory: what it persists, what it reads back after a reload (also the version-1 records
 * of the three stores it replaced, so nothing typed before an upgrade is lost), and keys that name
 * `Object.prototype` members.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDraftStore, DRAFT_STORE_VERSION } from './draft-store.ts';
import { DRAFT_WRITE_DELAY_MS, DRAFT_WRITE_MAX_DELAY_MS } from './session-persist.ts';

const NAME = 'ui-plan:test-drafts';
const nonBlank = (text: string) => text.trim() !== '';

afterEach(() => sessionStorage.clear());

function stored(): unknown {
  window.dispatchEvent(new Event('pagehide'));
  return JSON.parse(sessionStorage.getItem(NAME) ?? 'null');
}

describe('createDraftStore', () => {
  it('persists the kept entries in recency order as {entries} with the current version', () => {
    const store = createDraftStore<string>({ name: NAME, keep: nonBlank });
    store.getState().set('a', 'first');
    store.getState().set('blank', '  ');
    store.getState().set('b', 'second');
    store.getState().update('a', (current) => `${current ?? ''}, again`);
    expect(stored()).toEqual({ state: { entries: { b: 'second', a: 'first, again' } }, version: DRAFT_STORE_VERSION });
    expect(Object.keys((stored() as { state: { entries: object } }).state.entries)).toEqual(['b', 'a']);
  });

  it('keeps at most `max` entries in storage, the most recently touched, and all of them in memory', () => {
    const store = createDraftStore<string>({ name: NAME, keep: nonBlank, max: 2 });
    for (const key of ['a', 'b', 'c']) store.getState().set(key, key);
    expect(stored()).toMatchObject({ state: { entries: { b: 'b', c: 'c' } } });
    expect(store.getState().entries).toEqual({ a: 'a', b: 'b', c: 'c' });
  });

  it('reads back what it stored in a fresh store (a reload)', () => {
    createDraftStore<string>({ name: NAME, keep: nonBlank }).getState().set('s1', 'half a thought');
    expect(createDraftStore<string>({ name: NAME, keep: nonBlank }).getState().entries).toEqual({ s1: 'half a thought' });
  });

  it.each([
    ['composer drafts', 'drafts', { s1: '/plan add a flag' }],
    ['review Feedback', 'feedback', { rpc1: 'Split step 2.' }],
    ['question flows', 'flows', { 'q:rpc1': { index: 1, collapsed: false, items: [] } }],
  ])('reads the version-1 record of the %s (field %s) as its entries', (_store, legacyField, entries) => {
    sessionStorage.setItem(NAME, JSON.stringify({ state: { [legacyField]: entries }, version: 1 }));
    expect(createDraftStore<unknown>({ name: NAME, keep: () => true, legacyField }).getState().entries).toEqual(entries);
  });

  it.each([
    ['no legacy field named', { state: { drafts: { s1: 'x' } }, version: 1 }, undefined],
    ['a field that is not a record', { state: { drafts: 'x' }, version: 1 }, 'drafts'],
    ['a record of an unknown shape', { state: 42, version: 1 }, 'drafts'],
  ])('starts empty on %s', (_case, record, legacyField) => {
    sessionStorage.setItem(NAME, JSON.stringify(record));
    expect(createDraftStore<string>({ name: NAME, keep: nonBlank, legacyField }).getState().entries).toEqual({});
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('treats the key %s as a plain key', (key) => {
    const store = createDraftStore<string>({ name: NAME, keep: nonBlank });
    expect(store.getState().update(key, (current) => String(current))).toBeUndefined();
    expect(store.getState().entries[key]).toBe('undefined');
    store.getState().clear(key);
    expect(Object.hasOwn(store.getState().entries, key)).toBe(false);
    const before = store.getState();
    store.getState().clear(key);
    expect(store.getState()).toBe(before);
  });
});

describe('deferred writes', () => {
  const raw = () => sessionStorage.getItem(NAME);
  afterEach(() => vi.useRealTimers());

  it('writes nothing per keystroke: one write after the typing pauses', () => {
    vi.useFakeTimers();
    const store = createDraftStore<string>({ name: NAME, keep: nonBlank });
    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) {
      store.getState().set('s1', text);
      vi.advanceTimersByTime(50);
      expect(raw()).toBeNull();
    }
    vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    expect(raw()).toContain('hello');
  });

  it('writes at least every DRAFT_WRITE_MAX_DELAY_MS while the typing goes on', () => {
    vi.useFakeTimers();
    const store = createDraftStore<string>({ name: NAME, keep: nonBlank });
    for (let i = 1; raw() === null && i < 1000; i += 1) {
      store.getState().set('s1', 'x'.repeat(i));
      vi.advanceTimersByTime(100);
    }
    expect(JSON.parse(raw()!).state.entries.s1.length).toBeLessThanOrEqual(DRAFT_WRITE_MAX_DELAY_MS / 100 + 1);
  });

  it.each([
    ['pagehide (a reload or a closed tab)', () => window.dispatchEvent(new Event('pagehide'))],
    [
      'the page becoming hidden',
      () => {
        vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
  ])('writes an unwritten draft at once on %s', (_, leave) => {
    vi.useFakeTimers();
    const store = createDraftStore<string>({ name: NAME, keep: nonBlank });
    store.getState().set('s1', 'typed just before the reload');
    expect(raw()).toBeNull();
    leave();
    expect(raw()).toContain('typed just before the reload');
    vi.restoreAllMocks();
  });

  it('reads an unwritten draft back in a fresh store of the same page', () => {
    createDraftStore<string>({ name: NAME, keep: nonBlank }).getState().set('s1', 'not yet written');
    expect(raw()).toBeNull();
    expect(createDraftStore<string>({ name: NAME, keep: nonBlank }).getState().entries).toEqual({ s1: 'not yet written' });
  });
});
