/**
 * Relative times for the session list ("just now", "2 min ago", "3 h ago", "yesterday", "5 days ago", then a date),
 * and a hook that re-renders on a coarse tick so the labels stay current without a timer per row.
 */
import { useEffect, useState } from 'react';
import { t, type SessionsLocale } from './locales.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A short relative time.
 * @param time the moment, in ms since the epoch
 * @param now the current time, in ms since the epoch
 * @param copy the dictionary (default: the active one)
 * @returns "just now" under a minute (and for a time slightly in the future: clock skew), "N min ago" under an hour,
 *   "N h ago" under a day, "yesterday", "N days ago" under a week, else the date (`toLocaleDateString`)
 */
export function relativeTime(time: number, now: number, copy: SessionsLocale['relative'] = t.relative): string {
  const age = now - time;
  if (age < MINUTE) return copy.justNow;
  if (age < HOUR) return copy.minutes(Math.floor(age / MINUTE));
  if (age < DAY) return copy.hours(Math.floor(age / HOUR));
  if (age < 2 * DAY) return copy.yesterday;
  if (age < 7 * DAY) return copy.days(Math.floor(age / DAY));
  return new Date(time).toLocaleDateString();
}

/**
 * The current time, refreshed every `intervalMs` (default 30 s).
 * @returns ms since the epoch
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
