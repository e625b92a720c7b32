import { createJSONStorage } from 'zustand/middleware';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorLocales, planBadgeLocales } from './locales.ts';
import { apiErrorZhCN, planBadgeZhCN } from './locales.zh-CN.ts';
import {
  copyOf,
  createLanguageStore,
  followLanguagePacks,
  LANGUAGE_KEY,
  languageOf,
  languageOfTag,
  syncDocumentLanguage,
  type LanguagePack,
} from './language.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('language', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['ZH-hk', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['en-US', 'en'],
    ['en', 'en'],
    ['de-DE', 'en'],
    ['zhx', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('reads the browser language %s as %s', (tag, language) => {
    expect(languageOfTag(tag)).toBe(language);
  });

  it('follows navigator.language, also when it changes, until the user picks a language', () => {
    const browser = vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-TW');
    const store = createLanguageStore();
    const root = document.createElement('html');
    const stop = syncDocumentLanguage(root, store);
    expect(languageOf(store.getState())).toBe('zh-CN');
    browser.mockReturnValue('en-GB');
    window.dispatchEvent(new Event('languagechange'));
    expect(languageOf(store.getState())).toBe('en');
    expect(root.lang).toBe('en');
    store.getState().setLanguage('zh-CN');
    browser.mockReturnValue('de-DE');
    window.dispatchEvent(new Event('languagechange'));
    expect(languageOf(store.getState())).toBe('zh-CN');
    stop();
  });

  it('keeps the choice in localStorage and reads it back in a new store', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    createLanguageStore().getState().setLanguage('zh-CN');
    expect(JSON.parse(localStorage.getItem(LANGUAGE_KEY) ?? 'null')).toMatchObject({ state: { chosen: 'zh-CN' } });
    expect(languageOf(createLanguageStore().getState())).toBe('zh-CN');
  });

  it.each([['fr'], [42], [null], [{ en: true }]])('ignores a stored choice %j that is not a language', (chosen) => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify({ state: { chosen }, version: 1 }));
    const store = createLanguageStore({ storage: createJSONStorage(() => localStorage) });
    expect(store.getState().chosen).toBeNull();
    expect(languageOf(store.getState())).toBe('zh-CN');
  });

  it('keeps <html lang> equal to the language, on every switch', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const store = createLanguageStore();
    const root = document.createElement('html');
    const stop = syncDocumentLanguage(root, store);
    expect(root.lang).toBe('en');
    store.getState().setLanguage('zh-CN');
    expect(root.lang).toBe('zh-CN');
    stop();
    store.getState().setLanguage('en');
    expect(root.lang).toBe('zh-CN');
  });
});

describe('language packs', () => {
  /** A pack loader the test resolves or rejects by hand, counting its calls. */
  const deferredLoader = () => {
    const calls: { resolve: (pack: LanguagePack) => void; reject: (error: Error) => void }[] = [];
    const load = () => new Promise<LanguagePack>((resolve, reject) => calls.push({ resolve, reject }));
    return { calls, load };
  };
  const pack = { apiError: apiErrorZhCN, planBadge: planBadgeZhCN } as unknown as LanguagePack;

  it('never loads a pack for English, and loads the zh-CN pack only when zh-CN is chosen, English showing until it is in', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const store = createLanguageStore();
    const loader = deferredLoader();
    await followLanguagePacks({ 'zh-CN': loader.load }, store);
    expect(loader.calls).toHaveLength(0);
    store.getState().setLanguage('zh-CN');
    expect(loader.calls).toHaveLength(1);
    expect(copyOf(store.getState(), planBadgeLocales)).toBe(planBadgeLocales.en);
    loader.calls[0]!.resolve(pack);
    await vi.waitFor(() => expect(copyOf(store.getState(), planBadgeLocales)).toBe(planBadgeZhCN));
    expect(copyOf(store.getState(), apiErrorLocales)).toBe(apiErrorZhCN);
    store.getState().setLanguage('en');
    store.getState().setLanguage('zh-CN');
    expect(loader.calls).toHaveLength(1);
    expect(copyOf(store.getState(), planBadgeLocales)).toBe(planBadgeZhCN);
  });

  it('resolves its promise once the pack of a stored zh-CN choice is in, so the first render is already Chinese', async () => {
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify({ state: { chosen: 'zh-CN' }, version: 1 }));
    const store = createLanguageStore();
    const loader = deferredLoader();
    let ready = false;
    const waiting = followLanguagePacks({ 'zh-CN': loader.load }, store).then(() => (ready = true));
    expect(loader.calls).toHaveLength(1);
    await Promise.resolve();
    expect(ready).toBe(false);
    loader.calls[0]!.resolve(pack);
    await waiting;
    expect(copyOf(store.getState(), planBadgeLocales)).toBe(planBadgeZhCN);
  });

  it('keeps English after a failed load and tries again at the next switch', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    const store = createLanguageStore();
    const loader = deferredLoader();
    const first = followLanguagePacks({ 'zh-CN': loader.load }, store);
    loader.calls[0]!.reject(new Error('chunk gone'));
    await first;
    expect(copyOf(store.getState(), planBadgeLocales)).toBe(planBadgeLocales.en);
    store.getState().setLanguage('en');
    store.getState().setLanguage('zh-CN');
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.resolve(pack);
    await vi.waitFor(() => expect(copyOf(store.getState(), planBadgeLocales)).toBe(planBadgeZhCN));
  });
});
