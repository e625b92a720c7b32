import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, createThemeStore, syncDocumentTheme, THEME_KEY } from './theme.ts';

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  document.head.querySelector('meta[name="color-scheme"]')?.remove();
});

describe('theme', () => {
  it('starts at system and keeps a choice in localStorage for the next store', () => {
    const store = createThemeStore();
    expect(store.getState().theme).toBe('system');
    store.getState().setTheme('dark');
    expect(JSON.parse(localStorage.getItem(THEME_KEY) ?? 'null')).toMatchObject({ state: { theme: 'dark' } });
    expect(createThemeStore().getState().theme).toBe('dark');
  });

  it.each([['purple'], [1], [null]])('reads a stored theme %j that is not a choice as system', (theme) => {
    localStorage.setItem(THEME_KEY, JSON.stringify({ state: { theme }, version: 1 }));
    expect(createThemeStore().getState().theme).toBe('system');
  });

  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'light dark'],
  ] as const)('writes %s as data-theme and the color-scheme meta %s', (theme, scheme) => {
    const meta = document.createElement('meta');
    meta.name = 'color-scheme';
    meta.content = 'light dark';
    document.head.append(meta);
    applyTheme(theme);
    expect(document.documentElement.dataset.theme).toBe(theme);
    expect(meta.content).toBe(scheme);
  });

  it('applies the stored theme at once and follows every switch', () => {
    localStorage.setItem(THEME_KEY, JSON.stringify({ state: { theme: 'dark' }, version: 1 }));
    const store = createThemeStore();
    const stop = syncDocumentTheme(document, store);
    expect(document.documentElement.dataset.theme).toBe('dark');
    store.getState().setTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
  });
});
