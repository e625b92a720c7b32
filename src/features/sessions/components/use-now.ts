/** The current time for the session list's relative times, refreshed on a coarse tick (one timer for the whole list). */
import { useEffect, useState } from 'react';

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
