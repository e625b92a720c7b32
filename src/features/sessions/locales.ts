/** User-facing copy of the session list (English; a Chinese dictionary follows the same `SessionsLocale` shape). */

/** Every string the session list shows. */
export interface SessionsLocale {
  nav: string;
  newSession: string;
  creating: string;
  openLog: string;
  importing: string;
  untitled: string;
  running: string;
  planOn: string;
  planAwaitingReview: string;
  readOnly: string;
  loading: string;
  empty: string;
  loadError: (message: string) => string;
  retry: string;
  createError: (message: string) => string;
  importError: (message: string) => string;
}

/** English copy. */
export const en: SessionsLocale = {
  nav: 'Sessions',
  newSession: 'New session',
  creating: 'Creating…',
  openLog: 'Open session log',
  importing: 'Opening…',
  untitled: 'New session',
  running: 'Running',
  planOn: 'Plan mode on',
  planAwaitingReview: 'Plan awaiting review',
  readOnly: 'Read-only',
  loading: 'Loading sessions…',
  empty: 'No sessions yet.',
  loadError: (message) => `Could not load sessions: ${message}`,
  retry: 'Try again',
  createError: (message) => `Could not create a session: ${message}`,
  importError: (message) => `Could not open the log: ${message}`,
};

/** The active dictionary. */
export const t: SessionsLocale = en;
