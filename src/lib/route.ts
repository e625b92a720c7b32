/**
 * The selected session lives in the URL hash, `#/s/<sessionId>`, so a reload keeps it and the back button
 * walks the selection history. Read through `useSyncExternalStore` on `hashchange`.
 */
import { useSyncExternalStore } from 'react';

const PREFIX = '#/s/';

/**
 * The session id of a hash, or undefined for any other hash.
 * @param hash a `location.hash` value such as `#/s/session-1`
 */
export function sessionIdOfHash(hash: string): string | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  const id = decodeURIComponent(hash.slice(PREFIX.length));
  return id === '' ? undefined : id;
}

/** The hash that selects `sessionId`. */
export function hashOfSession(sessionId: string): string {
  return `${PREFIX}${encodeURIComponent(sessionId)}`;
}

/** Select a session by writing the hash (adds a history entry; fires `hashchange`). */
export function selectSession(sessionId: string): void {
  location.hash = hashOfSession(sessionId);
}

/** Select no session (e.g. after the selected one was deleted): clears the hash, firing `hashchange`. */
export function clearSelection(): void {
  location.hash = '';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

const read = () => sessionIdOfHash(location.hash);

/** The selected session id from the URL hash; undefined when none is selected. */
export function useSelectedSessionId(): string | undefined {
  return useSyncExternalStore(subscribe, read, () => undefined);
}
