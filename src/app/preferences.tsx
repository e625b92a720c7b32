/**
 * The preferences group at the foot of the sidebar: the interface language and the colour theme, each a labelled
 * native `<select>` (keyboard reachable, announced with its label). Both are view state kept in `localStorage` by their
 * stores (`src/lib/language.ts`, `src/lib/theme.ts`); a switch re-renders every component through `useCopy` and
 * rewrites `<html lang>` / `<html data-theme>` (see `src/main.tsx`). Below them, the notifications slice's
 * Notifications group (desktop notifications and sound), and the pairing slice's Other devices group.
 */
import { useId } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, useCopy, useLanguage, useLanguageStore } from '../lib/language.ts';
import { isTheme, THEMES, useThemeStore } from '../lib/theme.ts';
import { NotificationPreferencesSlot } from '../features/notifications/waiting-watch.tsx';
import { PairingSlot } from '../features/pairing/pairing-slot.tsx';
import { appLocales } from './locales.ts';

/** Render the language and theme switches. */
export function Preferences() {
  const t = useCopy(appLocales);
  const language = useLanguage();
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const theme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  const languageId = useId();
  const themeId = useId();
  return (
    <section className="preferences" aria-label={t.preferences}>
      <label htmlFor={languageId}>{t.languageLabel}</label>
      <select
        id={languageId}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LANGUAGE_NAMES[value]}
          </option>
        ))}
      </select>
      <label htmlFor={themeId}>{t.themeLabel}</label>
      <select
        id={themeId}
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t.themes[value]}
          </option>
        ))}
      </select>
      <NotificationPreferencesSlot />
      <PairingSlot />
    </section>
  );
}
