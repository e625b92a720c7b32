import { createJSONStorage } from 'zustand/middleware';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLanguageStore, LANGUAGE_KEY, languageOf, languageOfTag, syncDocumentLanguage } from './language.ts';

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
