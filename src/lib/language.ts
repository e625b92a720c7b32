/**
 * The interface language: which dictionary of every typed `locales.ts` the app shows. View state, so it lives in
 * zustand, persisted in `localStorage` (key `ui-plan:language`) as the user's explicit choice only; without one the
 * language follows `navigator.language` (`zh*` → `zh-CN`, anything else → `en`). A stored value that is not a known
 * language is ignored, never trusted. English is bundled with the code; every other language is one language pack,
 * loaded only when that language is in force (`followLanguagePacks`), English showing until it is in. `<html lang>`
 * follows the language (`syncDocumentLanguage`). Copy from the host is never translated: it is shown as written.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist, type PersistStorage } from 'zustand/middleware';

/** The languages the interface speaks, as BCP 47 tags (also the keys of every dictionary record). */
export const LANGUAGES = ['en', 'zh-CN'] as const;

/** One interface language (`'en'` English, `'zh-CN'` Simplified Chinese). */
export type Language = (typeof LANGUAGES)[number];

/** The languages whose copy comes in a language pack (every one but English). */
export type PackedLanguage = Exclude<Language, 'en'>;

/**
 * The copy type of every locale file by its id (`app`, `composer`, …). Each `locales.ts` adds its own entry by
 * declaration merging, so a language pack that lacks a file's dictionary, or words it in another shape, is a compile
 * error (docs/adding-a-language.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LocaleCopies {}

/** One language's dictionary of every locale file, by id: what a language pack module exports. */
export type LanguagePack = { readonly [K in keyof LocaleCopies]: LocaleCopies[K] };

/** The dictionaries of one locale file: English, bundled with the code that shows it, and its id in every language pack. */
export interface Dictionaries<K extends keyof LocaleCopies> {
  readonly id: K;
  readonly en: LocaleCopies[K];
}

/**
 * Declare a locale file's dictionaries.
 * @param id the file's key in {@link LocaleCopies} (and so in every {@link LanguagePack})
 * @param en its English dictionary
 */
export function dictionaries<K extends keyof LocaleCopies>(id: K, en: LocaleCopies[K]): Dictionaries<K> {
  return { id, en };
}

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
  /** The language packs loaded so far (never persisted). */
  packs: Partial<Record<PackedLanguage, LanguagePack>>;
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
      (set) => ({ chosen: null, browser: browserTag(), setLanguage: (language) => set({ chosen: language }), packs: {} }),
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
 * The dictionary a locale file shows for a store state: the language in force when its pack is loaded, else English.
 * @param state a language store state
 * @param locales the locale file's {@link Dictionaries}
 */
export function copyOf<K extends keyof LocaleCopies>(state: Pick<LanguageState, 'chosen' | 'browser' | 'packs'>, locales: Dictionaries<K>): LocaleCopies[K] {
  const language = languageOf(state);
  if (language === 'en') return locales.en;
  return state.packs[language]?.[locales.id] ?? locales.en;
}

/**
 * The dictionary of the current language from one locale file, for a component (re-renders on a switch and when the
 * language's pack arrives).
 * @param locales the locale file's `Dictionaries` export (e.g. `composerLocales`)
 */
export function useCopy<K extends keyof LocaleCopies>(locales: Dictionaries<K>): LocaleCopies[K] {
  return useLanguageStore((state) => copyOf(state, locales));
}

/**
 * The dictionary of the current language, read once (no subscription): for plain functions called while a component
 * renders (`describeApiError`, `offlineReason`), whose callers re-render on a switch through their own `useCopy`.
 * @param locales a `Dictionaries` export
 */
export function currentCopy<K extends keyof LocaleCopies>(locales: Dictionaries<K>): LocaleCopies[K] {
  return copyOf(useLanguageStore.getState(), locales);
}

/**
 * Load the language pack of the language in force, now and whenever it changes, into the store's `packs`; English
 * needs none. A pack is loaded once; a failed load leaves English showing and is tried again at the next change.
 * @param loaders one import per packed language (e.g. `() => import('../app/language-pack.zh-CN.ts')`)
 * @param store the language store; default the app's
 * @returns resolves once the pack of the language in force at the call is in, or failed to load (never rejects);
 *   `src/main.tsx` waits for it before the first render, so a Chinese page never shows English first
 */
export function followLanguagePacks(
  loaders: Readonly<Record<PackedLanguage, () => Promise<LanguagePack>>>,
  store: UseBoundStore<StoreApi<LanguageState>> = useLanguageStore,
): Promise<void> {
  const loading = new Map<PackedLanguage, Promise<void>>();
  const ensure = (): Promise<void> => {
    const state = store.getState();
    const language = languageOf(state);
    if (language === 'en' || state.packs[language]) return Promise.resolve();
    let load = loading.get(language);
    if (!load) {
      load = loaders[language]().then(
        (pack) => store.setState((current) => ({ packs: { ...current.packs, [language]: pack } })),
        () => void loading.delete(language),
      );
      loading.set(language, load);
    }
    return load;
  };
  store.subscribe((state, previous) => {
    if (languageOf(state) !== languageOf(previous)) void ensure();
  });
  return ensure();
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
