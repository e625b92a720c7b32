/**
 * Relative times for the session list ("just now", "2 min. ago", "3 hr. ago", "yesterday", "5 days ago", then a date),
 * worded by `Intl.RelativeTimeFormat` / `Intl.DateTimeFormat` in the interface language (only "just now" is our own
 * copy). Each formatter is built once per language, when first needed; `components/use-now.ts` re-renders the list on a coarse tick so the
 * labels stay current without a timer per row.
 */
import type { Language } from '../../../lib/language.ts';
import { sessionsLocales, type SessionsLocale } from '../locales.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * One formatter per language, built on first use: a list whose rows are all "just now" builds no relative-time
 * formatter, and a tooltip builds only its own date-and-time formatter.
 */
function perLanguage<F>(make: (language: Language) => F): (language: Language) => F {
  const built = new Map<Language, F>();
  return (language) => {
    let found = built.get(language);
    if (found === undefined) {
      found = make(language);
      built.set(language, found);
    }
    return found;
  };
}

const relativeOf = perLanguage((language) => new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' }));
const dateOf = perLanguage((language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }));
const dateTimeOf = perLanguage((language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }));

/**
 * A short relative time.
 * @param time the moment, in ms since the epoch
 * @param now the current time, in ms since the epoch
 * @param language the interface language (default `'en'`)
 * @param copy the session list's dictionary shown (default English): its `justNow`
 * @returns the dictionary's `justNow` under a minute (and for a time slightly in the future: clock skew); under an
 *   hour whole minutes, under a day whole hours, under a week whole days (one day: "yesterday" / "昨天"), all through
 *   `Intl.RelativeTimeFormat` (`numeric: 'auto'`, `style: 'short'`); else the date (`Intl.DateTimeFormat`,
 *   `dateStyle: 'medium'`)
 */
export function relativeTime(time: number, now: number, language: Language = 'en', copy: Pick<SessionsLocale, 'justNow'> = sessionsLocales.en): string {
  const age = now - time;
  if (age < MINUTE) return copy.justNow;
  if (age < HOUR) return relativeOf(language).format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relativeOf(language).format(-Math.floor(age / HOUR), 'hour');
  if (age < 7 * DAY) return relativeOf(language).format(-Math.floor(age / DAY), 'day');
  return dateOf(language).format(time);
}

/**
 * The full date and time of a moment (the tooltip of a relative time).
 * @param time ms since the epoch
 * @param language the interface language
 * @returns `Intl.DateTimeFormat` with `dateStyle: 'medium'`, `timeStyle: 'short'` in that language
 */
export function absoluteTime(time: number, language: Language): string {
  return dateTimeOf(language).format(time);
}
