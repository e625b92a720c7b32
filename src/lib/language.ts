/**
 * The interface language: which dictionary of every typed `locales.ts` the app shows. View state, so it lives in
 * zustand, persisted in `localStorage` (key `ui-plan:language`) as the user's explicit choice only; without one the
 * language follows `navigator.language` (`zh*` → `zh-CN`, anything else → `en`). A stored value that is not a known
 * language is ignored, never trusted. `<html lang>` follows the language (`syncDocumentLanguage`). Copy from the host
 * (command results, notices, tool results) is never translated: it is shown as the host wrote it.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist, type PersistStorage } from 'zustand/middleware';

/** The languages the interface speaks, as BCP 47 tags (also the keys of every dictionary record). */
export const LANGUAGES = ['en', 'zh-CN'] as const;

/** One interface language (`'en'` English, `'zh-CN'` Simplified Chinese). */
export type Language = (typeof LANGUAGES)[number];

/**
 * Every dictionary of one locale file, one per language. Typing a locale file's export as `Dictionaries<XCopy>` makes a
 * missing language, or a dictionary missing a key of `XCopy`, a compile error (see docs/adding-a-language.md).
 */
export type Dictionaries<T> = { readonly [L in Language]: T };

/**
 * Each language's name in itself (an endonym: a reader finds their language whatever the interface speaks), for the
 * language switch.
 */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', 'zh-CN': '简体中文' };

/** The `localStorage` key of the explicit language choice. */
export const LANGUAGE_KEY = 'ui-plan:language';

/**
 * Whether a value is one of {@link LANGUAGES}.
 * @param value anything (e.g. a value read back from storage)
 */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The interface language for a browser language tag.
 * @param tag a BCP 47 tag such as `navigator.language` (`'zh-TW'`, `'en-GB'`); `undefined` or empty when unknown
 * @returns `'zh-CN'` for any `zh` tag (case-insensitive), else `'en'`
 */
export function languageOfTag(tag: string | undefined): Language {
  return /^zh(?:-|_|$)/i.test(tag ?? '') ? 'zh-CN' : 'en';
}

/** The browser's language tag, `undefined` where there is no `navigator`. */
function browserTag(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}

/** Shape of the language store. */
export type LanguageState = {
  /** The language the user picked, or `null` to follow the browser. */
  chosen: Language | null;
  /** The browser's language tag (`navigator.language`, kept current on `languagechange`); `undefined` when unknown. */
  browser: string | undefined;
  /** Pick a language (persisted). */
  setLanguage: (language: Language) => void;
};

/** Options of {@link createLanguageStore}. */
export type LanguageStoreOptions = {
  /** Where the choice is kept; default `localStorage` (in memory where there is none). */
  storage?: PersistStorage<Pick<LanguageState, 'chosen'>>;
};

/**
 * A language store (the app uses the one {@link useLanguageStore}; tests create their own).
 * @returns a zustand hook; its state is hydrated synchronously from the storage, a stored value that is not a
 *   known language being dropped
 */
export function createLanguageStore(options: LanguageStoreOptions = {}): UseBoundStore<StoreApi<LanguageState>> {
  return create<LanguageState>()(
    persist<LanguageState, [], [], Pick<LanguageState, 'chosen'>>(
      (set) => ({ chosen: null, browser: browserTag(), setLanguage: (language) => set({ chosen: language }) }),
      {
        name: LANGUAGE_KEY,
        version: 1,
        storage: options.storage ?? createJSONStorage<Pick<LanguageState, 'chosen'>>(() => localStorage),
        partialize: (state) => ({ chosen: state.chosen }),
        merge: (persisted, current) => {
          const chosen = (persisted as { chosen?: unknown } | undefined)?.chosen;
          return { ...current, chosen: isLanguage(chosen) ? chosen : null };
        },
      },
    ),
  );
}

/** The app's language store. */
export const useLanguageStore = createLanguageStore();

/**
 * The language in force for a store state: the explicit choice, else the browser's.
 * @param state a language store state
 */
export function languageOf(state: Pick<LanguageState, 'chosen' | 'browser'>): Language {
  return state.chosen ?? languageOfTag(state.browser);
}

/**
 * The interface language (re-renders when it changes).
 * @param store the store to read; default the app's
 */
export function useLanguage(store: UseBoundStore<StoreApi<LanguageState>> = useLanguageStore): Language {
  return store(languageOf);
}

/**
 * The dictionary of the current language from one locale file, for a component (re-renders on a switch).
 * @param locales the locale file's `Dictionaries<T>` export (e.g. `composerLocales`)
 * @returns the dictionary `T` of the current language
 */
export function useCopy<T>(locales: Dictionaries<T>): T {
  return locales[useLanguage()];
}

/**
 * The dictionary of the current language, read once (no subscription): for plain functions called while a component
 * renders (`describeApiError`, `offlineReason`), whose callers re-render on a switch through their own `useCopy`.
 * @param locales a `Dictionaries<T>` export
 */
export function currentCopy<T>(locales: Dictionaries<T>): T {
  return locales[languageOf(useLanguageStore.getState())];
}

/**
 * Keep `<html lang>` equal to the interface language, now and on every switch (screen readers, hyphenation and font
 * fallback follow it), and the store's `browser` tag current on the window's `languagechange`. Called in `src/main.tsx`
 * before the first render.
 * @param root the element to label; default `document.documentElement`
 * @param store the language store to follow; default the app's
 * @returns a function that stops following
 */
export function syncDocumentLanguage(root: HTMLElement = document.documentElement, store = useLanguageStore): () => void {
  const apply = () => {
    root.lang = languageOf(store.getState());
  };
  // The browser's language can change while the page is open; without a choice of the user's, the interface follows.
  const onBrowserChange = () => store.setState({ browser: browserTag() });
  apply();
  const stop = store.subscribe(apply);
  window.addEventListener('languagechange', onBrowserChange);
  return () => {
    stop();
    window.removeEventListener('languagechange', onBrowserChange);
  };
}
