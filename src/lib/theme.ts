/**
 * The colour theme: light, dark, or the system's (`prefers-color-scheme`). View state in zustand, persisted in
 * `localStorage` (key `ui-plan:theme`); a stored value that is not a known theme counts as `system`. The choice is
 * written to `<html data-theme>` and to `<meta name="color-scheme">`; `src/app/theme.css` sets `color-scheme` from it
 * (so form controls and scrollbars follow) and every colour token reads it through `light-dark()`. `src/main.tsx`
 * applies it before the first render, without an inline script (the Content-Security-Policy forbids them).
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist, type PersistStorage } from 'zustand/middleware';

/** The theme choices, in the order the switch lists them. */
export const THEMES = ['system', 'light', 'dark'] as const;

/** One theme choice (`'system'` follows `prefers-color-scheme`). */
export type Theme = (typeof THEMES)[number];

/** The `localStorage` key of the theme choice. */
export const THEME_KEY = 'ui-plan:theme';

/**
 * Whether a value is one of {@link THEMES}.
 * @param value anything (e.g. a value read back from storage)
 */
export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Shape of the theme store. */
export type ThemeState = {
  theme: Theme;
  /** Pick a theme (persisted). */
  setTheme: (theme: Theme) => void;
};

/**
 * A theme store (the app uses the one {@link useThemeStore}; tests create their own).
 * @param storage where the choice is kept; default `localStorage`
 * @returns a zustand hook, hydrated synchronously; a stored value that is not a theme is dropped (`system`)
 */
export function createThemeStore(storage?: PersistStorage<Pick<ThemeState, 'theme'>>): UseBoundStore<StoreApi<ThemeState>> {
  return create<ThemeState>()(
    persist<ThemeState, [], [], Pick<ThemeState, 'theme'>>((set) => ({ theme: 'system', setTheme: (theme) => set({ theme }) }), {
      name: THEME_KEY,
      version: 1,
      storage: storage ?? createJSONStorage<Pick<ThemeState, 'theme'>>(() => localStorage),
      partialize: (state) => ({ theme: state.theme }),
      merge: (persisted, current) => {
        const theme = (persisted as { theme?: unknown } | undefined)?.theme;
        return { ...current, theme: isTheme(theme) ? theme : 'system' };
      },
    }),
  );
}

/** The app's theme store. */
export const useThemeStore = createThemeStore();

/**
 * Write a theme to the document: `data-theme` on the root element and the `color-scheme` meta (which colours the
 * canvas before the stylesheet applies).
 * @param theme the choice
 * @param doc the document; default the page's
 */
export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme === 'system' ? 'light dark' : theme);
}

/**
 * Apply the stored theme now and on every switch. Called first thing in `src/main.tsx`, before the first render.
 * @param doc the document to write to; default the page's
 * @param store the theme store to follow; default the app's
 * @returns a function that stops following
 */
export function syncDocumentTheme(doc: Document = document, store = useThemeStore): () => void {
  applyTheme(store.getState().theme, doc);
  return store.subscribe((state) => applyTheme(state.theme, doc));
}
